import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ROLE, NOT_ASSIGNABLE } from '@cvdp/core';
import { activity, users } from '@cvdp/server-kit';
import {
  autoAssignmentMembers,
  autoAssignmentRoles,
  caseAssignments,
  caseParticipants,
  cases,
  notifications,
} from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let admin: TestClient & { user: TestUser };
let roleCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  admin = await t.signIn({ roles: ['admin'], name: 'Ada Admin' });
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function makeCase(status = 1) {
  const reporter = await t.signIn();
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Camera RCE', status, createdBy: reporter.user.id })
    .returning();
  await t.db.insert(caseParticipants).values({ caseId: c.id, userId: reporter.user.id, role: 'reporter' });
  return { caseId: c.id, reporter };
}

const coordinatorUser = (name: string) => t.createUser({ roles: ['coordinator'], name });

const currentAssignments = (caseId: number) =>
  t.db.select().from(caseAssignments).where(eq(caseAssignments.caseId, caseId)).orderBy(caseAssignments.id);

async function activityCount(caseId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(activity).where(eq(activity.caseId, caseId));
  return n;
}

async function makeRole(members: TestUser[], name = `Role ${++roleCounter} ${process.pid}`) {
  const res = await admin.post('/manage/autoassignment/', { name, users: members.map((m) => m.id) });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; name: string }>();
}

describe('POST /api/case/{id}/assign/', () => {
  it('assigns a coordinator (form user), tells them, logs it; assigning again changes nothing', async () => {
    const { caseId } = await makeCase();
    const cody = await coordinatorUser('Cody');
    const res = await coordinator.post(`/api/case/${caseId}/assign/`, `user=${cody.id}`, { headers: FORM });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      case: caseId,
      case_title: 'Camera RCE',
      case_status: 1,
      user: { id: cody.id, name: 'Cody' },
      assigned_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
      via: 'manual',
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, cody.id), eq(notifications.caseId, caseId)));
    expect(told).toMatchObject([
      { kind: 'assigned', title: `Cora Coordinator assigned case #${caseId} to you` },
    ]);
    const logs = await activityCount(caseId);
    expect(logs).toBe(1);

    const again = await coordinator.post(`/api/case/${caseId}/assign/`, { user: cody.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    expect(await currentAssignments(caseId)).toHaveLength(1);
    expect(await activityCount(caseId)).toBe(logs);
    const [c] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(c.firstResponseAt).not.toBeNull();
  });

  it('refuses someone who is not a coordinator, an unknown or past-int4 id, and both or neither of user/role', async () => {
    const { caseId } = await makeCase();
    const reporterUser = await t.createUser();
    const adminOnly = await t.createUser({ roles: ['admin'] });
    const retired = await coordinatorUser('Retired');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, retired.id));
    for (const user of [reporterUser.id, adminOnly.id, retired.id, 99999999]) {
      const res = await coordinator.post(`/api/case/${caseId}/assign/`, { user });
      expect(res.statusCode, String(user)).toBe(400);
      expect(res.json()).toEqual({ detail: NOT_ASSIGNABLE, errors: { user: [NOT_ASSIGNABLE] } });
    }
    for (const body of [{ user: '2147483648' }, { user: 1, role: 'x' }, {}]) {
      const res = await coordinator.post(`/api/case/${caseId}/assign/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['user']);
    }
    expect(await currentAssignments(caseId)).toEqual([]);
    expect(await activityCount(caseId)).toBe(0);
  });

  it('is for staff: a participant gets 403, a stranger 404', async () => {
    const { caseId, reporter } = await makeCase();
    const cody = await coordinatorUser('Cody');
    expect((await reporter.post(`/api/case/${caseId}/assign/`, { user: cody.id })).statusCode).toBe(403);
    expect((await reporter.post(`/api/case/${caseId}/unassign/`, { users: [cody.id] })).statusCode).toBe(403);
    const stranger = await t.signIn();
    expect((await stranger.post(`/api/case/${caseId}/assign/`, { user: cody.id })).statusCode).toBe(404);
    expect(await currentAssignments(caseId)).toEqual([]);
  });
});

describe('auto-assignment by role (round robin)', () => {
  it('gives cases 1..4 to A, B, C, A, and shows who is next', async () => {
    const [a, b, c] = [await coordinatorUser('A'), await coordinatorUser('B'), await coordinatorUser('C')];
    const role = await makeRole([a, b, c]);
    const got: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { caseId } = await makeCase();
      // The role by name, any case, from a form.
      const res = await coordinator.post(
        `/api/case/${caseId}/assign/`,
        `role=${encodeURIComponent(role.name.toUpperCase())}`,
        {
          headers: FORM,
        },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().via).toBe(role.name);
      got.push(res.json().user.id);
    }
    expect(got).toEqual([a.id, b.id, c.id, a.id]);
    const listed = (await admin.get('/manage/autoassignment/?page_size=200')).json();
    const mine = listed.results.find((r: { id: number }) => r.id === role.id);
    expect(mine).toEqual({
      id: role.id,
      name: role.name,
      users: [a, b, c].map((u) => ({ id: u.id, name: u.id === a.id ? 'A' : u.id === b.id ? 'B' : 'C' })),
      next_user: { id: b.id, name: 'B' },
    });
  });

  it('skips a member already on the case, and leaves out members who stopped being coordinators', async () => {
    const [a, b, c] = [await coordinatorUser('A'), await coordinatorUser('B'), await coordinatorUser('C')];
    const role = await makeRole([a, b, c]);
    const { caseId } = await makeCase();
    await coordinator.post(`/api/case/${caseId}/assign/`, { user: a.id });
    expect((await coordinator.post(`/api/case/${caseId}/assign/`, { role: role.name })).json().user.id).toBe(
      b.id,
    );
    await t.db
      .update(users)
      .set({ roles: ['reporter'] })
      .where(eq(users.id, c.id));
    const next = await makeCase();
    // After B comes C, who is no longer a coordinator: A.
    expect(
      (await coordinator.post(`/api/case/${next.caseId}/assign/`, { role: role.name })).json().user.id,
    ).toBe(a.id);
  });

  it('never gives the same user twice in a row under concurrent assignments', async () => {
    const [a, b, c] = [await coordinatorUser('A'), await coordinatorUser('B'), await coordinatorUser('C')];
    const role = await makeRole([a, b, c]);
    const made = await Promise.all(Array.from({ length: 6 }, () => makeCase()));
    const answers = await Promise.all(
      made.map(({ caseId }) => coordinator.post(`/api/case/${caseId}/assign/`, { role: role.name })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    // The role row is locked while a turn is taken: in the order they were made, A, B, C, A, B, C.
    const rows = await t.db
      .select()
      .from(caseAssignments)
      .where(eq(caseAssignments.via, role.name))
      .orderBy(caseAssignments.id);
    const order = rows.map((r) => r.userId);
    expect(order).toEqual([a.id, b.id, c.id, a.id, b.id, c.id]);
    for (let i = 1; i < order.length; i++) expect(order[i]).not.toBe(order[i - 1]);
  });

  it('refuses an empty role and an unknown one, naming role, and assigns nobody', async () => {
    const { caseId } = await makeCase();
    const empty = await makeRole([]);
    const res = await coordinator.post(`/api/case/${caseId}/assign/`, { role: empty.name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: EMPTY_ROLE, errors: { role: [EMPTY_ROLE] } });
    const unknown = await coordinator.post(`/api/case/${caseId}/assign/`, { role: 'No such role' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['role']);
    expect(await currentAssignments(caseId)).toEqual([]);
  });
});

describe('POST /api/case/{id}/unassign/', () => {
  it('ends the assignments (form users[], reason) and keeps the rows with who, when and why', async () => {
    const { caseId } = await makeCase();
    const [a, b, c] = [await coordinatorUser('A'), await coordinatorUser('B'), await coordinatorUser('C')];
    for (const u of [a, b, c]) await coordinator.post(`/api/case/${caseId}/assign/`, { user: u.id });
    const res = await coordinator.post(
      `/api/case/${caseId}/unassign/`,
      `users%5B%5D=${a.id}&users%5B%5D=${b.id}&reason=On+leave`,
      {
        headers: FORM,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { user: { id: number } }) => x.user.id)).toEqual([c.id]);
    const rows = await currentAssignments(caseId);
    expect(rows.map((r) => [r.userId, r.unassignedAt !== null, r.unassignedBy, r.unassignReason])).toEqual([
      [a.id, true, coordinator.user.id, 'On leave'],
      [b.id, true, coordinator.user.id, 'On leave'],
      [c.id, false, null, null],
    ]);
    const logs = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'unassigned')));
    expect(logs).toHaveLength(2);
    // Assigned again later: a new row beside the ended one.
    expect((await coordinator.post(`/api/case/${caseId}/assign/`, { user: a.id })).statusCode).toBe(201);
    expect(await currentAssignments(caseId)).toHaveLength(4);
  });

  it('refuses a user who is not assigned (all or nothing), naming users', async () => {
    const { caseId } = await makeCase();
    const a = await coordinatorUser('A');
    const b = await coordinatorUser('B');
    await coordinator.post(`/api/case/${caseId}/assign/`, { user: a.id });
    const before = await activityCount(caseId);
    const res = await coordinator.post(`/api/case/${caseId}/unassign/`, { users: [a.id, b.id], reason: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ users: [`User ${b.id} is not assigned to this case.`] });
    expect((await currentAssignments(caseId))[0].unassignedAt).toBeNull();
    expect(await activityCount(caseId)).toBe(before);
    const past = await coordinator.post(`/api/case/${caseId}/unassign/`, { users: ['2147483648'] });
    expect(past.statusCode).toBe(400);
  });
});

describe('GET /api/user/assignments/ and /api/case/{id}/user/assignments/', () => {
  it("lists my current assignments newest first, and a case's current ones for staff", async () => {
    const me = await t.signIn({ roles: ['coordinator'], name: 'Me' });
    const one = await makeCase();
    const two = await makeCase();
    await coordinator.post(`/api/case/${one.caseId}/assign/`, { user: me.user.id });
    await coordinator.post(`/api/case/${two.caseId}/assign/`, { user: me.user.id });
    await coordinator.post(`/api/case/${two.caseId}/assign/`, { user: coordinator.user.id });
    const mine = (await me.get('/api/user/assignments/')).json();
    expect(mine).toMatchObject({ count: 2, next: null, previous: null });
    expect(mine.results.map((a: { case: number }) => a.case)).toEqual([two.caseId, one.caseId]);
    const paged = (await me.get('/api/user/assignments/?page_size=1&page=2')).json();
    expect(paged.results.map((a: { case: number }) => a.case)).toEqual([one.caseId]);
    await coordinator.post(`/api/case/${one.caseId}/unassign/`, { users: [me.user.id] });
    expect((await me.get('/api/user/assignments/')).json().count).toBe(1);

    const ofCase = await me.get(`/api/case/${two.caseId}/user/assignments/`);
    expect(ofCase.statusCode).toBe(200);
    expect(ofCase.json().map((a: { user: { id: number } }) => a.user.id)).toEqual([
      me.user.id,
      coordinator.user.id,
    ]);
  });

  it('keeps assignments from non-staff: 403 in their case, 404 elsewhere, an empty list of their own', async () => {
    const { caseId, reporter } = await makeCase();
    await coordinator.post(`/api/case/${caseId}/assign/`, { user: coordinator.user.id });
    expect((await reporter.get(`/api/case/${caseId}/user/assignments/`)).statusCode).toBe(403);
    const stranger = await t.signIn();
    expect((await stranger.get(`/api/case/${caseId}/user/assignments/`)).statusCode).toBe(404);
    expect((await reporter.get('/api/user/assignments/')).json()).toMatchObject({ count: 0, results: [] });
    expect((await t.anonymous().get('/api/user/assignments/')).statusCode).toBe(401);
  });
});

describe('manage/autoassignment/', () => {
  it('creates a role with its users in the order sent (form users[]), and refuses a duplicate name naming name', async () => {
    const [a, b] = [await coordinatorUser('A'), await coordinatorUser('B')];
    const name = `Web team ${process.pid}`;
    const res = await admin.post(
      '/manage/autoassignment/',
      `name=${encodeURIComponent(name)}&users%5B%5D=${b.id}&users%5B%5D=${a.id}`,
      {
        headers: FORM,
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, users: [{ id: b.id }, { id: a.id }], next_user: { id: b.id } });
    const dup = await admin.post('/manage/autoassignment/', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(400);
    expect(Object.keys(dup.json().errors)).toEqual(['name']);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(autoAssignmentRoles)
      .where(eq(autoAssignmentRoles.name, name.toUpperCase()));
    expect(n).toBe(0);
  });

  it('takes only coordinators as members', async () => {
    const reporterUser = await t.createUser();
    const res = await admin.post('/manage/autoassignment/', {
      name: `Bad ${process.pid}`,
      users: [reporterUser.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ users: [NOT_ASSIGNABLE] });
    const role = await makeRole([]);
    const add = await admin.patch(`/manage/autoassignment/${role.id}/`, { add_user: reporterUser.id });
    expect(add.statusCode).toBe(400);
    expect(Object.keys(add.json().errors)).toEqual(['add_user']);
    expect(
      await t.db.select().from(autoAssignmentMembers).where(eq(autoAssignmentMembers.roleId, role.id)),
    ).toEqual([]);
  });

  it('PATCH adds a user (at the end), removes one, renames; DELETE removes the role', async () => {
    const [a, b, c] = [await coordinatorUser('A'), await coordinatorUser('B'), await coordinatorUser('C')];
    const role = await makeRole([a, b]);
    const added = await admin.patch(`/manage/autoassignment/${role.id}/`, { add_user: c.id });
    expect(added.json().users.map((u: { id: number }) => u.id)).toEqual([a.id, b.id, c.id]);
    // Adding a member again keeps their place.
    expect(
      (await admin.patch(`/manage/autoassignment/${role.id}/`, { add_user: a.id }))
        .json()
        .users.map((u: { id: number }) => u.id),
    ).toEqual([a.id, b.id, c.id]);
    const removed = await admin.patch(`/manage/autoassignment/${role.id}/`, { remove_user: a.id });
    expect(removed.json().users.map((u: { id: number }) => u.id)).toEqual([b.id, c.id]);
    const notMember = await admin.patch(`/manage/autoassignment/${role.id}/`, { remove_user: a.id });
    expect(notMember.statusCode).toBe(400);
    expect(Object.keys(notMember.json().errors)).toEqual(['remove_user']);
    const renamed = await admin.patch(`/manage/autoassignment/${role.id}/`, {
      name: `Renamed ${process.pid}`,
    });
    expect(renamed.json().name).toBe(`Renamed ${process.pid}`);
    const other = await makeRole([]);
    const clash = await admin.patch(`/manage/autoassignment/${other.id}/`, {
      name: `renamed ${process.pid}`,
    });
    expect(clash.statusCode).toBe(400);
    expect(Object.keys(clash.json().errors)).toEqual(['name']);
    expect((await admin.patch(`/manage/autoassignment/${role.id}/`, {})).statusCode).toBe(400);
    expect((await admin.patch('/manage/autoassignment/99999999/', { name: 'x' })).statusCode).toBe(404);

    // Assignments made through a role outlive it.
    const { caseId } = await makeCase();
    await coordinator.post(`/api/case/${caseId}/assign/`, { role: `Renamed ${process.pid}` });
    expect((await admin.delete(`/manage/autoassignment/${role.id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/autoassignment/${role.id}/`)).statusCode).toBe(404);
    expect(await t.db.select().from(autoAssignmentRoles).where(eq(autoAssignmentRoles.id, role.id))).toEqual(
      [],
    );
    expect(await currentAssignments(caseId)).toHaveLength(1);
  });

  it('is changed by administrators only; coordinators may read it (to auto-assign by a role)', async () => {
    const role = await makeRole([]);
    expect((await coordinator.get('/manage/autoassignment/')).statusCode).toBe(200);
    const reporter = await t.signIn();
    expect((await reporter.get('/manage/autoassignment/')).statusCode).toBe(403);
    for (const who of [coordinator, reporter]) {
      expect((await who.post('/manage/autoassignment/', { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await who.patch(`/manage/autoassignment/${role.id}/`, { name: 'Sneaky' })).statusCode).toBe(
        403,
      );
      expect((await who.delete(`/manage/autoassignment/${role.id}/`)).statusCode).toBe(403);
    }
    expect((await t.anonymous().get('/manage/autoassignment/')).statusCode).toBe(401);
    expect(
      (await t.db.select().from(autoAssignmentRoles).where(eq(autoAssignmentRoles.id, role.id)))[0].name,
    ).toBe(role.name);
  });
});
