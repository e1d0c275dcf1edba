// GET /api/case/{id}/activity/ and /api/case/activity/: who sees which rows of a case's log, the sentences
// people read, before/after for staff only, the `q` filter, paging and newest-first order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { type ActivityEntry as ActivityInput, activity, groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants } from '../tables.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';

let t: TestApp;
type Client = TestClient & { user: TestUser };
let coordinator: Client;
let admin: Client;
let reporter: Client;
let vendor: Client;
let stranger: Client;
let caseA = 0;
let caseB = 0;

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes));

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  admin = await t.signIn({ roles: ['admin'], name: 'Ada Admin' });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  vendor = await t.signIn({ name: 'Victor Vendor' });
  stranger = await t.signIn({ name: 'Stan Stranger' });

  // Two cases through the real submit (each writes "submitted report" in its transaction).
  const a = await submitReport(reporter, { report: sampleReportQuestions({ title: 'Overflow in Widget' }) });
  const b = await submitReport(stranger, { report: sampleReportQuestions({ title: 'Gadget XSS' }) });
  caseA = a.json().id;
  caseB = b.json().id;

  const [acme] = await t.db.insert(groups).values({ name: 'Acme', kind: 'vendor' }).returning();
  await t.db.insert(groupMembers).values({ groupId: acme.id, userId: vendor.user.id });
  await t.db.insert(caseParticipants).values({ caseId: caseA, groupId: acme.id, role: 'vendor' });

  // What the other workspace calls write, at fixed times after the submits (which happened "now", earlier).
  const write = (entry: ActivityInput, minutes: number) =>
    t.db.insert(activity).values({ ...entry, objectId: String(entry.objectId), at: at(minutes) });
  const c = coordinator.user.id;
  await write(
    {
      actorId: c,
      caseId: caseA,
      verb: 'activated',
      objectType: 'case',
      objectId: caseA,
      before: { status: 0 },
      after: { status: 1 },
    },
    1,
  );
  await write(
    {
      actorId: c,
      caseId: caseA,
      verb: 'added',
      objectType: 'participant',
      objectId: 1,
      after: { name: 'Acme', role: 'vendor' },
    },
    2,
  );
  await write(
    {
      actorId: c,
      caseId: caseA,
      verb: 'assigned',
      objectType: 'assignment',
      objectId: 1,
      after: { user: 'Cora Coordinator' },
    },
    3,
  );
  await write(
    {
      actorId: c,
      caseId: caseA,
      verb: 'uploaded',
      objectType: 'artifact',
      objectId: 'uuid-secret',
      after: { file: 'exploit-internal.txt' },
    },
    4,
  );
  await write(
    {
      actorId: vendor.user.id,
      caseId: caseA,
      verb: 'uploaded',
      objectType: 'artifact',
      objectId: 'uuid-vendor',
      after: { file: 'patch.diff' },
    },
    5,
  );
  await write(
    {
      actorId: reporter.user.id,
      caseId: caseA,
      verb: 'edited report',
      objectType: 'report',
      objectId: 1,
      before: { title: 'Overflow in Widget' },
      after: { title: 'Overflow in Widget 2' },
    },
    6,
  );
  await write({ actorId: c, caseId: caseB, verb: 'activated', objectType: 'case', objectId: caseB }, 7);
  // Not case activity: an account-level row, and a row of a case that no longer exists.
  await write({ actorId: c, verb: 'changed password', objectType: 'user', objectId: c }, 8);
  await write({ actorId: c, caseId: 999_999, verb: 'activated', objectType: 'case', objectId: 999_999 }, 9);
});
afterAll(() => t.close());

type Entry = {
  text: string;
  verb: string;
  object_type: string;
  case: number;
  case_title: string;
  before?: unknown;
  after?: unknown;
  actor: { id: number; name: string } | null;
  created: string;
};
const texts = (body: { results: Entry[] }) => body.results.map((e) => e.text);

describe('GET /api/case/{id}/activity/', () => {
  it('shows staff every row of the case, newest first, as sentences, with before/after', async () => {
    const res = await coordinator.get(`/api/case/${caseA}/activity/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(7);
    expect(texts(body)).toEqual([
      'Rita Reporter edited the report',
      'Victor Vendor uploaded a file',
      'Cora Coordinator uploaded a file',
      'Cora Coordinator assigned a coordinator',
      'Cora Coordinator added a participant',
      'Cora Coordinator activated the case',
      'Rita Reporter submitted the report',
    ]);
    const [edit] = body.results as Entry[];
    expect(edit).toMatchObject({
      case: caseA,
      case_title: 'Overflow in Widget',
      actor: { id: reporter.user.id, name: 'Rita Reporter' },
      verb: 'edited report',
      object_type: 'report',
      object_id: '1',
      created: at(6).toISOString(),
      before: { title: 'Overflow in Widget' },
      after: { title: 'Overflow in Widget 2' },
    });
    // The admin sees the same.
    expect((await admin.get(`/api/case/${caseA}/activity/`)).json().count).toBe(7);
  });

  it('shows a vendor what happened to the case, its report and participants and what they did — no details', async () => {
    const body = (await vendor.get(`/api/case/${caseA}/activity/`)).json();
    expect(texts(body)).toEqual([
      'Rita Reporter edited the report',
      'Victor Vendor uploaded a file',
      'Cora Coordinator added a participant',
      'Cora Coordinator activated the case',
      'Rita Reporter submitted the report',
    ]);
    expect(body.count).toBe(5);
    for (const entry of body.results as Entry[]) {
      expect(entry).not.toHaveProperty('before');
      expect(entry).not.toHaveProperty('after');
    }
    // Nothing about the coordinator's unshared file or the internal assignment leaks, in any field.
    expect(JSON.stringify(body)).not.toMatch(/uuid-secret|exploit-internal|assignment/);
  });

  it('shows the reporter the same kinds of rows', async () => {
    const body = (await reporter.get(`/api/case/${caseA}/activity/`)).json();
    expect(texts(body)).toEqual([
      'Rita Reporter edited the report',
      'Cora Coordinator added a participant',
      'Cora Coordinator activated the case',
      'Rita Reporter submitted the report',
    ]);
    expect(JSON.stringify(body)).not.toContain('Overflow in Widget 2');
  });

  it('answers 404 to a stranger to the case (like a missing case) and 401 without a session', async () => {
    const stray = await stranger.get(`/api/case/${caseA}/activity/`);
    expect(stray.statusCode).toBe(404);
    expect((await coordinator.get('/api/case/999999/activity/')).statusCode).toBe(404);
    expect((await coordinator.get('/api/case/abc/activity/')).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/case/${caseA}/activity/`)).statusCode).toBe(401);
  });

  it('filters by words of the verb, object and actor (q)', async () => {
    const q = async (who: Client, words: string) =>
      texts((await who.get(`/api/case/${caseA}/activity/?q=${encodeURIComponent(words)}`)).json());
    expect(await q(coordinator, 'activated')).toEqual(['Cora Coordinator activated the case']);
    expect(await q(coordinator, 'rita')).toEqual([
      'Rita Reporter edited the report',
      'Rita Reporter submitted the report',
    ]);
    // Every word must match; articles are ignored, so a sentence's own words find it.
    expect(await q(coordinator, 'Rita edited the report')).toEqual(['Rita Reporter edited the report']);
    expect(await q(coordinator, 'uploaded victor')).toEqual(['Victor Vendor uploaded a file']);
    expect(await q(coordinator, 'participant')).toEqual(['Cora Coordinator added a participant']);
    // A LIKE wildcard is a plain character.
    expect(await q(coordinator, '%')).toEqual([]);
    // The filter never widens what the caller may see.
    expect(await q(vendor, 'uploaded')).toEqual(['Victor Vendor uploaded a file']);
    expect(await q(vendor, 'assigned')).toEqual([]);
    const long = await coordinator.get(`/api/case/${caseA}/activity/?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('q');
  });

  it('pages with page and page_size; a page past the end is a 400 naming page', async () => {
    const page1 = (await coordinator.get(`/api/case/${caseA}/activity/?page_size=3`)).json();
    expect(page1.results).toHaveLength(3);
    expect(page1.next).toContain('page=2');
    const page3 = (await coordinator.get(`/api/case/${caseA}/activity/?page_size=3&page=3`)).json();
    expect(texts(page3)).toEqual(['Rita Reporter submitted the report']);
    expect(page3.next).toBeNull();
    const past = await coordinator.get(`/api/case/${caseA}/activity/?page_size=3&page=4`);
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty('page');
    const big = await coordinator.get(`/api/case/${caseA}/activity/?page_size=201`);
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toHaveProperty('page_size');
  });
});

describe('GET /api/case/activity/', () => {
  it('gives staff every case row, newest first — not account rows nor rows of cases that are gone', async () => {
    const body = (await coordinator.get('/api/case/activity/')).json();
    expect(body.count).toBe(9);
    expect(body.results[0]).toMatchObject({
      case: caseB,
      case_title: 'Gadget XSS',
      text: 'Cora Coordinator activated the case',
    });
    expect((body.results as Entry[]).every((e) => e.case === caseA || e.case === caseB)).toBe(true);
    expect(texts(body)).not.toContain('Cora Coordinator changed their password');
  });

  it('gives a participant only rows of their cases that they may see', async () => {
    const body = (await vendor.get('/api/case/activity/')).json();
    expect(body.count).toBe(5);
    expect((body.results as Entry[]).every((e) => e.case === caseA && !('before' in e))).toBe(true);
    const other = (await stranger.get('/api/case/activity/')).json();
    expect(other.results.map((e: Entry) => [e.case, e.text])).toEqual([
      [caseB, 'Cora Coordinator activated the case'],
      [caseB, 'Stan Stranger submitted the report'],
    ]);
    // A new user with no case sees nothing at all.
    const nobody = await t.signIn();
    expect((await nobody.get('/api/case/activity/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await t.anonymous().get('/api/case/activity/')).statusCode).toBe(401);
  });

  it('filters by words, the case title included', async () => {
    const body = (await coordinator.get('/api/case/activity/?q=gadget')).json();
    expect(body.results.map((e: Entry) => e.text)).toEqual([
      'Cora Coordinator activated the case',
      'Stan Stranger submitted the report',
    ]);
    const mine = (await vendor.get('/api/case/activity/?q=gadget')).json();
    expect(mine.count).toBe(0);
  });
});
