import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { groups } from '@cvdp/server-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adminCalls: [string, string, unknown?][] = [
  ['GET', '/manage/users/pending/'],
  ['PATCH', '/manage/users/pending/1/', { pending: false }],
  ['GET', '/manage/users/new/'],
  ['GET', '/manage/users/'],
  ['PATCH', '/manage/users/1/', { roles: ['admin'] }],
  ['GET', '/manage/groups/'],
  ['POST', '/manage/groups/', { name: 'Acme' }],
  ['GET', '/manage/tokens/'],
];

describe('role checks on administration calls', () => {
  it.each(adminCalls)('%s %s: 401 signed out, 403 for non-admins', async (method, url, body) => {
    const anon = await t.anonymous().request(method as 'GET', url, { body: body as never });
    expect(anon.statusCode).toBe(401);
    for (const roles of [['reporter'], ['coordinator'], ['scorer']]) {
      const client = await t.signIn({ roles });
      const res = await client.request(method as 'GET', url, { body: body as never });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('user administration', () => {
  it('edits roles and groups, deactivation signs the user out, and bad input is a 400', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const group = (await admin.post('/manage/groups/', { name: 'Acme Corp', kind: 'vendor' })).json();
    const target = await t.signIn();
    const res = await admin.patch(`/manage/users/${target.user.id}/`, {
      roles: ['reporter', 'scorer'],
      groups: [group.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      roles: ['reporter', 'scorer'],
      groups: [{ id: group.id, name: 'Acme Corp' }],
    });
    expect((await target.get('/api/user/')).json().roles).toEqual(['reporter', 'scorer']);

    expect((await admin.patch(`/manage/users/${target.user.id}/`, { roles: ['pope'] })).statusCode).toBe(400);
    expect((await admin.patch(`/manage/users/${target.user.id}/`, { groups: [99999] })).statusCode).toBe(400);
    expect((await admin.patch(`/manage/users/abc/`, { roles: [] })).statusCode).toBe(404);
    expect((await admin.patch(`/manage/users/99999/`, { roles: [] })).statusCode).toBe(404);

    expect((await admin.patch(`/manage/users/${target.user.id}/`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect((await target.get('/api/user/')).statusCode).toBe(401);
    const again = await t
      .anonymous()
      .post('/api/auth/login/', { email: target.user.email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(401);
  });

  it('does not let an admin lock themselves out', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const res = await admin.patch(`/manage/users/${admin.user.id}/`, { roles: ['reporter'] });
    expect(res.statusCode).toBe(400);
  });

  it('searches and pages the user list', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    for (let i = 0; i < 3; i++) await t.createUser({ email: `pager${i}@paging.test` });
    const page1 = (await admin.get('/manage/users/?search=paging.test&page_size=2')).json();
    expect(page1.count).toBe(3);
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toMatch(/page=2/);
    const page2 = (await admin.get('/manage/users/?search=paging.test&page_size=2&page=2')).json();
    expect(page2.results).toHaveLength(1);
    expect(page2.next).toBeNull();
    expect((await admin.get('/manage/users/?page=0')).statusCode).toBe(400);
  });

  it('rejecting a pending registration removes it', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const pending = await t.createUser({ pending: true });
    expect((await admin.delete(`/manage/users/pending/${pending.id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/users/pending/${pending.id}/`)).statusCode).toBe(404);
  });
});

describe('groups and join requests', () => {
  it('lets a user ask to join a group and an admin approve it', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const group = (await admin.post('/manage/groups/', { name: 'Widget Co' })).json();
    const user = await t.signIn();
    expect((await user.get('/api/groups/?search=widget')).json().results).toEqual([
      { id: group.id, name: 'Widget Co', kind: 'vendor' },
    ]);
    const req = await user.post('/api/group/request/', { group: group.id, message: 'I work there' });
    expect(req.statusCode).toBe(201);
    expect((await user.post('/api/group/request/', { group: group.id })).statusCode).toBe(409);
    expect((await user.post('/api/group/request/', { group: 424242 })).statusCode).toBe(400);
    const list = (await admin.get('/manage/groups/requests/')).json();
    const mine = list.results.find((r: { user: { id: number } }) => r.user.id === user.user.id);
    expect(mine.message).toBe('I work there');
    expect(
      (await admin.patch(`/manage/groups/requests/${mine.id}/`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect((await user.get('/api/user/')).json().groups).toEqual([
      { id: group.id, name: 'Widget Co', kind: 'vendor', is_admin: false },
    ]);
    expect(
      (await admin.patch(`/manage/groups/requests/${mine.id}/`, { status: 'rejected' })).statusCode,
    ).toBe(409);
  });
});

describe('defects found in review (issue 8)', () => {
  it('answers ids past int4 and hex ids with 404, not 500', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    for (const url of ['/manage/users/99999999999/', '/manage/users/2147483648/', '/manage/users/0x10/']) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.delete('/manage/tokens/2147483648/')).statusCode).toBe(404);
    expect(
      (await admin.patch('/manage/groups/requests/2147483648/', { status: 'approved' })).statusCode,
    ).toBe(404);
    expect((await admin.get('/manage/tokens/?user=2147483648')).statusCode).toBe(400);
    const member = await t.signIn();
    expect((await member.post('/api/group/request/', { group: 2147483648 })).statusCode).toBe(400);
    expect((await admin.patch(`/manage/users/${member.user.id}/`, { groups: [2147483648] })).statusCode).toBe(
      400,
    );
  });

  it('PATCH manage/users/{id}/ with only groups, {} or an empty body answers, and null is a 400', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const target = await t.signIn();
    const [g] = await t.db
      .insert(groups)
      .values({ name: `Only groups ${target.user.id}` })
      .returning();
    const onlyGroups = await admin.patch(`/manage/users/${target.user.id}/`, { groups: [g.id] });
    expect(onlyGroups.statusCode).toBe(200);
    expect(onlyGroups.json().groups.map((x: { id: number }) => x.id)).toEqual([g.id]);
    expect((await admin.patch(`/manage/users/${target.user.id}/`, {})).statusCode).toBe(200);
    expect((await admin.request('PATCH', `/manage/users/${target.user.id}/`, {})).statusCode).toBe(200);
    expect(
      (
        await admin.request('PATCH', `/manage/users/${target.user.id}/`, {
          payload: 'null',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('compares group names exactly: A_me and % are not duplicates of Acme, ACME is', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    expect((await admin.post('/manage/groups/', { name: 'Acme' })).statusCode).toBe(201);
    expect((await admin.post('/manage/groups/', { name: 'A_me' })).statusCode).toBe(201);
    expect((await admin.post('/manage/groups/', { name: '%' })).statusCode).toBe(201);
    const dupe = await admin.post('/manage/groups/', { name: 'ACME' });
    expect(dupe.statusCode).toBe(400);
    expect(dupe.json().errors).toEqual({ name: ['A group with this name already exists.'] });
    // The directory search treats % and _ literally too.
    const found = (await admin.get('/api/groups/?search=_')).json();
    expect(found.results.map((x: { name: string }) => x.name)).toEqual(['A_me']);
  });
});
