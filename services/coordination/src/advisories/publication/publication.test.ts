// The guard rails and the scheduled publication (issue 25 items 4 and 5) through the real HTTP stack and the
// real worker, with a ManualClock: each blocker; the 409 on publishing and the override recorded; scheduling's
// refusals; a scheduled publication exactly once with two workers racing (each on its own pool on PostgreSQL)
// and after a crash inside the publishing transaction; a blocked schedule that tells the owners and publishes
// nothing; "at embargo end" following the embargo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  type BlockersAnswer,
  type Blocker,
  OVERRIDE_REASON_REQUIRED,
  PUBLICATION_BLOCKED,
  SCHEDULE_EXISTS,
  SCHEDULE_IN_PAST,
  SCHEDULE_NEEDS_SHARED,
  SCHEDULE_NO_EMBARGO,
  SCHEDULE_NONE,
  type PublicationSchedule,
  type ScheduleAnswer,
} from '@cvdp/core';
import { activity, type Db, ManualClock, loadConfig, openPostgres } from '@cvdp/server-kit';
import { advisoryRevisions, caseAssignments, embargoes, embargoLog, notifications } from '../../tables.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertVul, vendorWorld, type VendorWorld } from '../../../testing/vendor-status-test-helpers.ts';
import { embargoLink } from './embargo-link.ts';
import { PUBLICATION_CHANNEL } from './store.ts';
import { advisoryPublications } from './tables.ts';
import { PublicationWorker } from './worker.ts';

const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
const HOUR = 3_600_000;
let t: TestApp;
let otherDb: Db;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The app's own worker stays off: woken by the schedule's NOTIFY after the test moved the clock, it would
  // race the workers the test drives (and the test would look before it finished).
  t = await createTestApp({ clock, config: { publicationWorker: false } });
  // On PostgreSQL the second worker has its own pool, as a second replica would.
  otherDb = t.db;
  const url = (t.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
    ?.connectionString;
  if (url) {
    const other = await openPostgres(url, { max: 3 });
    cleanups.push(() => other.close());
    otherDb = other.db;
  }
}, 60_000);
afterAll(async () => {
  for (const c of cleanups) await c();
  await t.close();
});

const worker = (db: Db = t.db, beforeCommit?: () => void) =>
  new PublicationWorker({
    db,
    clock,
    config: t.app.config,
    outbound: t.app.outbound,
    embargo: embargoLink,
    beforeCommit,
  });

/**
 * A case nothing blocks: one vulnerability with a CVE id, a reference and both vendors' status, covered by a
 * shared revision of the advisory.
 */
let cveSerial = 1000;
async function cleanCase(): Promise<VendorWorld> {
  const cve = `CVE-2026-${++cveSerial}`;
  const w = await vendorWorld(t, [
    {
      description: 'The admin page trusts the X-User header.',
      cve,
      references: ['https://acme.example/SA-1'],
    },
  ]);
  for (const participant of [w.acme, w.bobParticipant]) {
    const res = await w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, {
      vul: w.vuls[0].id,
      participant,
      status: 'affected',
      product: 'Admin Console',
      affected_versions: '3.1',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const saved = await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, {
    title: 'Header trust in Admin Console',
    summary: 'The admin page trusts a header.',
    content: 'Details.',
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const shared = await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
    date_shared: '2026-11-27',
  });
  expect(shared.statusCode, shared.body).toBe(200);
  return w;
}

async function blockersOf(w: VendorWorld): Promise<Blocker[]> {
  const res = await w.coordinator.get(`/api/case/${w.caseId}/advisory/blockers/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BlockersAnswer>().blockers;
}
const codes = (b: Blocker[]) => b.map((x) => x.code);

/** The case's embargo in force until `end` (the embargo domain's own row: what its routes leave behind). */
async function setEmbargoEnd(caseId: number, end: string) {
  const endsAt = new Date(end);
  await t.db
    .insert(embargoes)
    .values({ caseId, state: 'active', endsAt })
    .onConflictDoUpdate({ target: embargoes.caseId, set: { state: 'active', endsAt } });
}

async function embargoOf(caseId: number) {
  const [row] = await t.db.select().from(embargoes).where(eq(embargoes.caseId, caseId));
  const log = await t.db
    .select()
    .from(embargoLog)
    .where(eq(embargoLog.caseId, caseId))
    .orderBy(embargoLog.seq);
  return { state: row?.state, exitReason: row?.exitReason, log };
}

async function published(caseId: number) {
  const rows = await t.db
    .select({ published: advisoryRevisions.published, date: advisoryRevisions.datePublished })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, caseId));
  return rows.filter((r) => r.published);
}

async function verbs(caseId: number, verb: string) {
  return t.db
    .select()
    .from(activity)
    .where(and(eq(activity.caseId, caseId), eq(activity.verb, verb)));
}

async function notified(caseId: number, kind: string) {
  const rows = await t.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.caseId, caseId), eq(notifications.kind, kind)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

async function schedule(w: VendorWorld, body: Record<string, unknown>) {
  return w.coordinator.post(`/api/case/${w.caseId}/advisory/publication/`, body);
}
async function scheduleOf(w: VendorWorld): Promise<PublicationSchedule | null> {
  return (await w.coordinator.get(`/api/case/${w.caseId}/advisory/publication/`)).json<ScheduleAnswer>()
    .schedule;
}

describe('the blockers', () => {
  it('finds none on a case ready to publish, and each kind when it is there', async () => {
    const w = await cleanCase();
    expect(await blockersOf(w)).toEqual([]);

    // Approvals: pending, then changes requested.
    const asked = await w.coordinator.post(`/api/case/${w.caseId}/approvals/`, { participants: [w.acme] });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(codes(await blockersOf(w))).toEqual(['approval_pending']);
    const id = asked.json<{ created: { id: number }[] }>().created[0].id;
    await w.acmeMember.patch(`/api/case/approvals/${id}/`, {
      status: 'changes_requested',
      comment: 'Name the fix',
    });
    const [declined] = await blockersOf(w);
    expect(declined).toMatchObject({ code: 'approval_declined', link: `/cvdp/cases/${w.caseId}/advisory` });
    expect(declined.message).toContain('Name the fix');
    await w.acmeMember.patch(`/api/case/approvals/${id}/`, { status: 'approved', comment: '' });
    expect(await blockersOf(w)).toEqual([]);

    // An embargo still running; not once its end has passed.
    await setEmbargoEnd(w.caseId, '2026-12-01T12:00:00Z');
    const [embargo] = await blockersOf(w);
    expect(embargo).toMatchObject({ code: 'embargo_active' });
    expect(embargo.message).toContain('2026-12-01T12:00:00.000Z');
    await setEmbargoEnd(w.caseId, '2026-11-20T12:00:00Z');
    expect(await blockersOf(w)).toEqual([]);

    // A vulnerability without a CVE id (and without a vendor status: the CSAF cannot be built).
    await insertVul(t, w.caseId, 2, { description: 'The export writes anywhere.' });
    expect(codes(await blockersOf(w))).toEqual(['csaf_invalid', 'cve_missing']);
  });

  it('finds a CVE record that fails its schema, and a CSAF export with nothing to cover', async () => {
    const w = await vendorWorld(t, [{ description: 'No reference.', cve: 'CVE-2026-0002' }]);
    await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, { title: 'T', content: 'C' });
    const blockers = await blockersOf(w);
    expect(codes(blockers)).toEqual(['csaf_invalid', 'cve_record_invalid']);
    expect(blockers[1].fix).toMatch(/reference/i);

    const empty = await vendorWorld(t, []);
    await empty.coordinator.post(`/api/case/${empty.caseId}/advisory/`, { title: 'T', content: 'C' });
    const [csaf] = await blockersOf(empty);
    expect(csaf.code).toBe('csaf_invalid');
    // Only staff see them.
    expect((await empty.acmeMember.get(`/api/case/${empty.caseId}/advisory/blockers/`)).statusCode).toBe(403);
  });
});

describe('publishing behind the guard rails', () => {
  it('answers 409 listing the blockers; staff publish over them with a reason, which is recorded', async () => {
    const w = await cleanCase();
    await setEmbargoEnd(w.caseId, '2026-12-24T12:00:00Z');
    const url = `/api/case/${w.caseId}/advisory/latest/`;
    let res = await w.coordinator.patch(url, { date_published: '2026-11-27' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: PUBLICATION_BLOCKED, blockers: [{ code: 'embargo_active' }] });
    expect(await published(w.caseId)).toEqual([]);

    res = await w.coordinator.patch(url, { date_published: '2026-11-27', override_reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.override_reason).toEqual([OVERRIDE_REASON_REQUIRED]);
    expect(
      (await w.acmeMember.patch(url, { date_published: '2026-11-27', override_reason: 'x' })).statusCode,
    ).toBe(403);
    expect(await published(w.caseId)).toEqual([]);

    res = await w.coordinator.patch(url, {
      date_published: '2026-11-27',
      override_reason: 'Exploited in the wild',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await published(w.caseId)).toHaveLength(1);
    const [override] = await verbs(w.caseId, 'published over blockers');
    expect(override.after).toMatchObject({
      reason: 'Exploited in the wild',
      blockers: [{ code: 'embargo_active' }],
    });
    expect(override.actorId).toBe(w.coordinator.user.id);
    // The embargo's own log holds the override, then publishing ends the embargo.
    const embargo = await embargoOf(w.caseId);
    expect(embargo.log.map((e) => e.kind)).toEqual(['override', 'ended_early']);
    expect(embargo.log[0].details).toEqual({ reason: 'Exploited in the wild', blockers: ['embargo_active'] });
    expect(embargo.log[0].actorId).toBe(w.coordinator.user.id);
    expect(embargo).toMatchObject({ state: 'exited', exitReason: 'advisory published' });
  });

  it('publishes at once when nothing blocks, and does not guard sharing', async () => {
    const w = await cleanCase();
    const res = await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
      date_published: '2026-11-27',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await verbs(w.caseId, 'published over blockers')).toEqual([]);
  });
});

describe('scheduling', () => {
  it('refuses what cannot be scheduled, each with a clear 4xx, and cancels', async () => {
    const w = await vendorWorld(t, [{}]);
    await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, { title: 'T', content: 'C' });
    const at = new Date(clock.now().getTime() + HOUR).toISOString();
    let res = await schedule(w, { when: 'at', at });
    expect([res.statusCode, res.json().detail]).toEqual([409, SCHEDULE_NEEDS_SHARED]);
    await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, { date_shared: '2026-11-27' });
    res = await schedule(w, { when: 'at', at: new Date(clock.now().getTime() - 1000).toISOString() });
    expect([res.statusCode, res.json().errors.at]).toEqual([400, [SCHEDULE_IN_PAST]]);
    res = await schedule(w, { when: 'embargo_end' });
    expect([res.statusCode, res.json().detail]).toEqual([409, SCHEDULE_NO_EMBARGO]);
    res = await schedule(w, { when: 'at' });
    expect(res.statusCode).toBe(400);
    expect((await schedule(w, { when: 'at', at: 'tomorrow' })).statusCode).toBe(400);
    expect(
      (await w.acmeMember.post(`/api/case/${w.caseId}/advisory/publication/`, { when: 'at', at })).statusCode,
    ).toBe(403);

    res = await schedule(w, { when: 'at', at, publish_cves: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ when: 'at', due: at, state: 'scheduled', publish_cves: true });
    res = await schedule(w, { when: 'at', at });
    expect([res.statusCode, res.json().detail]).toEqual([409, SCHEDULE_EXISTS]);
    expect((await w.coordinator.delete(`/api/case/${w.caseId}/advisory/publication/`)).statusCode).toBe(204);
    expect((await scheduleOf(w))?.state).toBe('cancelled');
    res = await w.coordinator.delete(`/api/case/${w.caseId}/advisory/publication/`);
    expect([res.statusCode, res.json().detail]).toEqual([404, SCHEDULE_NONE]);
  });
});

describe('the scheduled publication', () => {
  it('CVDP_PUBLICATION_WORKER=0: the app runs no worker of its own, even woken with a due schedule', async () => {
    expect(loadConfig({ CVDP_PUBLICATION_WORKER: '0' }).publicationWorker).toBe(false);
    expect(loadConfig({}).publicationWorker).toBe(true);
    const w = await cleanCase();
    await schedule(w, { when: 'at', at: new Date(clock.now().getTime() + HOUR).toISOString() });
    clock.advance(2 * HOUR);
    // What wakes a running worker at once; one would have claimed the due row (its lease set) by now.
    await t.db.execute(sql`select pg_notify(${PUBLICATION_CHANNEL}, '')`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [row] = await t.db
      .select({ state: advisoryPublications.state, lease: advisoryPublications.leaseUntil })
      .from(advisoryPublications)
      .where(eq(advisoryPublications.caseId, w.caseId));
    expect(row).toEqual({ state: 'scheduled', lease: null });
    // The test's worker (another replica's) publishes it.
    expect(await worker().runOnce()).toBe(1);
    expect(await published(w.caseId)).toHaveLength(1);
  });

  it('publishes exactly once with two workers racing, and tells every participant', async () => {
    const w = await cleanCase();
    const res = await schedule(w, { when: 'at', at: new Date(clock.now().getTime() + HOUR).toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    // Not yet due.
    expect(await worker().runOnce()).toBe(0);
    clock.advance(2 * HOUR);
    await Promise.all([worker().runOnce(), worker(otherDb).runOnce(), worker().runOnce()]);

    expect(await published(w.caseId)).toEqual([{ published: true, date: '2026-11-27' }]);
    expect(await verbs(w.caseId, 'published')).toHaveLength(1);
    // A case without an embargo gets none by publishing.
    expect((await embargoOf(w.caseId)).state).toBeUndefined();
    const participants = [w.reporter, w.acmeMember, w.bob, w.observer]
      .map((c) => c.user.id)
      .sort((a, b) => a - b);
    expect(await notified(w.caseId, 'advisory_published')).toEqual(participants);
    expect(await scheduleOf(w)).toMatchObject({ state: 'published', revision: 1, blockers: [] });
    // The public page is live.
    expect((await t.anonymous().get(`/api/advisories/${w.caseId}/`)).statusCode).toBe(200);
    expect(await worker().runOnce()).toBe(0);
  });

  it('leaves nothing behind when a worker dies mid-publication; the next one publishes once the lease ends', async () => {
    const w = await cleanCase();
    await schedule(w, { when: 'at', at: new Date(clock.now().getTime() + HOUR).toISOString() });
    clock.advance(2 * HOUR);
    const dying = worker(t.db, () => {
      throw new Error('killed between the steps');
    });
    expect(await dying.runOnce()).toBe(1);
    expect(await published(w.caseId)).toEqual([]);
    expect(await verbs(w.caseId, 'published')).toEqual([]);
    expect(await notified(w.caseId, 'advisory_published')).toEqual([]);
    expect((await scheduleOf(w))?.state).toBe('scheduled');
    // Its lease keeps the others away, then runs out.
    expect(await worker(otherDb).runOnce()).toBe(0);
    clock.advance(10 * 60_000);
    expect(await worker(otherDb).runOnce()).toBe(1);
    expect(await published(w.caseId)).toHaveLength(1);
    expect(await verbs(w.caseId, 'published')).toHaveLength(1);
    expect(await notified(w.caseId, 'advisory_published')).toHaveLength(4);
  });

  it('does not publish with blockers: the owners are told what stopped it, and the schedule shows why', async () => {
    const w = await cleanCase();
    await t.db.insert(caseAssignments).values({ caseId: w.caseId, userId: w.coordinator.user.id });
    await w.coordinator.post(`/api/case/${w.caseId}/approvals/`, { participants: [w.acme] });
    await schedule(w, { when: 'at', at: new Date(clock.now().getTime() + HOUR).toISOString() });
    clock.advance(2 * HOUR);
    await Promise.all([worker().runOnce(), worker(otherDb).runOnce()]);
    expect(await published(w.caseId)).toEqual([]);
    const s = await scheduleOf(w);
    expect(s).toMatchObject({ state: 'blocked', revision: null });
    expect(codes(s!.blockers)).toEqual(['approval_pending']);
    expect(await notified(w.caseId, 'publication_blocked')).toEqual([w.coordinator.user.id]);
    expect(await notified(w.caseId, 'advisory_published')).toEqual([]);
  });

  it('at the embargo’s end: follows an extended embargo, then publishes when it ends', async () => {
    const w = await cleanCase();
    await setEmbargoEnd(w.caseId, '2026-12-10T12:00:00Z');
    const res = await schedule(w, { when: 'embargo_end' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().due).toBe('2026-12-10T12:00:00.000Z');
    await setEmbargoEnd(w.caseId, '2026-12-20T12:00:00Z');
    clock.set(new Date('2026-12-15T00:00:00Z'));
    await worker().runOnce();
    expect(await published(w.caseId)).toEqual([]);
    expect((await scheduleOf(w))?.due).toBe('2026-12-20T12:00:00.000Z');
    clock.set(new Date('2026-12-20T12:00:01Z'));
    await worker().runOnce();
    expect(await published(w.caseId)).toEqual([{ published: true, date: '2026-12-20' }]);
    // Its end came: the embargo is over, not in force for anything published later.
    expect((await embargoOf(w.caseId)).state).not.toMatch(/^(active|revising)$/);
    expect(await embargoLink.activeEnd(t.db, w.caseId)).toBeNull();
  });
});
