// The embargo through the real HTTP stack (issue 25): a case with three vendor participants (one a group of
// two), proposals and per-vendor answers, the coordinator's decision, an extension request, bad input, the
// hash-chained log (tampering found), breaches, and the reminders at T-7, T-1 and T-0 with a moved clock and
// two workers on one database — each exactly once. One app for the file; the app's own worker is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ManualClock, activity, groupMembers, groups } from '@cvdp/server-kit';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { EMBARGO_ALREADY_ENDED, EMBARGO_EXITED, type EmbargoView } from '@cvdp/core';
import { coordinationService } from '../app.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { actionItems, emailOutbox, embargoLog, embargoReminders, notifications } from '../tables.ts';
import { EmbargoReminderWorker } from './reminders.ts';

const DAY = 86_400_000;
const START = new Date('2027-03-01T09:00:00Z');
const clock = new ManualClock(START);

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
let groupMemberA: TestClient & { user: TestUser };
let groupMemberB: TestClient & { user: TestUser };
let vendor2: TestClient & { user: TestUser };
let vendor3: TestClient & { user: TestUser };
let outsider: TestClient & { user: TestUser };
let caseId = 0;
const vendorRows: Record<string, number> = {};

function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

async function newCase(by: TestClient, title: string) {
  const res = ok(await submitReport(by, { report: sampleReportQuestions({ title }) }), 201);
  return res.json().id as number;
}

async function addParticipant(id: number, name: string, role: string) {
  const res = ok(await coordinator.post(`/api/case/${id}/participants/`, { names: [name], role }), 201);
  return res.json().added[0].id as number;
}

const embargoOf = async (who: TestClient, id = caseId) =>
  ok(await who.get(`/api/case/${id}/embargo/`)).json<EmbargoView>();

beforeAll(async () => {
  t = await createTestApp({
    clock,
    register: async (app) => {
      await app.register(coordinationService, { embargoWorker: false });
    },
  });
  coordinator = await t.signIn({ name: 'Cora Coordinator', roles: ['coordinator'] });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  groupMemberA = await t.signIn({ name: 'Gus Group' });
  groupMemberB = await t.signIn({ name: 'Gina Group' });
  vendor2 = await t.signIn({ name: 'Vera Vendor' });
  vendor3 = await t.signIn({ name: 'Otis Othervendor' });
  outsider = await t.signIn({ name: 'Olga Outsider' });
  const [group] = await t.db.insert(groups).values({ name: 'Acme PSIRT', kind: 'vendor' }).returning();
  await t.db.insert(groupMembers).values([
    { groupId: group.id, userId: groupMemberA.user.id },
    { groupId: group.id, userId: groupMemberB.user.id },
  ]);
  caseId = await newCase(reporter, 'Router overflow');
  await addParticipant(caseId, coordinator.user.email, 'owner');
  vendorRows.acme = await addParticipant(caseId, 'Acme PSIRT', 'vendor');
  vendorRows.vera = await addParticipant(caseId, vendor2.user.email, 'vendor');
  vendorRows.otis = await addParticipant(caseId, vendor3.user.email, 'vendor');
}, 120_000);
afterAll(() => t.close());

const proposals = (id = caseId) => `/api/case/${id}/embargo/proposals/`;
/** The users with an open "answer this embargo proposal" request on the case, sorted. */
const askedToAnswer = async () =>
  (
    await t.db
      .select({ userId: actionItems.userId })
      .from(actionItems)
      .where(
        and(
          eq(actionItems.caseId, caseId),
          eq(actionItems.kind, 'embargo_proposal'),
          isNull(actionItems.resolvedAt),
        ),
      )
  )
    .map((r) => r.userId)
    .sort((a, b) => a - b);

describe('proposals and answers', () => {
  it('a case starts without an embargo; bad proposals are refused naming the problem, nothing stored', async () => {
    const view = await embargoOf(vendor2);
    expect(view).toMatchObject({ state: 'none', end: null, open_proposal: null, can_propose: false });
    expect((await embargoOf(coordinator)).can_propose).toBe(true);

    const past = ok(await coordinator.post(proposals(), { end: '2027-02-01', reason: 'x' }), 400);
    expect(past.json()).toMatchObject({
      detail: 'The end must be in the future.',
      errors: { end: expect.any(Array) },
    });
    const garbled = ok(await coordinator.post(proposals(), { end: 'next week', reason: 'x' }), 400);
    expect(garbled.json().errors.end[0]).toMatch(/yyyy-MM-dd/);
    const noOffset = ok(await coordinator.post(proposals(), { end: '2027-04-01T10:00', reason: 'x' }), 400);
    expect(noOffset.json().errors.end).toBeDefined();
    ok(await coordinator.post(proposals(), { end: '2027-04-01', reason: '' }), 400);
    // A vendor cannot start one; an outsider does not see the case at all.
    const vendorStart = ok(await vendor2.post(proposals(), { end: '2027-04-01', reason: 'Soon' }), 403);
    expect(vendorStart.json().detail).toMatch(/Only coordinators propose/);
    ok(await outsider.post(proposals(), { end: '2027-04-01', reason: 'Soon' }), 404);
    ok(await outsider.get(`/api/case/${caseId}/embargo/`), 404);
    ok(await reporter.post(`/api/case/${caseId}/embargo/breach/`, { evidence: 'On a blog' }), 409);
    expect((await embargoOf(coordinator)).state).toBe('none');
  });

  it('the coordinator proposes (a date means 12:00 UTC); every vendor is asked; a second proposal is refused', async () => {
    const res = ok(
      await coordinator.post(proposals(), { end: '2027-04-01', reason: 'Vendors need a month' }),
      201,
    );
    const view = res.json<EmbargoView>();
    expect(view.state).toBe('proposed');
    expect(view.open_proposal).toMatchObject({
      kind: 'start',
      end: '2027-04-01T12:00:00.000Z',
      status: 'open',
    });
    expect(view.open_proposal!.answers.map((a) => [a.participant.name, a.answer])).toEqual([
      ['Acme PSIRT', 'none'],
      [expect.stringContaining('Otis'), 'none'],
      [expect.stringContaining('Vera'), 'none'],
    ]);
    // Asked as an Action-needed request (on top of the bell and desk until answered), not a plain notification.
    expect(await askedToAnswer()).toEqual(
      [groupMemberA, groupMemberB, vendor2, vendor3].map((c) => c.user.id).sort((a, b) => a - b),
    );
    const actions = ok(await vendor3.get('/api/case/notifications/actions/')).json();
    expect(actions.results).toMatchObject([{ kind: 'embargo_proposal', case: caseId }]);
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'embargo_proposed'));
    expect(emails).toHaveLength(4);
    expect(emails[0].subject).toContain('Please answer the embargo proposal');

    const again = ok(await coordinator.post(proposals(), { end: '2027-05-01', reason: 'Later' }), 409);
    expect(again.json().detail).toMatch(/still open/);
  });

  it('each vendor answers once: a group as the group; a reporter or outsider cannot answer', async () => {
    const id = (await embargoOf(coordinator)).open_proposal!.id;
    const url = `/api/case/embargo/proposals/${id}/`;
    expect((await embargoOf(groupMemberA)).open_proposal!.can_answer).toBe(true);
    ok(await groupMemberA.patch(url, { answer: 'accept', comment: 'Fine for Acme' }));
    const second = ok(await groupMemberB.patch(url, { answer: 'decline' }), 409);
    expect(second.json().detail).toBe('Your vendor has already answered this proposal.');
    expect((await embargoOf(groupMemberB)).open_proposal!.can_answer).toBe(false);
    const byReporter = ok(await reporter.patch(url, { answer: 'accept' }), 403);
    expect(byReporter.json().detail).toMatch(/vendor participants answer/);
    ok(await outsider.patch(url, { answer: 'accept' }), 404);
    ok(await vendor2.patch(url, { answer: 'maybe' }), 400);
    ok(await vendor2.patch(url, { answer: 'accept' }));
    const view = await embargoOf(reporter);
    expect(view.open_proposal!.answers.map((a) => a.answer)).toEqual(['accept', 'none', 'accept']);
    expect(view.open_proposal!.answers[0].answered_by?.name).toBe('Gus Group');
    // Each vendor's answer closes its own users' requests only: Otis has not answered yet.
    expect(await askedToAnswer()).toEqual([vendor3.user.id]);
  });

  it("the coordinator's decision takes effect and records who had accepted, declined or not answered", async () => {
    const id = (await embargoOf(coordinator)).open_proposal!.id;
    const view = ok(
      await coordinator.patch(`/api/case/embargo/proposals/${id}/`, { answer: 'accept' }),
    ).json();
    expect(view).toMatchObject({ state: 'active', end: '2027-04-01T12:00:00.000Z', open_proposal: null });
    expect(view.history[0]).toMatchObject({ status: 'accepted', decided_by: { name: 'Cora Coordinator' } });
    const log = ok(await vendor3.get(`/api/case/${caseId}/embargo/log/`)).json();
    const decided = log.entries.find((e: { kind: string }) => e.kind === 'accepted');
    expect(decided.details).toMatchObject({
      accepted: [{ id: vendorRows.acme }, { id: vendorRows.vera }],
      declined: [],
      not_answered: [{ id: vendorRows.otis }],
    });
    ok(await coordinator.patch(`/api/case/embargo/proposals/${id}/`, { answer: 'accept' }), 409);
    // Decided: nobody is asked any more.
    expect(await askedToAnswer()).toEqual([]);
  });

  it('a vendor asks for an extension (counted as its own acceptance); the coordinator accepts the new end', async () => {
    const res = ok(
      await vendor3.post(proposals(), { end: '2027-04-15', reason: 'Our fix ships on the 14th' }),
      201,
    );
    const view = res.json<EmbargoView>();
    expect(view.state).toBe('revising');
    expect(view.end).toBe('2027-04-01T12:00:00.000Z');
    expect(view.open_proposal).toMatchObject({ kind: 'change', proposed_for: { id: vendorRows.otis } });
    expect(view.open_proposal!.answers.find((a) => a.participant.id === vendorRows.otis)!.answer).toBe(
      'accept',
    );
    ok(await reporter.post(proposals(), { end: '2027-04-20', reason: 'Me too' }), 409);
    const decided = ok(
      await coordinator.patch(`/api/case/embargo/proposals/${view.open_proposal!.id}/`, {
        answer: 'accept',
        comment: 'Two more weeks.',
      }),
    ).json();
    expect(decided).toMatchObject({ state: 'active', end: '2027-04-15T12:00:00.000Z' });
  });

  it('every embargo event is an activity row of object type embargo, which participants see', async () => {
    const rows = await t.db
      .select({ verb: activity.verb })
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.objectType, 'embargo')));
    expect(rows.map((r) => r.verb)).toEqual([
      'proposed embargo',
      'accepted embargo proposal',
      'accepted embargo proposal',
      'agreed embargo',
      'proposed embargo change',
      'agreed embargo',
    ]);
    const seen = ok(await vendor2.get(`/api/case/${caseId}/activity/?page_size=100`)).json();
    expect(seen.results.some((r: { verb: string }) => r.verb === 'agreed embargo')).toBe(true);
  });
});

describe('the hash-chained log', () => {
  it('verifies; altering one row in the database is found, with the first broken entry', async () => {
    const log = ok(await reporter.get(`/api/case/${caseId}/embargo/log/`)).json();
    expect(log.verified).toBe(true);
    expect(log.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.entries[1].prev_hash).toBe(log.entries[0].hash);

    await t.db.execute(
      sql`update embargo_log set details = jsonb_set(details, '{end}', '"2099-01-01T12:00:00.000Z"') where case_id = ${caseId} and seq = 4`,
    );
    const tampered = ok(await reporter.get(`/api/case/${caseId}/embargo/log/`)).json();
    expect(tampered).toMatchObject({ verified: false, first_broken: 4 });
    // Put back: the chain verifies again (nothing else was touched).
    await t.db.execute(
      sql`update embargo_log set details = jsonb_set(details, '{end}', to_jsonb(${log.entries[3].details.end}::text)) where case_id = ${caseId} and seq = 4`,
    );
    expect(ok(await reporter.get(`/api/case/${caseId}/embargo/log/`)).json().verified).toBe(true);
    // Removing the last entry is found too (the embargo row keeps the head).
    const [last] = await t.db
      .select()
      .from(embargoLog)
      .where(and(eq(embargoLog.caseId, caseId), eq(embargoLog.seq, 6)));
    await t.db.delete(embargoLog).where(eq(embargoLog.id, last.id));
    expect(ok(await reporter.get(`/api/case/${caseId}/embargo/log/`)).json()).toMatchObject({
      verified: false,
      first_broken: 6,
    });
    await t.db.insert(embargoLog).values(last);
  });

  it('two concurrent appends do not fork the chain', async () => {
    const other = await newCase(reporter, 'Concurrent case');
    await addParticipant(other, vendor2.user.email, 'vendor');
    const end = new Date(START.getTime() + 30 * DAY).toISOString();
    const prop = ok(await coordinator.post(proposals(other), { end, reason: 'Start' }), 201).json();
    ok(
      await coordinator.patch(`/api/case/embargo/proposals/${prop.open_proposal.id}/`, { answer: 'accept' }),
    );
    await Promise.all([
      coordinator.post(`/api/case/${other}/embargo/breach/`, { evidence: 'Posted on a forum' }),
      vendor2.post(proposals(other), {
        end: new Date(START.getTime() + 40 * DAY).toISOString(),
        reason: 'More',
      }),
    ]);
    const log = ok(await coordinator.get(`/api/case/${other}/embargo/log/`)).json();
    expect(log.verified).toBe(true);
    expect(log.entries.map((e: { seq: number }) => e.seq)).toEqual(
      log.entries.map((_: unknown, i: number) => i + 1),
    );
  });
});

describe('ending', () => {
  it('a breach ends the embargo at once and tells everyone; the coordinator ends one early with a reason', async () => {
    const other = await newCase(reporter, 'Breach case');
    await addParticipant(other, coordinator.user.email, 'owner');
    await addParticipant(other, vendor2.user.email, 'vendor');
    const end = new Date(START.getTime() + 30 * DAY).toISOString();
    const prop = ok(await coordinator.post(proposals(other), { end, reason: 'Start' }), 201).json();
    ok(await vendor2.post(`/api/case/${other}/embargo/exit/`, { reason: 'x' }), 403);
    // Not agreed yet: nothing to break.
    ok(await reporter.post(`/api/case/${other}/embargo/breach/`, { evidence: 'Blog' }), 409);
    ok(
      await coordinator.patch(`/api/case/embargo/proposals/${prop.open_proposal.id}/`, { answer: 'accept' }),
    );
    ok(await reporter.post(`/api/case/${other}/embargo/breach/`, { evidence: '' }), 400);
    const broken = ok(
      await reporter.post(`/api/case/${other}/embargo/breach/`, {
        evidence: 'Exploited: https://example.test/x',
      }),
    ).json();
    expect(broken).toMatchObject({
      state: 'exited',
      exit_kind: 'broken',
      exit_reason: 'Exploited: https://example.test/x',
    });
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.caseId, other),
          eq(notifications.kind, 'embargo_changed'),
          sql`${notifications.title} like '%broken%'`,
        ),
      );
    expect(told.map((n) => n.userId).sort()).toEqual([coordinator.user.id, vendor2.user.id].sort());
  });

  it('exited is final (one embargo per case): no new proposal by anyone, no second end; the view offers none', async () => {
    const other = await newCase(reporter, 'Ended case');
    await addParticipant(other, coordinator.user.email, 'owner');
    await addParticipant(other, vendor2.user.email, 'vendor');
    const end = new Date(clock.now().getTime() + 30 * DAY).toISOString();
    const prop = ok(await coordinator.post(proposals(other), { end, reason: 'Start' }), 201).json();
    ok(
      await coordinator.patch(`/api/case/embargo/proposals/${prop.open_proposal.id}/`, { answer: 'accept' }),
    );
    ok(await coordinator.post(`/api/case/${other}/embargo/exit/`, { reason: 'The fix shipped early.' }));
    const before = await embargoOf(coordinator, other);
    expect(before).toMatchObject({ state: 'exited', exit_kind: 'ended_early', can_propose: false });
    expect((await embargoOf(vendor2, other)).can_propose).toBe(false);
    const logBefore = ok(await coordinator.get(`/api/case/${other}/embargo/log/`)).json().entries.length;

    // A later end than any before, so nothing but the state can be the reason.
    const later = new Date(clock.now().getTime() + 60 * DAY).toISOString();
    for (const who of [coordinator, vendor2]) {
      const refused = ok(await who.post(proposals(other), { end: later, reason: 'A new embargo' }), 409);
      expect(refused.json().detail).toBe(EMBARGO_EXITED);
    }
    const again = ok(await coordinator.post(`/api/case/${other}/embargo/exit/`, { reason: 'Again' }), 409);
    expect(again.json().detail).toBe(EMBARGO_ALREADY_ENDED);
    const breach = ok(await vendor2.post(`/api/case/${other}/embargo/breach/`, { evidence: 'Blog' }), 409);
    expect(breach.json().detail).toBe(EMBARGO_ALREADY_ENDED);

    // Nothing changed: the same embargo, history and log.
    expect(await embargoOf(coordinator, other)).toEqual(before);
    const logAfter = ok(await coordinator.get(`/api/case/${other}/embargo/log/`)).json();
    expect(logAfter.entries).toHaveLength(logBefore);
    expect(logAfter.verified).toBe(true);
  });
});

describe('reminders (T-7, T-1, T-0), exactly once with two workers', () => {
  const workers = () => [1, 2].map(() => new EmbargoReminderWorker({ db: t.db, clock, publicUrl: '' }));
  const reminders = async () =>
    (
      await t.db
        .select({ kind: embargoReminders.kind, recipients: embargoReminders.recipients })
        .from(embargoReminders)
        .innerJoin(sql`embargoes`, sql`embargoes.id = ${embargoReminders.embargoId}`)
        .where(sql`embargoes.case_id = ${caseId}`)
        .orderBy(embargoReminders.id)
    ).map((r) => `${r.kind}:${r.recipients}`);
  const remindersToVera = async () =>
    (
      await t.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, vendor2.user.id),
            eq(notifications.kind, 'embargo_ending'),
            eq(notifications.caseId, caseId),
          ),
        )
        .orderBy(notifications.id)
    ).map((n) => n.title);
  const runBoth = async () => {
    const [a, b] = workers();
    await Promise.all([a.runOnce(), b.runOnce()]);
  };

  it('nothing before seven days out; then each reminder once, to every participant; at the end it exits once', async () => {
    const end = new Date('2027-04-15T12:00:00Z');
    clock.set(end.getTime() - 8 * DAY);
    await runBoth();
    expect(await reminders()).toEqual([]);

    clock.set(end.getTime() - 7 * DAY);
    await runBoth();
    await runBoth();
    // Participants: reporter, coordinator (owner), two group members, Vera, Otis.
    expect(await reminders()).toEqual(['t7:6']);
    expect(await remindersToVera()).toEqual([
      `The embargo of case #${caseId} ends in 7 days (2027-04-15 12:00 UTC)`,
    ]);

    clock.set(end.getTime() - DAY + 1000);
    await runBoth();
    expect(await reminders()).toEqual(['t7:6', 't1:6']);
    expect((await embargoOf(vendor2)).state).toBe('active');

    clock.set(end.getTime() + 1000);
    await runBoth();
    await runBoth();
    expect(await reminders()).toEqual(['t7:6', 't1:6', 't0:6']);
    expect(await remindersToVera()).toHaveLength(3);
    const view = await embargoOf(vendor2);
    expect(view).toMatchObject({ state: 'exited', exit_kind: 'ended', exited: end.toISOString() });
    const log = ok(await vendor2.get(`/api/case/${caseId}/embargo/log/`)).json();
    expect(log.entries.filter((e: { kind: string }) => e.kind === 'ended')).toHaveLength(1);
    expect(log.verified).toBe(true);
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'embargo_ending'));
    expect(emails.filter((e) => e.toAddress === vendor2.user.email)).toHaveLength(3);
  });

  it('an end passed with no worker running is found on read, recorded once; changing the end re-arms reminders', async () => {
    const other = await newCase(reporter, 'Lazy case');
    await addParticipant(other, vendor2.user.email, 'vendor');
    const end = new Date(clock.now().getTime() + 10 * DAY);
    const first = ok(
      await coordinator.post(proposals(other), { end: end.toISOString(), reason: 'Start' }),
      201,
    ).json();
    ok(
      await coordinator.patch(`/api/case/embargo/proposals/${first.open_proposal.id}/`, { answer: 'accept' }),
    );
    clock.advance(4 * DAY);
    await runBoth();
    const change = ok(
      await vendor2.post(proposals(other), {
        end: new Date(end.getTime() + 10 * DAY).toISOString(),
        reason: 'More time',
      }),
      201,
    ).json();
    ok(
      await coordinator.patch(`/api/case/embargo/proposals/${change.open_proposal.id}/`, {
        answer: 'accept',
      }),
    );
    clock.advance(14 * DAY);
    await runBoth();
    const kinds = await t.db
      .select({ kind: embargoReminders.kind, endsAt: embargoReminders.endsAt })
      .from(embargoReminders)
      .innerJoin(sql`embargoes`, sql`embargoes.id = ${embargoReminders.embargoId}`)
      .where(sql`embargoes.case_id = ${other}`)
      .orderBy(embargoReminders.id);
    expect(kinds.map((k) => `${k.kind}@${k.endsAt.toISOString().slice(0, 10)}`)).toEqual([
      `t7@${end.toISOString().slice(0, 10)}`,
      `t7@${new Date(end.getTime() + 10 * DAY).toISOString().slice(0, 10)}`,
    ]);
    // Past the new end, no worker: the reads end it, once.
    clock.advance(10 * DAY);
    await Promise.all([embargoOf(vendor2, other), embargoOf(coordinator, other)]);
    const log = ok(await vendor2.get(`/api/case/${other}/embargo/log/`)).json();
    expect(log.entries.filter((e: { kind: string }) => e.kind === 'ended')).toHaveLength(1);
    expect((await embargoOf(vendor2, other)).state).toBe('exited');
  });
});
