import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE, NO_VENDORS_TO_NOTIFY, UNKNOWN_PARTICIPANT } from '@cvdp/core';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants, caseUserStates, cases, emailOutbox, notifications } from '../tables.ts';
import {
  TEST_PASSWORD,
  TestClient,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../../testing/test-app.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let groupCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A case with a signed-in reporter participant; status 1 (active) unless told. */
async function makeCase(status = 1) {
  const reporter = await t.signIn({ name: 'Rita Reporter' });
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Router overflow', status, createdBy: reporter.user.id })
    .returning();
  await t.db.insert(caseParticipants).values({ caseId: c.id, userId: reporter.user.id, role: 'reporter' });
  return { caseId: c.id, reporter };
}

/** A vendor group with signed-in members. */
async function makeVendor(members = 1, name = `Vendor ${++groupCounter} ${process.pid}`) {
  const [group] = await t.db.insert(groups).values({ name, kind: 'vendor' }).returning();
  const clients = [];
  for (let i = 0; i < members; i++) {
    const member = await t.createUser();
    await t.db.insert(groupMembers).values({ groupId: group.id, userId: member.id });
    const client = await signInAs(member);
    clients.push(client);
  }
  return { group, members: clients };
}

async function signInAs(user: TestUser) {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return Object.assign(client, { user });
}

const participantsOf = (caseId: number) =>
  t.db
    .select()
    .from(caseParticipants)
    .where(eq(caseParticipants.caseId, caseId))
    .orderBy(caseParticipants.id);

async function activityCount(caseId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(activity).where(eq(activity.caseId, caseId));
  return n;
}

async function notificationsOf(userId: number, caseId: number) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.caseId, caseId)));
}

describe('POST /api/case/{id}/participants/', () => {
  it('adds users by email and groups by name (any case), tells them, and gives the group members the case', async () => {
    const { caseId } = await makeCase();
    const vendor = await makeVendor(2);
    const person = await t.signIn({ name: 'Pat Person' });
    expect((await vendor.members[0].get(`/api/cases/${caseId}/`)).statusCode).toBe(404);

    const res = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [person.user.email.toUpperCase(), vendor.group.name.toLowerCase()],
      role: 'vendor',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.skipped).toEqual([]);
    expect(body.added).toMatchObject([
      {
        kind: 'user',
        name: 'Pat Person',
        email: person.user.email,
        user: person.user.id,
        group: null,
        role: 'vendor',
        notified: null,
        seen: null,
        added_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
      },
      {
        kind: 'group',
        name: vendor.group.name,
        email: null,
        user: null,
        group: vendor.group.id,
        group_kind: 'vendor',
        role: 'vendor',
      },
    ]);

    // Each added participant: an activity row; a notification to the user and to each group member.
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'added participant')));
    expect(rows).toHaveLength(2);
    for (const who of [person.user, ...vendor.members.map((m) => m.user)]) {
      const told = await notificationsOf(who.id, caseId);
      expect(told, `notification for ${who.email}`).toMatchObject([{ kind: 'participant_added' }]);
    }
    expect((await notificationsOf(person.user.id, caseId))[0].title).toBe(
      `Cora Coordinator added you to case #${caseId} as vendor`,
    );
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.caseId, caseId));
    expect(emails.map((e) => e.toAddress).sort()).toEqual(
      [person.user.email, ...vendor.members.map((m) => m.user.email)].sort(),
    );
    expect(emails[0].textBody).toContain('as vendor');

    // The group's members see the case now, and the person too.
    for (const who of [...vendor.members, person]) {
      expect((await who.get(`/api/cases/${caseId}/`)).statusCode).toBe(200);
    }
    // The staff action counts as the first response.
    const [c] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(c.firstResponseAt).not.toBeNull();
  });

  it('takes a browser form: names[] repeated, or one name', async () => {
    const { caseId } = await makeCase();
    const a = await t.createUser();
    const b = await t.createUser();
    const c = await t.createUser();
    const res = await coordinator.post(
      `/api/case/${caseId}/participants/`,
      `names%5B%5D=${encodeURIComponent(a.email)}&names%5B%5D=${encodeURIComponent(b.email)}&role=observer`,
      { headers: FORM },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().added.map((p: { user: number; role: string }) => [p.user, p.role])).toEqual([
      [a.id, 'observer'],
      [b.id, 'observer'],
    ]);
    const one = await coordinator.post(
      `/api/case/${caseId}/participants/`,
      `names[]=${encodeURIComponent(c.email)}&role=owner`,
      {
        headers: FORM,
      },
    );
    expect(one.statusCode).toBe(201);
    expect(one.json().added).toMatchObject([{ user: c.id, role: 'owner' }]);
  });

  it('refuses the whole request when one name is unknown, naming it, and adds nobody', async () => {
    const { caseId } = await makeCase();
    const known = await t.createUser();
    const before = await participantsOf(caseId);
    const activityBefore = await activityCount(caseId);
    const res = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [known.email, 'nobody@example.test', 'No Such Vendor'],
      role: 'vendor',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: UNKNOWN_PARTICIPANT('nobody@example.test'),
      errors: { names: [UNKNOWN_PARTICIPANT('nobody@example.test'), UNKNOWN_PARTICIPANT('No Such Vendor')] },
    });
    expect(await participantsOf(caseId)).toEqual(before);
    expect(await activityCount(caseId)).toBe(activityBefore);
    expect(await notificationsOf(known.id, caseId)).toEqual([]);
  });

  it('skips a name already taking part (its role unchanged) and adds the rest', async () => {
    const { caseId, reporter } = await makeCase();
    const vendor = await makeVendor(0);
    const res = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [reporter.user.email, vendor.group.name, vendor.group.name.toUpperCase()],
      role: 'vendor',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().skipped).toEqual([reporter.user.email]);
    expect(res.json().added).toHaveLength(1);
    const rows = await participantsOf(caseId);
    expect(rows.map((r) => r.role)).toEqual(['reporter', 'vendor']);
    // Sent again: nothing added, nothing written.
    const activityBefore = await activityCount(caseId);
    const again = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [vendor.group.name],
      role: 'owner',
    });
    expect(again.json()).toEqual({ added: [], skipped: [vendor.group.name] });
    expect(await activityCount(caseId)).toBe(activityBefore);
  });

  it('refuses a role outside the list and an empty list, naming the field', async () => {
    const { caseId } = await makeCase();
    const u = await t.createUser();
    const bad = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [u.email],
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['role']);
    const none = await coordinator.post(`/api/case/${caseId}/participants/`, { names: [], role: 'vendor' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['names']);
    expect(await participantsOf(caseId)).toHaveLength(1);
  });

  it('is for staff: a participant gets 403, a stranger 404, nobody signed in 401', async () => {
    const { caseId, reporter } = await makeCase();
    const u = await t.createUser();
    const body = { names: [u.email], role: 'vendor' };
    expect((await reporter.post(`/api/case/${caseId}/participants/`, body)).statusCode).toBe(403);
    const stranger = await t.signIn();
    expect((await stranger.post(`/api/case/${caseId}/participants/`, body)).statusCode).toBe(404);
    expect((await t.anonymous().post(`/api/case/${caseId}/participants/`, body)).statusCode).toBe(401);
    expect((await coordinator.post('/api/case/2147483648/participants/', body)).statusCode).toBe(404);
    expect(await participantsOf(caseId)).toHaveLength(1);
  });
});

describe('GET /api/case/{id}/participants/', () => {
  it('lists owners first, filters by role, pages a case with 250 vendors, and shows who has seen it', async () => {
    const { caseId, reporter } = await makeCase();
    const owner = await t.createUser({ name: 'Olga Owner' });
    const vendorGroups = await t.db
      .insert(groups)
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          name: `Bulk vendor ${String(i).padStart(3, '0')} ${caseId}`,
        })),
      )
      .returning();
    await t.db
      .insert(caseParticipants)
      .values([
        { caseId, userId: owner.id, role: 'owner' },
        ...vendorGroups.map((g) => ({ caseId, groupId: g.id, role: 'vendor' })),
      ]);
    // A member of the first vendor opened the case; the reporter too.
    const member = await t.createUser();
    await t.db.insert(groupMembers).values({ groupId: vendorGroups[0].id, userId: member.id });
    const seen = new Date('2030-01-02T03:04:05.000Z');
    await t.db.insert(caseUserStates).values([
      { caseId, userId: member.id, lastSeenAt: seen },
      { caseId, userId: reporter.user.id, lastSeenAt: new Date('2030-01-01T00:00:00.000Z') },
    ]);

    const first = (await coordinator.get(`/api/case/${caseId}/participants/`)).json();
    expect(first.count).toBe(252);
    expect(first.results).toHaveLength(100);
    expect(first.results[0]).toMatchObject({ name: 'Olga Owner', role: 'owner', email: owner.email });
    expect(first.results[1]).toMatchObject({ role: 'reporter', seen: '2030-01-01T00:00:00.000Z' });
    expect(first.results[2]).toMatchObject({
      name: vendorGroups[0].name,
      kind: 'group',
      seen: seen.toISOString(),
    });
    expect(first.results[3].seen).toBeNull();
    expect(first.next).toContain('page=2');
    const last = (await coordinator.get(`/api/case/${caseId}/participants/?page=3`)).json();
    expect(last.results).toHaveLength(52);
    expect(last.next).toBeNull();
    const all = (await coordinator.get(`/api/case/${caseId}/participants/?page_size=500`)).json();
    expect(new Set(all.results.map((p: { id: number }) => p.id)).size).toBe(252);

    const owners = (await coordinator.get(`/api/case/${caseId}/participants/?role=owner`)).json();
    expect(owners).toMatchObject({ count: 1, results: [{ name: 'Olga Owner' }] });
    const bad = await coordinator.get(`/api/case/${caseId}/participants/?role=boss`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['role']);
    expect((await coordinator.get(`/api/case/${caseId}/participants/?page=9`)).statusCode).toBe(400);
  });

  it('shows participants to whoever sees the case, with addresses only to staff and to the user themselves', async () => {
    const { caseId, reporter } = await makeCase();
    const vendor = await makeVendor(1);
    await t.db.insert(caseParticipants).values({ caseId, groupId: vendor.group.id, role: 'vendor' });
    const seenByVendor = (await vendor.members[0].get(`/api/case/${caseId}/participants/`)).json();
    expect(seenByVendor.results.find((p: { role: string }) => p.role === 'reporter')).toMatchObject({
      name: 'Rita Reporter',
      email: null,
    });
    const seenByReporter = (await reporter.get(`/api/case/${caseId}/participants/`)).json();
    expect(seenByReporter.results.find((p: { role: string }) => p.role === 'reporter').email).toBe(
      reporter.user.email,
    );
    const stranger = await t.signIn();
    expect((await stranger.get(`/api/case/${caseId}/participants/`)).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/case/${caseId}/participants/`)).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/case/participant/{id}/', () => {
  async function caseWithOwner(status = 1) {
    const made = await makeCase(status);
    const owner = await t.createUser();
    const [p] = await t.db
      .insert(caseParticipants)
      .values({ caseId: made.caseId, userId: owner.id, role: 'owner' })
      .returning();
    return { ...made, ownerParticipant: p };
  }

  it('changes a role (staff), with an activity row', async () => {
    const { caseId } = await caseWithOwner();
    const [reporterRow] = await participantsOf(caseId);
    const res = await coordinator.patch(`/api/case/participant/${reporterRow.id}/`, { role: 'observer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reporterRow.id, role: 'observer' });
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'changed participant role')));
    expect(log).toMatchObject({
      objectId: String(reporterRow.id),
      before: { role: 'reporter' },
      after: { role: 'observer' },
    });
  });

  it('keeps an owner on an activated case: demoting or removing the last one is refused, with two it works', async () => {
    const { caseId, ownerParticipant } = await caseWithOwner();
    const demote = await coordinator.patch(`/api/case/participant/${ownerParticipant.id}/`, {
      role: 'vendor',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ detail: LAST_OWNER_MESSAGE, errors: { role: [LAST_OWNER_MESSAGE] } });
    const remove = await coordinator.delete(`/api/case/participant/${ownerParticipant.id}/`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().detail).toBe(LAST_OWNER_MESSAGE);
    expect((await participantsOf(caseId)).find((p) => p.id === ownerParticipant.id)?.role).toBe('owner');

    // Closed cases were activated too.
    await t.db.update(cases).set({ status: 2 }).where(eq(cases.id, caseId));
    expect((await coordinator.delete(`/api/case/participant/${ownerParticipant.id}/`)).statusCode).toBe(409);

    // A second owner (a group counts): now the first can go.
    const vendor = await makeVendor(0);
    await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [vendor.group.name],
      role: 'owner',
    });
    expect((await coordinator.delete(`/api/case/participant/${ownerParticipant.id}/`)).statusCode).toBe(204);
  });

  it('lets a case waiting in triage (status 0) lose its owner', async () => {
    const { ownerParticipant } = await caseWithOwner(0);
    expect(
      (await coordinator.patch(`/api/case/participant/${ownerParticipant.id}/`, { role: 'observer' }))
        .statusCode,
    ).toBe(200);
  });

  it('never lets two concurrent demotions take the last two owners', async () => {
    const { caseId, ownerParticipant } = await caseWithOwner();
    const other = await t.createUser();
    const [second] = await t.db
      .insert(caseParticipants)
      .values({ caseId, userId: other.id, role: 'owner' })
      .returning();
    const answers = await Promise.all([
      coordinator.patch(`/api/case/participant/${ownerParticipant.id}/`, { role: 'vendor' }),
      coordinator.patch(`/api/case/participant/${second.id}/`, { role: 'vendor' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = (await participantsOf(caseId)).filter((p) => p.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('removing a vendor group takes the case from its members at once; removing a user takes it from them', async () => {
    const { caseId, reporter } = await caseWithOwner();
    const vendor = await makeVendor(1);
    const added = (
      await coordinator.post(`/api/case/${caseId}/participants/`, {
        names: [vendor.group.name],
        role: 'vendor',
      })
    ).json();
    const member = vendor.members[0];
    expect((await member.get(`/api/cases/${caseId}/`)).statusCode).toBe(200);
    expect((await coordinator.delete(`/api/case/participant/${added.added[0].id}/`)).statusCode).toBe(204);
    expect((await member.get(`/api/cases/${caseId}/`)).statusCode).toBe(404);
    expect((await member.get(`/api/case/${caseId}/participants/`)).statusCode).toBe(404);
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'removed participant')));
    expect(log.before).toMatchObject({ name: vendor.group.name, kind: 'group', role: 'vendor' });

    const [reporterRow] = await participantsOf(caseId);
    expect((await coordinator.delete(`/api/case/participant/${reporterRow.id}/`)).statusCode).toBe(204);
    expect((await reporter.get(`/api/cases/${caseId}/`)).statusCode).toBe(404);
  });

  it('is for staff: a participant gets 403, a stranger 404; bad ids and roles change nothing', async () => {
    const { caseId, reporter, ownerParticipant } = await caseWithOwner();
    const stranger = await t.signIn();
    expect(
      (await reporter.patch(`/api/case/participant/${ownerParticipant.id}/`, { role: 'vendor' })).statusCode,
    ).toBe(403);
    expect((await reporter.delete(`/api/case/participant/${ownerParticipant.id}/`)).statusCode).toBe(403);
    expect(
      (await stranger.patch(`/api/case/participant/${ownerParticipant.id}/`, { role: 'vendor' })).statusCode,
    ).toBe(404);
    expect((await stranger.delete(`/api/case/participant/${ownerParticipant.id}/`)).statusCode).toBe(404);
    expect(
      (await coordinator.patch('/api/case/participant/2147483648/', { role: 'vendor' })).statusCode,
    ).toBe(404);
    expect((await coordinator.delete('/api/case/participant/99999999/')).statusCode).toBe(404);
    const bad = await coordinator.patch(`/api/case/participant/${ownerParticipant.id}/`, { role: 'emperor' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['role']);
    expect((await participantsOf(caseId)).map((p) => p.role)).toEqual(['reporter', 'owner']);
  });
});

describe('GET /api/case/{id}/participants/summary/', () => {
  it('counts participants per role, the notified and those who have seen the case', async () => {
    const { caseId, reporter } = await makeCase();
    const vendor = await makeVendor(1);
    const other = await makeVendor(1);
    const owner = await t.createUser();
    await t.db.insert(caseParticipants).values([
      { caseId, userId: owner.id, role: 'owner', notifiedAt: new Date() },
      { caseId, groupId: vendor.group.id, role: 'vendor', notifiedAt: new Date() },
      { caseId, groupId: other.group.id, role: 'vendor' },
    ]);
    await t.db.insert(caseUserStates).values([
      { caseId, userId: vendor.members[0].user.id, lastSeenAt: new Date() },
      { caseId, userId: reporter.user.id, lastSeenAt: new Date() },
      // Muted without having opened it: not "seen".
      { caseId, userId: owner.id, muted: true },
    ]);
    const res = await reporter.get(`/api/case/${caseId}/participants/summary/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 4,
      by_role: { owner: 1, coordinator: 0, reporter: 1, vendor: 2, participant: 0, observer: 0 },
      notified: 2,
      seen: 2,
    });
    expect((await (await t.signIn()).get(`/api/case/${caseId}/participants/summary/`)).statusCode).toBe(404);
  });
});

describe('POST /case/{id}/participants/notify/ and /notify/all/', () => {
  it('sends the case notice to the chosen participants (group members included) and records when', async () => {
    const { caseId, reporter } = await makeCase();
    const vendor = await makeVendor(2);
    await t.db.insert(caseParticipants).values({ caseId, groupId: vendor.group.id, role: 'vendor' });
    const [, vendorRow] = await participantsOf(caseId);
    const res = await coordinator.post(
      `/case/${caseId}/participants/notify/`,
      `participants%5B%5D=${vendorRow.id}`,
      {
        headers: FORM,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().recipients).toBe(2);
    expect(res.json().notified).toMatchObject([{ id: vendorRow.id, kind: 'group' }]);
    expect(res.json().notified[0].notified).not.toBeNull();
    for (const m of vendor.members) {
      expect(await notificationsOf(m.user.id, caseId)).toMatchObject([{ kind: 'case_notice' }]);
    }
    expect(await notificationsOf(reporter.user.id, caseId)).toEqual([]);
    const [reporterRow, updated] = await participantsOf(caseId);
    expect(updated.notifiedAt).not.toBeNull();
    expect(reporterRow.notifiedAt).toBeNull();
    const logs = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'notified participant')));
    expect(logs.map((l) => l.objectId)).toEqual([String(vendorRow.id)]);
  });

  it('notify/all tells every vendor participant and nobody else', async () => {
    const { caseId, reporter } = await makeCase();
    const vendorA = await makeVendor(1);
    const vendorUser = await t.createUser();
    const observer = await t.createUser();
    await t.db.insert(caseParticipants).values([
      { caseId, groupId: vendorA.group.id, role: 'vendor' },
      { caseId, userId: vendorUser.id, role: 'vendor' },
      { caseId, userId: observer.id, role: 'observer' },
    ]);
    const res = await coordinator.post(`/case/${caseId}/participants/notify/all/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().notified.map((p: { role: string }) => p.role)).toEqual(['vendor', 'vendor']);
    expect(await notificationsOf(vendorA.members[0].user.id, caseId)).toHaveLength(1);
    expect(await notificationsOf(vendorUser.id, caseId)).toHaveLength(1);
    expect(await notificationsOf(observer.id, caseId)).toEqual([]);
    expect(await notificationsOf(reporter.user.id, caseId)).toEqual([]);
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.caseId, caseId), eq(emailOutbox.kind, 'case_notice')));
    expect(emails).toHaveLength(2);
  });

  it("also emails a vendor group's contact addresses, once each, but not its members' own addresses", async () => {
    const { caseId } = await makeCase();
    const vendor = await makeVendor(1);
    const memberEmail = vendor.members[0].user.email;
    await t.db
      .update(groups)
      .set({ contactEmails: ['psirt@vendor.test', memberEmail.toUpperCase()] })
      .where(eq(groups.id, vendor.group.id));
    const [noAccounts] = await t.db
      .insert(groups)
      .values({
        name: `Accountless ${process.pid}`,
        contactEmails: ['security@accountless.test', 'psirt@vendor.test'],
      })
      .returning();
    await t.db.insert(caseParticipants).values([
      { caseId, groupId: vendor.group.id, role: 'vendor' },
      { caseId, groupId: noAccounts.id, role: 'vendor' },
    ]);
    const res = await coordinator.post(`/case/${caseId}/participants/notify/all/`);
    expect(res.json()).toMatchObject({ recipients: 1, contact_emails: 2 });
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.caseId, caseId), eq(emailOutbox.kind, 'case_notice')));
    expect(emails.map((e) => e.toAddress).sort()).toEqual(
      [memberEmail, 'psirt@vendor.test', 'security@accountless.test'].sort(),
    );
    const toAccountless = emails.find((e) => e.toAddress === 'security@accountless.test')!;
    expect(toAccountless.subject).toContain(`case #${caseId}`);
    expect(toAccountless.textBody).toContain(`/cvdp/cases/${caseId}`);
  });

  it('refuses a participant of another case, or a case without vendors, and changes nothing', async () => {
    const { caseId } = await makeCase();
    const other = await makeCase();
    const [otherRow] = await participantsOf(other.caseId);
    const [ownRow] = await participantsOf(caseId);
    const activityBefore = await activityCount(caseId);
    const res = await coordinator.post(`/case/${caseId}/participants/notify/`, {
      participants: [ownRow.id, otherRow.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      participants: [`${otherRow.id} is not a participant of this case.`],
    });
    const past = await coordinator.post(`/case/${caseId}/participants/notify/`, {
      participants: ['2147483648'],
    });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json().errors)).toEqual(['participants.0']);
    const none = await coordinator.post(`/case/${caseId}/participants/notify/all/`);
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(NO_VENDORS_TO_NOTIFY);
    expect(await activityCount(caseId)).toBe(activityBefore);
    expect((await participantsOf(caseId)).every((p) => p.notifiedAt === null)).toBe(true);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.caseId, [caseId, other.caseId]));
    expect(n).toBe(0);
  });

  it('is for staff: a participant gets 403, a stranger 404', async () => {
    const { caseId, reporter } = await makeCase();
    const [row] = await participantsOf(caseId);
    expect(
      (await reporter.post(`/case/${caseId}/participants/notify/`, { participants: [row.id] })).statusCode,
    ).toBe(403);
    expect((await reporter.post(`/case/${caseId}/participants/notify/all/`)).statusCode).toBe(403);
    const stranger = await t.signIn();
    expect((await stranger.post(`/case/${caseId}/participants/notify/all/`)).statusCode).toBe(404);
    expect((await participantsOf(caseId))[0].notifiedAt).toBeNull();
  });
});

describe('GET/PATCH /api/case/{id}/user/', () => {
  it("answers the caller's roles, staff flag, muted and last seen", async () => {
    const { caseId, reporter } = await makeCase();
    const vendor = await makeVendor(1);
    await t.db.insert(caseParticipants).values([
      { caseId, groupId: vendor.group.id, role: 'vendor' },
      { caseId, userId: vendor.members[0].user.id, role: 'observer' },
    ]);
    expect((await reporter.get(`/api/case/${caseId}/user/`)).json()).toEqual({
      case: caseId,
      role: 'reporter',
      roles: ['reporter'],
      staff: false,
      muted: false,
      last_seen: null,
    });
    expect((await vendor.members[0].get(`/api/case/${caseId}/user/`)).json()).toMatchObject({
      role: 'vendor',
      roles: ['vendor', 'observer'],
    });
    const seen = new Date('2031-05-06T07:08:09.000Z');
    await t.db.insert(caseUserStates).values({ caseId, userId: coordinator.user.id, lastSeenAt: seen });
    expect((await coordinator.get(`/api/case/${caseId}/user/`)).json()).toMatchObject({
      role: null,
      roles: [],
      staff: true,
      last_seen: seen.toISOString(),
    });
    const stranger = await t.signIn();
    expect((await stranger.get(`/api/case/${caseId}/user/`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/case/${caseId}/user/`, { muted: true })).statusCode).toBe(404);
    expect(
      await t.db.select().from(caseUserStates).where(eq(caseUserStates.userId, stranger.user.id)),
    ).toEqual([]);
  });

  it('a muted case sends the user no notification; the others still hear, and unmuting restores it', async () => {
    const { caseId } = await makeCase();
    const vendor = await makeVendor(2);
    await t.db.insert(caseParticipants).values({ caseId, groupId: vendor.group.id, role: 'vendor' });
    const [quiet, loud] = vendor.members;
    const muted = await quiet.patch(`/api/case/${caseId}/user/`, { muted: true });
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toMatchObject({ muted: true, role: 'vendor' });
    expect((await quiet.get(`/api/case/${caseId}/user/`)).json().muted).toBe(true);

    expect((await coordinator.post(`/case/${caseId}/participants/notify/all/`)).json().recipients).toBe(1);
    expect(await notificationsOf(quiet.user.id, caseId)).toEqual([]);
    expect(await notificationsOf(loud.user.id, caseId)).toHaveLength(1);
    const quietEmails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.caseId, caseId), eq(emailOutbox.toAddress, quiet.user.email)));
    expect(quietEmails).toEqual([]);

    expect((await quiet.patch(`/api/case/${caseId}/user/`, { muted: false })).json().muted).toBe(false);
    await coordinator.post(`/case/${caseId}/participants/notify/all/`);
    expect(await notificationsOf(quiet.user.id, caseId)).toHaveLength(1);
  });

  it('refuses anything but {muted: boolean}', async () => {
    const { caseId, reporter } = await makeCase();
    for (const body of [{ muted: 'yes' }, { muted: true, role: 'owner' }, {}]) {
      const res = await reporter.patch(`/api/case/${caseId}/user/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(caseUserStates).where(eq(caseUserStates.caseId, caseId))).toEqual([]);
  });
});
