// The policy table, enumerated: for every action and every kind of caller, the in-memory check on each row
// and the SQL filter (inside one loaded case, across all cases, and across all cases as a prepared statement)
// select exactly the same rows. A rule change that made them drift, or a new action added without rows here,
// fails this test.
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '@cvdp/server-kit';
import type { CaseRole } from '@cvdp/core';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import {
  advisoryApprovals,
  advisoryPublications,
  advisoryRevisions,
  artifacts,
  caseAssignments,
  caseParticipants,
  cases,
  connections,
  embargoes,
  actionItems,
  notifications,
  posts,
  reports,
  searchEntries,
  threadParticipants,
  threads,
  transfers,
  vendorStatus,
  vulCvssScores,
  vulnerabilities,
  vulSsvcDecisions,
} from '../tables.ts';
import { withThreadRestriction } from '../search/store.ts';
import { createTestStore, type TestStore, type TestUser } from '../../testing/test-app.ts';
import {
  POLICY,
  type PolicyAction,
  callerOf,
  callerParams,
  callerShapeOf,
  can,
  filter,
  loadCaseAccess,
  preparedCaller,
} from './index.ts';
import { roleRows, threadRestrictedToSql } from './rules.ts';

let t: TestStore;
const callers: Record<string, AuthUser> = {};
let caseA = 0;
let caseB = 0;

const authUser = (u: TestUser, groupIds: number[] = []): AuthUser =>
  ({ id: u.id, email: u.email, name: u.email, roles: u.roles, groupIds }) as unknown as AuthUser;

beforeAll(async () => {
  t = await createTestStore();
  const make = (roles: string[] = ['reporter']) => t.createUser({ roles });
  const reporter = await make();
  const vendorMember = await make();
  const directParticipant = await make();
  const observer = await make();
  const otherCaseReporter = await make();
  const stranger = await make();
  const coordinator = await make(['coordinator']);
  const admin = await make(['admin']);
  const scorer = await make(['scorer']);

  const [vendor] = await t.db.insert(groups).values({ name: 'Policy Vendor' }).returning();
  await t.db.insert(groupMembers).values({ groupId: vendor.id, userId: vendorMember.id });

  const [a] = await t.db.insert(cases).values({ title: 'A', createdBy: reporter.id }).returning();
  const [b] = await t.db.insert(cases).values({ title: 'B', createdBy: otherCaseReporter.id }).returning();
  caseA = a.id;
  caseB = b.id;
  const [, vendorRow, directRow] = await t.db
    .insert(caseParticipants)
    .values([
      { caseId: a.id, userId: reporter.id, role: 'reporter' },
      { caseId: a.id, groupId: vendor.id, role: 'vendor' },
      { caseId: a.id, userId: directParticipant.id, role: 'participant' },
      { caseId: a.id, userId: observer.id, role: 'observer' },
      { caseId: b.id, userId: otherCaseReporter.id, role: 'reporter' },
    ])
    .returning();
  // Threads: open, restricted to the vendor group, to the direct participant, restricted with nobody left
  // in it, and one in the other case.
  const [openThread, vendorThread, directThread, emptiedThread, otherThread] = await t.db
    .insert(threads)
    .values([
      { caseId: a.id, subject: 'open' },
      { caseId: a.id, subject: 'vendor only', restricted: true },
      { caseId: a.id, subject: 'direct participant only', restricted: true },
      { caseId: a.id, subject: 'restricted, nobody left', restricted: true },
      { caseId: b.id, subject: 'other case' },
    ])
    .returning();
  await t.db.insert(threadParticipants).values([
    { threadId: vendorThread.id, participantId: vendorRow.id },
    { threadId: directThread.id, participantId: directRow.id },
  ]);
  // Posts in each thread, by staff and participants (their search entries come from the trigger).
  const post = (thread: typeof openThread, authorId: number) => ({
    threadId: thread.id,
    caseId: thread.caseId,
    authorId,
    content: `a post in ${thread.subject}`,
    html: '',
  });
  await t.db
    .insert(posts)
    .values([
      post(openThread, reporter.id),
      post(openThread, vendorMember.id),
      post(vendorThread, vendorMember.id),
      post(vendorThread, coordinator.id),
      post(directThread, directParticipant.id),
      post(emptiedThread, coordinator.id),
      post(otherThread, otherCaseReporter.id),
    ]);
  const report = (caseId: number, by: number) => ({ caseId, submittedBy: by, original: [], current: [] });
  await t.db.insert(reports).values([report(a.id, reporter.id), report(b.id, otherCaseReporter.id)]);
  let n = 0;
  const file = (caseId: number, by: number, shared: boolean, threadId: number | null = null) => ({
    caseId,
    uploadedBy: by,
    shared,
    threadId,
    fileName: `f${++n}`,
    contentType: 'text/plain',
    size: 1,
    sha256: 'x',
    storageKey: `k${n}`,
  });
  await t.db.insert(artifacts).values([
    file(a.id, reporter.id, false),
    file(a.id, vendorMember.id, false),
    file(a.id, coordinator.id, false),
    file(a.id, coordinator.id, true),
    file(b.id, otherCaseReporter.id, false),
    file(b.id, otherCaseReporter.id, true),
    // Attached in threads: readers of the thread see them; a thread that is gone opens nothing.
    file(a.id, coordinator.id, false, openThread.id),
    file(a.id, coordinator.id, false, vendorThread.id),
    file(a.id, vendorMember.id, false, vendorThread.id),
    file(a.id, coordinator.id, false, directThread.id),
    file(a.id, coordinator.id, false, emptiedThread.id),
    file(a.id, coordinator.id, false, 2_000_000_000),
    file(b.id, otherCaseReporter.id, false, otherThread.id),
  ]);

  // Vulnerabilities with their CVSS scores and SSVC decisions, in both cases; vendor status rows of the
  // vendor group and of the direct participant (a vendor's members may edit only rows of their own vendor).
  const [vulA1, vulA2, vulB] = await t.db
    .insert(vulnerabilities)
    .values([
      { caseId: a.id, localId: 1, description: 'a1' },
      { caseId: a.id, localId: 2, description: 'a2' },
      { caseId: b.id, localId: 1, description: 'b1' },
    ])
    .returning();
  const score = (vul: typeof vulA1, version: string) => ({
    vulId: vul.id,
    caseId: vul.caseId,
    version,
    vector: `CVSS:${version}/…`,
    score: 5,
    severity: 'Medium',
  });
  await t.db.insert(vulCvssScores).values([score(vulA1, '4.0'), score(vulA1, '3.1'), score(vulB, '4.0')]);
  const decision = (vul: typeof vulA1) => ({
    vulId: vul.id,
    caseId: vul.caseId,
    decisionTable: 'cisa-coordinator',
    tableVersion: '1',
    values: {},
    outcome: 'T',
    outcomeName: 'Track',
    vector: 'SSVCv2/',
    selectionList: {},
  });
  await t.db.insert(vulSsvcDecisions).values([decision(vulA1), decision(vulA2), decision(vulB)]);
  const [otherRowB] = await t.db.select().from(caseParticipants).where(eq(caseParticipants.caseId, b.id));
  await t.db.insert(vendorStatus).values([
    { caseId: a.id, vulId: vulA1.id, participantId: vendorRow.id, status: 'affected' },
    { caseId: a.id, vulId: vulA2.id, participantId: vendorRow.id, status: 'fixed' },
    { caseId: a.id, vulId: vulA1.id, participantId: directRow.id, status: 'unknown' },
    { caseId: b.id, vulId: vulB.id, participantId: otherRowB.id, status: 'affected' },
  ]);
  // Advisory revisions: case A's first shared, its second not yet; case B's shared. Approvals asked of the
  // vendor group and of the direct participant in A, and of B's reporter.
  const revision = (caseId: number, n: number, shared: boolean) => ({
    caseId,
    revision: n,
    title: `advisory ${n}`,
    shared,
    dateShared: shared ? '2025-01-01' : null,
  });
  const [revA1, revA2, revB1] = await t.db
    .insert(advisoryRevisions)
    .values([revision(a.id, 1, true), revision(a.id, 2, false), revision(b.id, 1, true)])
    .returning();
  await t.db.insert(advisoryApprovals).values([
    { caseId: a.id, revisionId: revA1.id, participantId: vendorRow.id, status: 'approved' },
    { caseId: a.id, revisionId: revA2.id, participantId: vendorRow.id },
    { caseId: a.id, revisionId: revA2.id, participantId: directRow.id },
    { caseId: b.id, revisionId: revB1.id, participantId: otherRowB.id },
  ]);
  await t.db.insert(advisoryPublications).values([
    { caseId: a.id, when: 'at', dueAt: new Date('2030-01-01T12:00:00Z'), createdBy: admin.id },
    { caseId: b.id, when: 'embargo_end', dueAt: new Date('2030-02-01T12:00:00Z'), createdBy: admin.id },
  ]);

  await t.db.insert(caseAssignments).values([
    { caseId: a.id, userId: coordinator.id, assignedBy: admin.id },
    { caseId: b.id, userId: coordinator.id, assignedBy: admin.id },
  ]);

  // Notifications: each one's own, in a case they see and in one they do not (any more); about threads open
  // to them, restricted to others, and restricted with nobody left (new posts).
  const note = (userId: number, caseId: number) => ({ userId, caseId, kind: 'status_changed', title: 'n' });
  const postNote = (userId: number, thread: typeof openThread) => ({
    userId,
    caseId: thread.caseId,
    threadId: thread.id,
    kind: 'new_post',
    title: `posted in ${thread.subject}`,
  });
  await t.db
    .insert(notifications)
    .values([
      note(reporter.id, a.id),
      note(vendorMember.id, a.id),
      note(vendorMember.id, b.id),
      note(stranger.id, a.id),
      note(coordinator.id, b.id),
      note(otherCaseReporter.id, b.id),
      postNote(reporter.id, openThread),
      postNote(reporter.id, vendorThread),
      postNote(vendorMember.id, vendorThread),
      postNote(vendorMember.id, directThread),
      postNote(directParticipant.id, directThread),
      postNote(directParticipant.id, emptiedThread),
      postNote(coordinator.id, emptiedThread),
      postNote(otherCaseReporter.id, otherThread),
    ]);

  // Action needed: each one's own requests, in a case they see and in one they do not (any more).
  const ask = (userId: number, caseId: number, objectId: number) => ({
    userId,
    caseId,
    kind: 'approval_requested',
    objectId,
    title: 'approve',
  });
  await t.db
    .insert(actionItems)
    .values([
      ask(vendorMember.id, a.id, 1),
      ask(vendorMember.id, b.id, 2),
      ask(reporter.id, a.id, 3),
      ask(stranger.id, a.id, 4),
      ask(coordinator.id, b.id, 5),
    ]);

  // Activity: rows about the case, its report and participants, and about things shown per participant
  // (files, assignments), by staff and by participants, in both cases.
  const log = (caseId: number, actorId: number, objectType: string, verb: string) => ({
    caseId,
    actorId,
    objectType,
    verb,
    objectId: '1',
  });
  await t.db
    .insert(activity)
    .values([
      log(a.id, reporter.id, 'report', 'submitted report'),
      log(a.id, coordinator.id, 'case', 'activated'),
      log(a.id, coordinator.id, 'participant', 'added'),
      log(a.id, coordinator.id, 'assignment', 'assigned'),
      log(a.id, coordinator.id, 'artifact', 'uploaded'),
      log(a.id, vendorMember.id, 'artifact', 'uploaded'),
      log(a.id, coordinator.id, 'vul', 'created'),
      log(b.id, coordinator.id, 'vul', 'created'),
      log(b.id, otherCaseReporter.id, 'report', 'submitted report'),
      log(b.id, coordinator.id, 'assignment', 'assigned'),
    ]);

  // Transfers of both cases to another instance (staff-only actions: nobody else sees them).
  const [link] = await t.db
    .insert(connections)
    .values({
      name: 'Peer',
      baseUrl: 'http://peer.test',
      outgoingTokenEncrypted: 'x',
      incomingTokenHash: 'y',
    })
    .returning();
  await t.db.insert(transfers).values([
    { caseId: a.id, connectionId: link.id, connectionName: link.name, startedBy: coordinator.id },
    { caseId: b.id, connectionId: link.id, connectionName: link.name, startedBy: admin.id },
  ]);

  await t.db.insert(embargoes).values([
    { caseId: a.id, state: 'active', endsAt: new Date('2030-01-01T12:00:00Z') },
    { caseId: b.id, state: 'proposed' },
  ]);

  Object.assign(callers, {
    'reporter of the case': authUser(reporter),
    'vendor group member': authUser(vendorMember, [vendor.id]),
    'direct participant': authUser(directParticipant),
    observer: authUser(observer),
    'participant of another case': authUser(otherCaseReporter),
    stranger: authUser(stranger),
    coordinator: authUser(coordinator),
    admin: authUser(admin),
    'scorer (not staff)': authUser(scorer),
  });
});
afterAll(() => t.close());

/**
 * What stores load with a row for its checks (see `threadOpen`): a thread's `restrictedTo`, a file's
 * `threadRestrictedTo`. A table whose rules read such fields gets them here too.
 */
const LOADED_WITH: [PgTable, Record<string, SQL>][] = [
  [artifacts, { threadRestrictedTo: threadRestrictedToSql(artifacts.threadId) }],
  [threads, { restrictedTo: threadRestrictedToSql(threads.id) }],
  [posts, { restrictedTo: threadRestrictedToSql(posts.threadId) }],
  [searchEntries, withThreadRestriction],
  [notifications, { threadRestrictedTo: threadRestrictedToSql(notifications.threadId) }],
];

/** Every row of the action's table, with a stable key. */
async function allRows(action: PolicyAction) {
  const { table } = POLICY[action];
  const extra = LOADED_WITH.find(([t]) => t === table)?.[1] ?? {};
  const rows = (await t.db.select({ ...getTableColumns(table), ...extra }).from(table)) as Record<
    string,
    unknown
  >[];
  const key = (r: Record<string, unknown>) => String(r.uuid ?? r.id);
  return { rows, key };
}

const actions = Object.keys(POLICY) as PolicyAction[];

describe('the policy table', () => {
  it('has at least one row of every action in the fixture world', async () => {
    for (const action of actions) expect((await allRows(action)).rows.length, action).toBeGreaterThan(1);
  });

  for (const action of actions) {
    it(`${action}: check and filter agree for every kind of caller`, async () => {
      const entry = POLICY[action];
      const { rows, key } = await allRows(action);
      const caseIdKey = Object.entries(getTableColumns(entry.table)).find(([, c]) => c === entry.caseId)![0];
      for (const [who, user] of Object.entries(callers)) {
        // The check, row by row (a row of a case the caller cannot see is never allowed).
        const allowed = new Set<string>();
        for (const row of rows) {
          const access = await loadCaseAccess(t.db, user, row[caseIdKey] as number);
          if (access && can(action, access, row as never)) allowed.add(key(row));
        }
        // The filter across every case.
        const across = (await t.db
          .select()
          .from(entry.table)
          .where(filter(action, callerOf(user)))) as Record<string, unknown>[];
        expect(new Set(across.map(key)), `${action} / ${who} / across cases`).toEqual(allowed);
        // The same filter in a prepared statement (the caller's ids as its parameters).
        const shape = callerShapeOf(user);
        const prepared = (await t.db
          .select()
          .from(entry.table)
          .where(filter(action, preparedCaller(shape)))
          .prepare(`policy_test_${action.replace('.', '_')}_${shape.staff}_${shape.groups}`)
          .execute(callerParams(user))) as Record<string, unknown>[];
        expect(new Set(prepared.map(key)), `${action} / ${who} / prepared`).toEqual(allowed);
        // The filter inside each loaded case.
        for (const caseId of [caseA, caseB]) {
          const access = (await loadCaseAccess(t.db, user, caseId))!;
          const inCase = (await t.db
            .select()
            .from(entry.table)
            .where(and(eq(entry.caseId, caseId), filter(action, access)))) as Record<string, unknown>[];
          const expected = [...allowed].filter((k) => rows.find((r) => key(r) === k)![caseIdKey] === caseId);
          expect(new Set(inCase.map(key)), `${action} / ${who} / in case ${caseId}`).toEqual(
            new Set(expected),
          );
        }
      }
    });
  }

  it('gives the expected answers to the questions users ask', async () => {
    const access = async (who: string, caseId = caseA) => (await loadCaseAccess(t.db, callers[who], caseId))!;
    expect(can('case.read', await access('vendor group member'))).toBe(true);
    expect([...(await access('vendor group member')).roles]).toEqual(['vendor']);
    expect(can('case.read', await access('stranger'))).toBe(false);
    expect(can('case.read', await access('participant of another case'))).toBe(false);
    expect(can('case.read', await access('scorer (not staff)'))).toBe(false);
    expect(can('case.read', await access('coordinator'))).toBe(true);
    expect(can('report.read_original', await access('reporter of the case'))).toBe(false);
    expect(can('report.read_original', await access('admin'))).toBe(true);
    expect(can('artifact.share', await access('vendor group member'))).toBe(false);
    // Files attached in threads: readers of the thread see them, others in the case do not.
    const files = (await allRows('artifact.read')).rows as never[];
    const threadRows = (await allRows('thread.read')).rows as { id: number; subject: string }[];
    const threadId = (subject: string) => threadRows.find((r) => r.subject === subject)!.id;
    const fileIn = (subject: string) =>
      files.find(
        (f: { threadId: number; uploadedBy: number }) =>
          f.threadId === threadId(subject) && f.uploadedBy === callers.coordinator.id,
      )!;
    const vendor = await access('vendor group member');
    const direct = await access('direct participant');
    expect(can('artifact.read', vendor, fileIn('open'))).toBe(true);
    expect(can('artifact.read', vendor, fileIn('vendor only'))).toBe(true);
    expect(can('artifact.read', direct, fileIn('vendor only'))).toBe(false);
    expect(can('artifact.read', vendor, fileIn('direct participant only'))).toBe(false);
    expect(can('artifact.read', direct, fileIn('restricted, nobody left'))).toBe(false);
    expect(can('artifact.read', await access('coordinator'), fileIn('restricted, nobody left'))).toBe(true);
    expect(can('artifact.delete', vendor, fileIn('vendor only'))).toBe(false);
    const logRows = await t.db.select().from(activity);
    const logRow = (objectType: string, actorId: number) =>
      logRows.find((r) => r.caseId === caseA && r.objectType === objectType && r.actorId === actorId)!;
    const vendorAccess = await access('vendor group member');
    const coordinatorId = callers.coordinator.id;
    expect(can('activity.read', vendorAccess, logRow('case', coordinatorId))).toBe(true);
    expect(can('activity.read', vendorAccess, logRow('artifact', coordinatorId))).toBe(false);
    expect(can('activity.read', vendorAccess, logRow('artifact', vendorAccess.userId))).toBe(true);
    expect(can('activity.read', vendorAccess, logRow('vul', coordinatorId))).toBe(true);
    expect(can('activity.read_details', vendorAccess, logRow('case', coordinatorId))).toBe(false);
    expect(can('activity.read_details', await access('coordinator'), logRow('artifact', coordinatorId))).toBe(
      true,
    );
  });

  it('lets staff and participants read vulnerabilities, staff alone change them, vendors set their own status', async () => {
    const access = async (who: string) => (await loadCaseAccess(t.db, callers[who], caseA))!;
    const vul = (await allRows('vul.read')).rows.find((r) => r.caseId === caseA) as never;
    const statusRows = (await allRows('vendor_status.edit')).rows as {
      caseId: number;
      participantId: number;
    }[];
    const vendor = await access('vendor group member');
    const vendorRow = statusRows.find(
      (r) => r.caseId === caseA && vendor.participantIds.includes(r.participantId),
    )!;
    const othersRow = statusRows.find(
      (r) => r.caseId === caseA && !vendor.participantIds.includes(r.participantId),
    )!;
    for (const who of ['reporter of the case', 'vendor group member', 'observer', 'coordinator']) {
      expect(can('vul.read', await access(who), vul), who).toBe(true);
    }
    expect(can('vul.read', await access('stranger'), vul)).toBe(false);
    expect(can('vul.edit', vendor, vul)).toBe(false);
    expect(can('vul.edit', await access('reporter of the case'), vul)).toBe(false);
    expect(can('vul.edit', await access('coordinator'), vul)).toBe(true);
    expect(can('vendor_status.edit', vendor, vendorRow as never)).toBe(true);
    expect(can('vendor_status.edit', vendor, othersRow as never)).toBe(false);
    // A participant who is not a vendor sets no status, not even for the participant row they take part through.
    expect(can('vendor_status.edit', await access('direct participant'), othersRow as never)).toBe(false);
    expect(can('vendor_status.edit', await access('reporter of the case'), vendorRow as never)).toBe(false);
    expect(can('vendor_status.edit', await access('admin'), othersRow as never)).toBe(true);
  });

  it('shows participants shared advisory revisions only, and lets a vendor answer only its own approvals', async () => {
    const access = async (who: string) => (await loadCaseAccess(t.db, callers[who], caseA))!;
    type Rev = { caseId: number; revision: number; shared: boolean };
    const revs = (await allRows('advisory.read')).rows as Rev[];
    const shared = revs.find((r) => r.caseId === caseA && r.shared) as never;
    const unshared = revs.find((r) => r.caseId === caseA && !r.shared) as never;
    for (const who of ['reporter of the case', 'vendor group member', 'observer']) {
      const a = await access(who);
      expect([can('advisory.read', a, shared), can('advisory.read', a, unshared)], who).toEqual([
        true,
        false,
      ]);
      expect(can('advisory.edit', a, shared), who).toBe(false);
    }
    expect(can('advisory.read', await access('coordinator'), unshared)).toBe(true);
    expect(can('advisory.edit', await access('admin'), unshared)).toBe(true);
    expect(can('advisory.read', await access('stranger'), shared)).toBe(false);
    const approvals = (await allRows('approval.answer')).rows as { caseId: number; participantId: number }[];
    const vendor = await access('vendor group member');
    const own = approvals.find((r) => r.caseId === caseA && vendor.participantIds.includes(r.participantId));
    const other = approvals.find(
      (r) => r.caseId === caseA && !vendor.participantIds.includes(r.participantId),
    );
    expect([
      can('approval.answer', vendor, own as never),
      can('approval.answer', vendor, other as never),
    ]).toEqual([true, false]);
    expect(can('approval.read', vendor, other as never)).toBe(false);
    // Staff read and ask, but answer for no vendor.
    const coordinator = await access('coordinator');
    expect(can('approval.read', coordinator, other as never)).toBe(true);
    expect(can('approval.request', coordinator)).toBe(true);
    expect(can('approval.answer', coordinator, own as never)).toBe(false);
    expect(can('approval.request', vendor)).toBe(false);
  });

  it('opens a restricted thread, its posts and their search hits to its participants and staff only', async () => {
    const access = async (who: string) => (await loadCaseAccess(t.db, callers[who], caseA))!;
    type Row = { id: number; subject: string; threadId: number; type: string };
    const threadRows = (await allRows('thread.read')).rows as Row[];
    const postRows = (await allRows('post.read')).rows as Row[];
    const hitRows = (await allRows('search.read')).rows as Row[];
    const subject = (s: string) => threadRows.find((r) => r.subject === s)! as never;
    const threadId = (s: string) => threadRows.find((r) => r.subject === s)!.id;
    const postIn = (s: string) => postRows.find((p) => p.threadId === threadId(s))! as never;
    const hitIn = (s: string) =>
      hitRows.find((h) => h.type === 'post' && h.threadId === threadId(s))! as never;
    const answers = async (who: string) => {
      const a = await access(who);
      return ['open', 'vendor only', 'direct participant only', 'restricted, nobody left'].map((s) => [
        can('thread.read', a, subject(s)),
        can('post.read', a, postIn(s)),
        can('search.read', a, hitIn(s)),
      ]);
    };
    const all = (v: boolean) => [v, v, v];
    expect(await answers('vendor group member')).toEqual([all(true), all(true), all(false), all(false)]);
    expect(await answers('direct participant')).toEqual([all(true), all(false), all(true), all(false)]);
    expect(await answers('reporter of the case')).toEqual([all(true), all(false), all(false), all(false)]);
    expect(await answers('coordinator')).toEqual([all(true), all(true), all(true), all(true)]);
    expect(await answers('stranger')).toEqual([all(false), all(false), all(false), all(false)]);
    expect(can('thread.manage', await access('vendor group member'), subject('vendor only'))).toBe(false);
    expect(can('post.pin', await access('vendor group member'), postIn('vendor only'))).toBe(false);
  });
});

describe('roleRows', () => {
  it('writes the roles into the SQL, so a generic plan sees the owner index is partial on them', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      roleRows(preparedCaller({ staff: true, groups: false }, true), ['owner']),
    );
    expect(text).toContain(`"case_participants"."role" in ('owner')`);
    expect(params).not.toContain('owner');
    const notARole = ["owner') or (true"] as unknown as CaseRole[];
    expect(() => roleRows({ staff: true, userId: 1, groupIds: [] }, notARole)).toThrow(/not a case role/);
  });
});
