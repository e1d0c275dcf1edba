// The answers of user and group administration, key for key: what the response schemas let through is
// exactly what the views build (a key the schema does not name would be dropped, a wrong shape a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('user administration answers', () => {
  it('shows one user, the recent and pending lists, and an approval, with every field', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const group = (await admin.post('/manage/groups/', { name: 'Answer Co', kind: 'team' })).json();
    expect(group).toEqual({ id: expect.any(Number), name: 'Answer Co', kind: 'team' });
    const member = await t.signIn({ name: 'Mia Member', roles: ['reporter'] });
    await admin.patch(`/manage/users/${member.user.id}/`, { groups: [group.id] });

    const one = await admin.get(`/manage/users/${member.user.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      id: member.user.id,
      email: member.user.email,
      name: 'Mia Member',
      roles: ['reporter'],
      groups: [{ id: group.id, name: 'Answer Co', kind: 'team', is_admin: false }],
      is_active: true,
      pending: false,
      date_joined: iso,
      approved_at: null,
      last_login: iso,
    });

    const recent = (await admin.get('/manage/users/new/?search=mia')).json();
    expect(recent).toEqual({ count: 1, next: null, previous: null, results: [one.json()] });

    const pending = await t.createUser({ pending: true, name: 'Pat Pending' });
    const waiting = (await admin.get('/manage/users/pending/')).json();
    expect(waiting.results).toEqual([
      expect.objectContaining({ id: pending.id, pending: true, approved_at: null, groups: [] }),
    ]);
    const approved = await admin.patch(`/manage/users/pending/${pending.id}/`, { pending: false });
    expect(approved.json()).toEqual({
      id: pending.id,
      email: pending.email,
      name: 'Pat Pending',
      roles: pending.roles,
      groups: [],
      is_active: true,
      pending: false,
      date_joined: iso,
      approved_at: iso,
      last_login: null,
    });
  });
});

describe('group answers', () => {
  it('answers the directory, a join request, the request list and the decision with every field', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const group = (await admin.post('/manage/groups/', { name: 'Shape Inc' })).json();
    const asker = await t.signIn({ name: 'Ann Asker' });

    expect((await admin.get('/manage/groups/?search=shape')).json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: group.id, name: 'Shape Inc', kind: 'vendor' }],
    });
    const created = await asker.post('/api/group/request/', { group: group.id, message: 'Hello' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      group: { id: group.id, name: 'Shape Inc', kind: 'vendor' },
      status: 'pending',
      created: iso,
    });
    const list = (await admin.get('/manage/groups/requests/')).json();
    expect(list.results).toContainEqual({
      id: created.json().id,
      group: { id: group.id, name: 'Shape Inc', kind: 'vendor' },
      user: { id: asker.user.id, email: asker.user.email, name: 'Ann Asker' },
      message: 'Hello',
      status: 'pending',
      created: created.json().created,
    });
    const decided = await admin.patch(`/manage/groups/requests/${created.json().id}/`, {
      status: 'rejected',
    });
    expect(decided.json()).toEqual({ id: created.json().id, status: 'rejected' });
    expect((await admin.get('/manage/groups/requests/?status=rejected')).json().count).toBe(1);
  });
});
