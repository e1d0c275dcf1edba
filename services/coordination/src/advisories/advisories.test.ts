// The advisory of a case through the real HTTP stack (issue 12): the lifecycle save → save again → diff →
// share → approve → publish → a newer revision, with what every kind of caller may read before and after
// each step (a reporter or vendor before sharing: 404; a stranger: 404; the world: only what is published);
// approvals of an older revision; a vendor answering for another vendor; future dates; publishing before
// sharing (and with force); the metadata edit; the activity rows; the public pages' escaping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  APPROVAL_NEEDS_SHARED,
  APPROVAL_NOT_VENDORS,
  APPROVAL_OLDER_REVISION,
  APPROVAL_ONLY_VENDOR,
  CHANGES_NEED_COMMENT,
  DATE_IN_FUTURE,
  LATEST_PUBLISHED_LOCKED,
  NO_ADVISORY,
  NO_PUBLISHED_ADVISORY,
  NO_SHARED_ADVISORY,
  PUBLISH_BEFORE_SHARE,
  TEXT_NEEDS_REVISION,
  UNKNOWN_CASE_VULS,
  type AdvisoryDiff,
  type AdvisoryRevision,
  type Approval,
  type ApprovalRequestResult,
  type PageOf,
  type PublicAdvisory,
  type PublicAdvisorySummary,
} from '@cvdp/core';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import {
  advisoryApprovals,
  advisoryRevisions,
  caseParticipants,
  cases,
  emailOutbox,
  actionItems,
  notifications,
  vulnerabilities,
} from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { makeWorld, signInAs, type World } from '../../testing/thread-test-helpers.ts';

let t: TestApp;
let w: World;
let coordinator: TestClient & { user: TestUser };
let anonymous: TestClient;

/** These tests are not about the guard rails (publication/publication.test.ts): they publish over them. */
const OVERRIDE = 'Not about the guard rails';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const today = day(0);

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  coordinator = await t.signIn({ name: 'Cora Coordinator', roles: ['coordinator'] });
  anonymous = t.anonymous();
}, 60_000);
afterAll(() => t.close());

const revisionBody = (over: Record<string, unknown> = {}) => ({
  title: 'Buffer overflow in Acme routers',
  summary: 'A crafted packet overflows a buffer.',
  content: '## Overview\n\nThe **parser** overflows.\n\nLine two.\n',
  impact: 'Remote code execution.',
  solution: 'Update to 2.1.',
  references: ['https://example.com/advisory'],
  credits: ['Rita Reporter'],
  ...over,
});

async function newCase(title = 'Another case') {
  const [c] = await t.db
    .insert(cases)
    .values({ title, status: 1, createdBy: w.reporter.user.id })
    .returning();
  await t.db.insert(caseParticipants).values([
    { caseId: c.id, userId: w.reporter.user.id, role: 'reporter' },
    { caseId: c.id, groupId: w.vendorA.groupId, role: 'vendor' },
  ]);
  return c.id;
}

async function save(caseId: number, over: Record<string, unknown> = {}) {
  const res = await coordinator.post(`/api/case/${caseId}/advisory/`, revisionBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdvisoryRevision>();
}

/** The status each kind of caller gets for a GET. */
async function statuses(url: string) {
  const who = {
    coordinator,
    reporter: w.reporter,
    vendorA: w.vendorA.member,
    outsider: w.outsider,
    stranger: w.stranger,
    anonymous,
  };
  const out: Record<string, number> = {};
  for (const [name, c] of Object.entries(who)) out[name] = (await c.get(url)).statusCode;
  return out;
}

async function activityOf(caseId: number) {
  const rows = await t.db.select().from(activity).where(eq(activity.caseId, caseId)).orderBy(activity.id);
  return rows.filter((r) => ['advisory', 'approval'].includes(r.objectType));
}

describe('the advisory lifecycle', () => {
  it('save, save again, diff, share, approve, publish, revise — with access per role at each step', async () => {
    const c = w.caseId;
    const base = `/api/case/${c}/advisory`;

    // Nothing yet: staff are told to save one, participants that none is shared; nothing public.
    let res = await coordinator.get(`${base}/latest/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(NO_ADVISORY);
    res = await w.reporter.get(`${base}/latest/`);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(NO_SHARED_ADVISORY);
    res = await coordinator.patch(`${base}/latest/`, { date_published: today, force: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(NO_ADVISORY);
    expect((await coordinator.post(`/api/case/${c}/approvals/`, { all_vendors: true })).statusCode).toBe(409);

    // Only staff write.
    expect((await w.reporter.post(`${base}/`, revisionBody())).statusCode).toBe(403);
    expect((await w.vendorA.member.post(`${base}/`, revisionBody())).statusCode).toBe(403);
    expect((await w.outsider.post(`${base}/`, revisionBody())).statusCode).toBe(404);
    expect((await anonymous.post(`${base}/`, revisionBody())).statusCode).toBe(401);
    expect(await t.db.select().from(advisoryRevisions)).toEqual([]);

    // Revision 1: Markdown rendered and sanitised on the server.
    const r1 = await save(c, {
      content: 'The **parser** overflows.\n\n<script>alert(1)</script>\n\nOld line.\n',
    });
    expect(r1).toMatchObject({ revision: 1, shared: false, published: false, date_shared: null });
    expect(r1.created_by).toEqual({ id: coordinator.user.id, name: 'Cora Coordinator' });
    expect(r1.html).toContain('<strong>parser</strong>');
    expect(r1.html).not.toContain('<script>');
    expect(r1.approvals).toEqual({ pending: 0, approved: 0, changes_requested: 0 });

    // Before sharing: staff read it; the reporter and the vendor do not; strangers not even the case.
    expect(await statuses(`${base}/latest/`)).toEqual({
      coordinator: 200,
      reporter: 404,
      vendorA: 404,
      outsider: 404,
      stranger: 404,
      anonymous: 401,
    });
    expect((await w.reporter.get(`${base}/`)).json().count).toBe(0);
    expect((await w.vendorA.member.get(`${base}/`)).json().count).toBe(0);
    expect((await w.reporter.get(`${base}/diff/?from=1&to=1`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/advisories/${c}/`)).statusCode).toBe(404);
    expect((await anonymous.get(`/advisories/${c}/`)).statusCode).toBe(404);

    // Revision 2, and the diff between them.
    const r2 = await save(c, {
      content: 'The **parser** overflows.\n\n<script>alert(1)</script>\n\nNew line.\n',
      references: ['https://example.com/advisory', 'https://example.com/patch'],
    });
    expect(r2.revision).toBe(2);
    const list = (await coordinator.get(`${base}/`)).json<PageOf<AdvisoryRevision>>();
    expect(list.results.map((r) => r.revision)).toEqual([2, 1]);
    res = await coordinator.get(`${base}/diff/?from=1&to=2`);
    expect(res.statusCode, res.body).toBe(200);
    const diff = res.json<AdvisoryDiff>();
    expect(diff.from.revision).toBe(1);
    expect(diff.to.revision).toBe(2);
    const field = (name: string) => diff.fields.find((f) => f.field === name)!;
    expect(field('title')).toEqual({ field: 'title', changed: false, patch: '' });
    expect(field('content').changed).toBe(true);
    expect(field('content').patch).toContain('-Old line.');
    expect(field('content').patch).toContain('+New line.');
    expect(field('references').patch).toContain('+https://example.com/patch');
    expect((await coordinator.get(`${base}/diff/?from=1&to=9`)).statusCode).toBe(404);
    expect((await coordinator.get(`${base}/diff/?from=0&to=1`)).statusCode).toBe(400);

    // Share: participants read the latest revision — not the unshared revision 1.
    res = await w.reporter.patch(`${base}/latest/`, { date_shared: today });
    expect(res.statusCode).toBe(403);
    res = await coordinator.patch(`${base}/latest/`, { date_shared: today });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ revision: 2, shared: true, date_shared: today, published: false });
    expect(await statuses(`${base}/latest/`)).toEqual({
      coordinator: 200,
      reporter: 200,
      vendorA: 200,
      outsider: 404,
      stranger: 404,
      anonymous: 401,
    });
    expect((await w.reporter.get(`${base}/latest/`)).json().revision).toBe(2);
    expect(
      (await w.reporter.get(`${base}/`)).json<PageOf<AdvisoryRevision>>().results.map((r) => r.revision),
    ).toEqual([2]);
    expect((await w.reporter.get(`${base}/diff/?from=1&to=2`)).statusCode).toBe(404);
    expect((await w.reporter.get(`${base}/diff/?from=2&to=2`)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/advisories/${c}/`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/advisories/')).json().count).toBe(0);

    // Approvals: staff ask every vendor; each vendor sees and answers its own.
    expect((await w.vendorA.member.post(`/api/case/${c}/approvals/`, { all_vendors: true })).statusCode).toBe(
      403,
    );
    res = await coordinator.post(`/api/case/${c}/approvals/`, { all_vendors: true });
    expect(res.statusCode, res.body).toBe(201);
    const asked = res.json<ApprovalRequestResult>();
    expect(asked.created.map((a) => a.participant.id).sort()).toEqual(
      [w.vendorA.participantId, w.vendorB.participantId].sort(),
    );
    expect(
      asked.created.every((a) => a.status === 'pending' && a.revision === 2 && !a.for_older_revision),
    ).toBe(true);
    // Asking again leaves the requests as they are.
    res = await coordinator.post(`/api/case/${c}/approvals/`, { participants: [w.vendorA.participantId] });
    expect(res.json<ApprovalRequestResult>()).toMatchObject({
      created: [],
      unchanged: [{ participant: { id: w.vendorA.participantId } }],
    });

    const mine = (await w.vendorA.member.get(`/api/case/${c}/approvals/`)).json<PageOf<Approval>>();
    expect(mine.results.map((a) => a.participant.id)).toEqual([w.vendorA.participantId]);
    expect(mine.results[0].can_answer).toBe(true);
    expect((await w.reporter.get(`/api/case/${c}/approvals/`)).json().count).toBe(0);
    expect((await coordinator.get(`/api/case/${c}/approvals/`)).json().count).toBe(2);
    const approvalA = asked.created.find((a) => a.participant.id === w.vendorA.participantId)!;
    const approvalB = asked.created.find((a) => a.participant.id === w.vendorB.participantId)!;

    // The asked vendors' members have it as Action needed (in the app).
    const told = await t.db
      .select()
      .from(actionItems)
      .where(and(eq(actionItems.caseId, c), eq(actionItems.kind, 'approval_requested')));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [w.vendorA.member.user.id, w.vendorB.member.user.id].sort(),
    );

    // Vendor A answers for vendor B: as if it did not exist, and nothing changes. Staff cannot answer.
    res = await w.vendorA.member.patch(`/api/case/approvals/${approvalB.id}/`, { status: 'approved' });
    expect(res.statusCode).toBe(404);
    res = await coordinator.patch(`/api/case/approvals/${approvalB.id}/`, { status: 'approved' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(APPROVAL_ONLY_VENDOR);
    expect(
      (await w.reporter.patch(`/api/case/approvals/${approvalB.id}/`, { status: 'approved' })).statusCode,
    ).toBe(404);
    expect(
      (await w.outsider.patch(`/api/case/approvals/${approvalB.id}/`, { status: 'approved' })).statusCode,
    ).toBe(404);
    const [b] = await t.db.select().from(advisoryApprovals).where(eq(advisoryApprovals.id, approvalB.id));
    expect(b).toMatchObject({ status: 'pending', answeredBy: null, answeredAt: null });

    // Changes need a comment; then vendor A approves.
    res = await w.vendorA.member.patch(`/api/case/approvals/${approvalA.id}/`, {
      status: 'changes_requested',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.comment).toEqual([CHANGES_NEED_COMMENT]);
    res = await w.vendorA.member.patch(`/api/case/approvals/${approvalA.id}/`, {
      status: 'approved',
      comment: 'Fine by us.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Approval>()).toMatchObject({
      status: 'approved',
      comment: 'Fine by us.',
      answered_by: { id: w.vendorA.member.user.id },
    });
    res = await w.vendorB.member.patch(`/api/case/approvals/${approvalB.id}/`, {
      status: 'changes_requested',
      comment: 'Name our product correctly.',
    });
    expect(res.statusCode).toBe(200);
    // Whoever asked is told of the answers: one unread entry about the case gathers both (issue 26).
    const answered = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.caseId, c), eq(notifications.kind, 'approval_answered')));
    expect(answered.map((n) => [n.userId, n.eventCount])).toEqual([[coordinator.user.id, 2]]);
    expect(answered[0].title).toContain('requested changes to revision 2');
    expect(answered[0].title).toMatch(new RegExp(`^2 updates in case #${c} — latest: `));

    // Counts on the revision: staff see both answers, a vendor its own.
    expect((await coordinator.get(`${base}/latest/`)).json().approvals).toEqual({
      pending: 0,
      approved: 1,
      changes_requested: 1,
    });
    expect((await w.vendorA.member.get(`${base}/latest/`)).json().approvals).toEqual({
      pending: 0,
      approved: 1,
      changes_requested: 0,
    });

    // Publish: the world reads it — the JSON and the page.
    res = await w.vendorA.member.patch(`${base}/latest/`, { date_published: today });
    expect(res.statusCode).toBe(403);
    res = await coordinator.patch(`${base}/latest/`, { date_published: today, override_reason: OVERRIDE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ revision: 2, shared: true, published: true, date_published: today });
    const page = (await anonymous.get('/api/advisories/')).json<PageOf<PublicAdvisorySummary>>();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      case: c,
      label: `VU#${c}`,
      revision: 2,
      date_published: today,
      url: `/advisories/${c}/`,
    });
    res = await anonymous.get(`/api/advisories/${c}/`);
    expect(res.statusCode).toBe(200);
    const published = res.json<PublicAdvisory>();
    expect(published).toMatchObject({
      revision: 2,
      title: 'Buffer overflow in Acme routers',
      date_shared: today,
    });
    expect(published.html).toContain('New line.');
    expect(published.html).not.toContain('<script>');
    res = await anonymous.get(`/advisories/${c}/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('Buffer overflow in Acme routers');
    expect(res.body).toContain('<strong>parser</strong>');
    expect(res.body).not.toContain('<script>alert');
    expect((await anonymous.get('/advisories/')).body).toContain(`href="/advisories/${c}/"`);

    // A newer revision: the public keeps the published revision 2; earlier approvals are for an older one.
    const r3 = await save(c, { title: 'Buffer overflow in Acme routers (updated)' });
    expect(r3).toMatchObject({ revision: 3, shared: false, published: false });
    expect((await anonymous.get(`/api/advisories/${c}/`)).json().revision).toBe(2);
    expect((await anonymous.get(`/advisories/${c}/`)).body).not.toContain('(updated)');
    expect((await w.reporter.get(`${base}/latest/`)).json().revision).toBe(2);
    const older = (await coordinator.get(`/api/case/${c}/approvals/`)).json<PageOf<Approval>>();
    expect(older.results.every((a) => a.for_older_revision && a.revision === 2)).toBe(true);
    expect(
      (await w.vendorA.member.get(`/api/case/${c}/approvals/`)).json().results[0].for_older_revision,
    ).toBe(true);
    res = await w.vendorA.member.patch(`/api/case/approvals/${approvalA.id}/`, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(APPROVAL_OLDER_REVISION);
    // Asking about revision 3 needs it shared first.
    res = await coordinator.post(`/api/case/${c}/approvals/`, { all_vendors: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(APPROVAL_NEEDS_SHARED);
    expect((await coordinator.get(`/api/case/${c}/approvals/?revision=3`)).json().count).toBe(0);
    expect((await coordinator.get(`/api/case/${c}/approvals/?revision=2`)).json().count).toBe(2);

    // The activity log holds every step, in order.
    const log = await activityOf(c);
    expect(log.map((r) => `${r.objectType}:${r.verb}`)).toEqual([
      'advisory:saved revision',
      'advisory:saved revision',
      'advisory:shared',
      'approval:requested approval',
      'approval:requested approval',
      'approval:approved',
      'approval:requested changes',
      'advisory:published',
      // A vendor asked for changes, so publishing was blocked: the coordinator overrode it (issue 25).
      'advisory:published over blockers',
      'advisory:saved revision',
    ]);
    expect(log.every((r) => r.actorId !== null)).toBe(true);
    // Participants see only their own advisory rows in the case's activity (the object types are staff's).
    const seen = (await w.vendorA.member.get(`/api/case/${c}/activity/`)).json<
      PageOf<{ object_type: string; text: string }>
    >();
    const theirs = seen.results.filter((r) => ['advisory', 'approval'].includes(r.object_type));
    expect(theirs).toHaveLength(1);
    expect(theirs[0].text).toMatch(/ approved the advisory for Vendor /);
  });
});

describe('dates, forcing and refusals', () => {
  it('refuses a date more than a day ahead, and dates that are not dates; a day ahead is fine', async () => {
    const c = await newCase();
    await save(c);
    for (const field of ['date_shared', 'date_published'] as const) {
      const res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, {
        [field]: day(2),
        force: true,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([DATE_IN_FUTURE]);
    }
    for (const bad of ['2025-02-30', '20250101', 'today', '']) {
      const res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toHaveProperty('date_shared');
    }
    expect((await coordinator.patch(`/api/case/${c}/advisory/latest/`, {})).statusCode).toBe(400);
    const [row] = await t.db.select().from(advisoryRevisions).where(eq(advisoryRevisions.caseId, c));
    expect(row).toMatchObject({ shared: false, dateShared: null, published: false });
    const res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: day(1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().date_shared).toBe(day(1));
  });

  it('publishing before sharing: 409 and nothing changed; with force it is shared and published', async () => {
    const c = await newCase();
    await save(c);
    let res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, {
      date_published: today,
      override_reason: OVERRIDE,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PUBLISH_BEFORE_SHARE);
    const [row] = await t.db.select().from(advisoryRevisions).where(eq(advisoryRevisions.caseId, c));
    expect(row).toMatchObject({ shared: false, published: false, datePublished: null });
    expect(await activityOf(c)).toHaveLength(1);
    expect((await anonymous.get(`/api/advisories/${c}/`)).json().detail).toBe(NO_PUBLISHED_ADVISORY);

    // Sharing and publishing in one call is fine without force.
    const c2 = await newCase();
    await save(c2);
    res = await coordinator.patch(`/api/case/${c2}/advisory/latest/`, {
      date_shared: today,
      date_published: today,
      override_reason: OVERRIDE,
    });
    expect(res.statusCode, res.body).toBe(200);

    res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, {
      date_published: today,
      force: true,
      override_reason: OVERRIDE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      shared: true,
      date_shared: today,
      published: true,
      date_published: today,
    });
    expect((await w.reporter.get(`/api/case/${c}/advisory/latest/`)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/advisories/${c}/`)).statusCode).toBe(200);
    const log = await activityOf(c);
    expect(log.map((r) => r.verb)).toEqual([
      'saved revision',
      'shared',
      'published',
      'published over blockers',
    ]);
    expect(log[2].after).toMatchObject({ forced: true, date_published: today });
  });

  it('edits the latest revision in place, never a published one; refuses vulnerabilities of another case', async () => {
    const c = await newCase();
    const r1 = await save(c);
    let res = await w.reporter.patch(`/api/case/${c}/advisory/revisions/`, { title: 'Mine' });
    expect(res.statusCode).toBe(403);
    const [vul] = await t.db
      .insert(vulnerabilities)
      .values({ caseId: c, localId: 1, description: 'Overflow', cve: 'CVE-2025-1234' })
      .returning();
    const [otherVul] = await t.db
      .insert(vulnerabilities)
      .values({ caseId: w.caseId, localId: 1, description: 'Elsewhere' })
      .returning();
    res = await coordinator.patch(`/api/case/${c}/advisory/revisions/`, { vulnerabilities: [otherVul.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.vulnerabilities).toEqual([UNKNOWN_CASE_VULS]);
    res = await coordinator.post(
      `/api/case/${c}/advisory/`,
      revisionBody({ vulnerabilities: [vul.id, otherVul.id] }),
    );
    expect(res.statusCode).toBe(400);
    res = await coordinator.patch(`/api/case/${c}/advisory/revisions/`, {
      title: 'A better title',
      vulnerabilities: [vul.id],
      credits: ['Rita Reporter', 'Vic Vendor'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdvisoryRevision>()).toMatchObject({
      id: r1.id,
      revision: 1,
      title: 'A better title',
      vulnerabilities: [vul.id],
      credits: ['Rita Reporter', 'Vic Vendor'],
      content: r1.content,
    });
    expect((await coordinator.get(`/api/case/${c}/advisory/`)).json().count).toBe(1);
    const log = await activityOf(c);
    expect(log.at(-1)).toMatchObject({ verb: 'edited revision', before: { title: r1.title } });
    expect((await coordinator.patch(`/api/case/${c}/advisory/revisions/`, {})).statusCode).toBe(400);

    await coordinator.patch(`/api/case/${c}/advisory/latest/`, {
      date_shared: today,
      date_published: today,
      override_reason: OVERRIDE,
    });
    res = await coordinator.patch(`/api/case/${c}/advisory/revisions/`, { title: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(LATEST_PUBLISHED_LOCKED);
    expect((await anonymous.get(`/api/advisories/${c}/`)).json()).toMatchObject({
      title: 'A better title',
      cves: ['CVE-2025-1234'],
    });
  });

  it('asks only vendors of the case, only about a shared revision', async () => {
    const c = await newCase();
    await save(c);
    let res = await coordinator.post(`/api/case/${c}/approvals/`, { all_vendors: true });
    expect(res.json().detail).toBe(APPROVAL_NEEDS_SHARED);
    await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: today });
    const [reporterRow] = await t.db
      .select()
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, c), eq(caseParticipants.role, 'reporter')));
    for (const participants of [[reporterRow.id], [w.vendorB.participantId]]) {
      res = await coordinator.post(`/api/case/${c}/approvals/`, { participants });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.participants).toEqual([APPROVAL_NOT_VENDORS]);
    }
    expect((await coordinator.post(`/api/case/${c}/approvals/`, {})).statusCode).toBe(400);
    expect(await t.db.select().from(advisoryApprovals).where(eq(advisoryApprovals.caseId, c))).toEqual([]);
  });
});

describe('approval emails', () => {
  it("go through the outbox: to the asked vendors' members, then to the requester — nobody else", async () => {
    const c = await newCase('Approval mail case');
    // A second vendor group with two members, and vendor B: only the group is asked.
    const [group] = await t.db
      .insert(groups)
      .values({ name: `Mail Vendor ${process.pid}`, kind: 'vendor' })
      .returning();
    const m1 = await t.createUser({ name: 'Mia Mailvendor' });
    const m2 = await t.createUser({ name: 'Max Mailvendor' });
    await t.db.insert(groupMembers).values([
      { groupId: group.id, userId: m1.id },
      { groupId: group.id, userId: m2.id },
    ]);
    const [asked] = await t.db
      .insert(caseParticipants)
      .values([
        { caseId: c, groupId: group.id, role: 'vendor' },
        { caseId: c, groupId: w.vendorB.groupId, role: 'vendor' },
      ])
      .returning();
    const other = await t.signIn({ name: 'Olga Othercoordinator', roles: ['coordinator'] });
    await save(c);
    await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: today });
    const mail = async (kind: string) =>
      (
        await t.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.caseId, c), eq(emailOutbox.kind, kind)))
      )
        .map((m) => m.toAddress)
        .sort();

    let res = await coordinator.post(`/api/case/${c}/approvals/`, { participants: [asked.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await mail('approval_requested')).toEqual([m1.email, m2.email].sort());
    const [message] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.caseId, c), eq(emailOutbox.toAddress, m1.email)));
    expect(message).toMatchObject({ status: 'pending', toName: 'Mia Mailvendor' });
    expect(message.subject).toBe(
      `[CVDP] Please review revision 1 of the advisory of case #${c}: Approval mail case`,
    );
    expect(message.textBody).toContain('Hello Mia Mailvendor,');
    expect(message.textBody).toContain(
      `Cora Coordinator asks you to review revision 1 of the advisory of case #${c}`,
    );
    expect(message.textBody).toContain(`/cvdp/cases/${c}`);
    // The in-app Action needed goes to the same people.
    const told = await t.db
      .select({ userId: actionItems.userId })
      .from(actionItems)
      .where(and(eq(actionItems.caseId, c), eq(actionItems.kind, 'approval_requested')));
    expect(told.map((n) => n.userId).sort()).toEqual([m1.id, m2.id].sort());

    // A member answers: the coordinator who asked is emailed — not the member, not the other member, not
    // vendor B, not the reporter, not another coordinator who neither asked nor follows the case.
    const [approval] = res.json<ApprovalRequestResult>().created;
    const member = await signInAs(t, m2);
    res = await member.patch(`/api/case/approvals/${approval.id}/`, {
      status: 'changes_requested',
      comment: 'Our product is called Mailer Pro.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mail('approval_answered')).toEqual([coordinator.user.email]);
    const [answer] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.caseId, c), eq(emailOutbox.kind, 'approval_answered')));
    expect(answer.subject).toBe(
      `[CVDP] A vendor requested changes to revision 1 of the advisory of case #${c}: Approval mail case`,
    );
    expect(answer.textBody).toContain(
      `Max Mailvendor requested changes to revision 1 of the advisory of case #${c}`,
    );
    expect(answer.textBody).toContain('Their comment:\nOur product is called Mailer Pro.');
    const everyone = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.caseId, c))).map(
      (m) => m.toAddress,
    );
    for (const outsider of [w.reporter.user.email, w.vendorB.member.user.email, other.user.email])
      expect(everyone).not.toContain(outsider);
    expect(everyone).toHaveLength(3);
  });
});

describe('the public pages', () => {
  it('escape what people wrote and list published advisories a page at a time', async () => {
    const c = await newCase();
    await save(c, {
      title: '<img src=x onerror=alert(1)> & "quotes"',
      summary: '<b>not bold</b>',
      content:
        '<iframe src="https://evil.example"></iframe>\n\n[click](javascript:alert(1)) ![x](https://evil.example/x.png)',
      impact: '<script>alert(2)</script>',
      credits: ['<i>Someone</i>'],
    });
    await coordinator.patch(`/api/case/${c}/advisory/latest/`, {
      date_shared: today,
      date_published: today,
      override_reason: OVERRIDE,
    });
    const res = await anonymous.get(`/advisories/${c}/`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(body).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(body).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(body).toContain('&lt;i&gt;Someone&lt;/i&gt;');
    expect(body).not.toMatch(/<iframe|<script|href="javascript:|evil\.example\/x\.png|<img src=x/);
    expect(res.headers['content-security-policy']).toBeDefined();

    const all = (await anonymous.get('/api/advisories/?page_size=1')).json<PageOf<PublicAdvisorySummary>>();
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.results).toHaveLength(1);
    expect(all.next).toBe('/api/advisories/?page_size=1&page=2');
    const html = (await anonymous.get('/advisories/?page_size=1&page=2')).body;
    expect(html).toContain('href="/advisories/?page_size=1&amp;page=1"');
    expect((await anonymous.get('/api/advisories/2000000000/')).statusCode).toBe(404);
    expect((await anonymous.get('/advisories/2000000000/')).body).toContain(NO_PUBLISHED_ADVISORY);
  });
});

describe('bad input', () => {
  it('is refused with a 4xx naming the problem, never a 500, and stores nothing', async () => {
    const c = await newCase();
    await save(c);
    await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: today });
    const asked = (
      await coordinator.post(`/api/case/${c}/approvals/`, { all_vendors: true })
    ).json<ApprovalRequestResult>();
    const approvalId = asked.created[0].id;
    const counts = async () =>
      JSON.stringify([
        await t.db.select().from(advisoryRevisions).where(eq(advisoryRevisions.caseId, c)),
        await t.db.select().from(advisoryApprovals).where(eq(advisoryApprovals.caseId, c)),
      ]);
    const before = await counts();
    const bodies: unknown[] = [
      { title: 'a\u0000b' },
      { title: 5 },
      { title: '   ' },
      { title: 'x'.repeat(501) },
      { title: 'ok', content: 'x'.repeat(100_001) },
      { title: 'ok', references: ['javascript:alert(1)'] },
      { title: 'ok', references: 'https://example.com' },
      { title: 'ok', vulnerabilities: [2_147_483_648] },
      { title: 'ok', vulnerabilities: ['0x10'] },
      { title: 'ok', credits: [''] },
      { date_shared: '2025-13-01' },
      { date_published: today, force: 'yes' },
      { participants: [2_147_483_648] },
      { participants: [] },
      { status: 'maybe' },
      { status: 'approved', comment: 'x'.repeat(10_001) },
      null,
      [],
      'x',
    ];
    const calls: [string, string][] = [
      ['POST', `/api/case/${c}/advisory/`],
      ['PATCH', `/api/case/${c}/advisory/latest/`],
      ['PATCH', `/api/case/${c}/advisory/revisions/`],
      ['POST', `/api/case/${c}/approvals/`],
    ];
    for (const [method, url] of calls) {
      for (const body of bodies) {
        const res = await coordinator.request(method as 'POST', url, {
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(400);
        expect(res.json().detail).toBeTruthy();
      }
    }
    for (const body of bodies) {
      const res = await w.vendorA.member.request('PATCH', `/api/case/approvals/${approvalId}/`, {
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(body)?.slice(0, 80)).toBe(400);
    }
    // The text is not metadata: the in-place edit says so instead of ignoring it.
    const text = await coordinator.patch(`/api/case/${c}/advisory/revisions/`, {
      title: 'ok',
      content: 'New',
    });
    expect(text.json().errors.content).toEqual([TEXT_NEEDS_REVISION]);
    // A lone surrogate, sent raw.
    const raw = await coordinator.request('POST', `/api/case/${c}/advisory/`, {
      payload: '{"title":"\\ud800"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    for (const url of [
      `/api/case/${c}/advisory/diff/?from=2147483648&to=1`,
      `/api/case/${c}/advisory/diff/?from=1`,
      `/api/case/${c}/advisory/diff/?from=1&to=%00`,
      `/api/case/${c}/approvals/?revision=-1`,
      '/api/advisories/?page=0',
      '/advisories/?page_size=1000',
    ]) {
      expect((await coordinator.get(url)).statusCode, url).toBe(400);
    }
    for (const url of [
      '/api/advisories/2147483648/',
      '/advisories/0x10/',
      '/api/case/approvals/99999999999/',
    ]) {
      expect((await coordinator.get(url)).statusCode, url).toBe(404);
    }
    expect(await counts()).toBe(before);
  });
});
