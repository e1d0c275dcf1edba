// GET /api/cases/, /api/triage/, /api/contacts/: what each kind of caller finds in the lists, the filters,
// ordering and paging, and the refusals (bad input 400 naming the field, 403 for non-staff).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { type CaseListRow, type Contact, type TriageRow } from '@cvdp/core';
import { eq } from 'drizzle-orm';
import { groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants, cases } from '../tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
let vendorMember: TestClient & { user: TestUser };
let stranger: TestClient & { user: TestUser };
let vendorGroupId: number;
const ids: Record<string, number> = {};

const submit = async (who: TestClient, title: string, product: string, description = 'Overflow') => {
  const res = await submitReport(who, {
    report: sampleReportQuestions({
      title,
      product,
      vulnerabilities: [sampleVulnerability({ description })],
    }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  vendorMember = await t.signIn({ name: 'Vic Vendor' });
  stranger = await t.signIn({ name: 'Sam Stranger' });
  const [vendor] = await t.db.insert(groups).values({ name: 'Globex Security' }).returning();
  vendorGroupId = vendor.id;
  await t.db.insert(groupMembers).values({ groupId: vendor.id, userId: vendorMember.user.id });

  ids.pending = await submit(
    reporter,
    'Heap overflow in Widget parser',
    'Widget 1.0',
    'A crafted zebra file',
  );
  ids.active = await submit(reporter, 'XSS in Gizmo admin', 'Gizmo 2', 'Script injection');
  ids.closed = await submit(stranger, 'CSRF in Doohickey', 'Doohickey 3');
  ids.other = await submit(stranger, 'Open redirect in Thingamajig', 'Thing 4');
  // The vendor group takes part in "active"; the coordinator owns it; "closed" is closed.
  await t.db.insert(caseParticipants).values([
    { caseId: ids.active, groupId: vendor.id, role: 'vendor' },
    { caseId: ids.active, userId: coordinator.user.id, role: 'owner' },
  ]);
  await t.db
    .update(cases)
    .set({ status: 1, tags: ['web'] })
    .where(eq(cases.id, ids.active));
  await t.db.update(cases).set({ status: 2 }).where(eq(cases.id, ids.closed));
});
afterAll(() => t.close());

const listIds = async (who: TestClient, query = '') => {
  const res = await who.get(`/api/cases/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().results as CaseListRow[]).map((r) => r.id);
};

describe('GET /api/cases/', () => {
  it('lists every case for staff, and only their own (directly or through a group) for others', async () => {
    expect((await listIds(coordinator)).sort()).toEqual(Object.values(ids).sort());
    expect((await listIds(reporter)).sort()).toEqual([ids.pending, ids.active].sort());
    expect(await listIds(vendorMember)).toEqual([ids.active]);
    expect((await listIds(stranger)).sort()).toEqual([ids.closed, ids.other].sort());
    const nobody = await t.signIn();
    const res = await nobody.get('/api/cases/');
    expect(res.json()).toEqual({ count: 0, count_capped: false, next: null, previous: null, results: [] });
    expect((await t.anonymous().get('/api/cases/')).statusCode).toBe(401);
  });

  it("answers the row shape: status label, owners' names, tags and the caller's highest role", async () => {
    const res = await vendorMember.get('/api/cases/');
    expect(res.json().results[0]).toEqual({
      id: ids.active,
      title: 'XSS in Gizmo admin',
      status: 1,
      status_label: 'Active',
      owners: ['Cora Coordinator'],
      tags: ['web'],
      created: expect.any(String),
      updated: expect.any(String),
      role: 'vendor',
      awaiting_my_status: false,
      embargo_ends: null,
    });
    const rows: CaseListRow[] = (await coordinator.get('/api/cases/')).json().results;
    expect(rows.find((r) => r.id === ids.active)!.role).toBe('owner');
    expect(rows.find((r) => r.id === ids.pending)!.role).toBeNull();
    const reporterRows: CaseListRow[] = (await reporter.get('/api/cases/')).json().results;
    expect(reporterRows.find((r) => r.id === ids.pending)!.role).toBe('reporter');
  });

  it('filters by words in title, summary and report, status (repeatable), owned and tag', async () => {
    expect(await listIds(coordinator, '?query=zebra')).toEqual([ids.pending]);
    expect(await listIds(coordinator, '?query=Gizmo')).toEqual([ids.active]);
    // Words of a case the caller cannot see find nothing.
    expect(await listIds(vendorMember, '?query=zebra')).toEqual([]);
    expect((await listIds(coordinator, '?status=0')).sort()).toEqual([ids.pending, ids.other].sort());
    expect((await listIds(coordinator, '?status=1&status=2')).sort()).toEqual(
      [ids.active, ids.closed].sort(),
    );
    // My cases: owned, status 0 and 1.
    expect(await listIds(coordinator, '?owned=True&status=0&status=1')).toEqual([ids.active]);
    expect(await listIds(reporter, '?owned=True')).toEqual([]);
    expect(await listIds(coordinator, '?tag=web')).toEqual([ids.active]);
  });

  it('answers each caller and each filter value for itself, though one prepared statement serves a shape', async () => {
    // list-page.ts prepares one statement per shape of list (staff or not, groups or not, filters present,
    // ordering); the caller's ids and the filters' values are its parameters. Asked more than five times,
    // PostgreSQL may run it with a generic plan: two callers of one shape, or other values, must still get
    // their own rows.
    const other = await t.signIn({ roles: ['coordinator'] });
    const roleIn = async (who: TestClient, query: string) =>
      ((await who.get(`/api/cases/${query}`)).json().results as CaseListRow[]).find(
        (r) => r.id === ids.active,
      )?.role;
    for (let round = 0; round < 7; round++) {
      expect(await roleIn(coordinator, '?status=1')).toBe('owner');
      expect(await roleIn(other, '?status=1')).toBeNull();
      expect(await listIds(coordinator, '?status=0&ordering=id')).toEqual([ids.pending, ids.other]);
      expect(await listIds(other, '?status=2&ordering=id')).toEqual([ids.closed]);
      expect((await other.get('/api/cases/?status=0&status=1')).json().count).toBe(3);
      expect(await listIds(coordinator, '?tag=web')).toEqual([ids.active]);
      expect(await listIds(other, '?tag=none')).toEqual([]);
      // An empty tag is no filter, as it always was.
      expect((await listIds(other, '?tag=')).length).toBe(4);
      // Two people who are not staff, one shape.
      expect(await listIds(reporter, '?status=0&ordering=id')).toEqual([ids.pending]);
      expect(await listIds(stranger, '?status=0&ordering=id')).toEqual([ids.other]);
      expect((await reporter.get('/api/cases/?status=0&status=1')).json().count).toBe(2);
      expect((await stranger.get('/api/cases/?status=0&status=1')).json().count).toBe(1);
      // Their word searches and "my cases" are prepared too: the words and the caller per request.
      expect(await listIds(reporter, '?query=zebra')).toEqual([ids.pending]);
      expect(await listIds(stranger, '?query=zebra')).toEqual([]);
      expect(await listIds(stranger, '?query=thingamajig')).toEqual([ids.other]);
      expect((await reporter.get('/api/cases/?query=overflow')).json()).toMatchObject({
        count: 1,
        count_capped: false,
      });
      expect(await listIds(vendorMember, '?query=gizmo&status=1')).toEqual([ids.active]);
      expect(await listIds(vendorMember, '?query=gizmo&status=2')).toEqual([]);
      expect(await listIds(reporter, '?owned=True&status=0&status=1')).toEqual([]);
      // Planned for each request (not prepared): the same answers.
      expect(await listIds(coordinator, '?owned=True&status=0&status=1')).toEqual([ids.active]);
      expect(await listIds(coordinator, '?owned=True&status=0')).toEqual([]);
    }
  });

  it("answers the longest shape of prepared list (its statement's name within PostgreSQL's 63 bytes)", async () => {
    // Groups, words, my cases, statuses, a tag, the longest ordering, the first page written in.
    const res = await vendorMember.get(
      '/api/cases/?query=gizmo&owned=True&status=1&tag=web&ordering=-created&page_size=20',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 0, count_capped: false, results: [] });
  });

  it('a group owner makes its members owners in "my cases"', async () => {
    await t.db.insert(caseParticipants).values({ caseId: ids.other, groupId: vendorGroupId, role: 'owner' });
    try {
      expect((await listIds(vendorMember, '?owned=True')).sort()).toEqual([ids.other]);
      const rows: CaseListRow[] = (await vendorMember.get('/api/cases/?owned=True')).json().results;
      expect(rows[0].owners).toEqual(['Globex Security']);
      // Owner twice over (their group and themselves): one case, counted once.
      await t.db
        .insert(caseParticipants)
        .values({ caseId: ids.other, userId: vendorMember.user.id, role: 'owner' });
      const twice = (await vendorMember.get('/api/cases/?owned=True')).json();
      expect(twice.count).toBe(1);
      expect(twice.results.map((r: CaseListRow) => r.id)).toEqual([ids.other]);
    } finally {
      await t.db.delete(caseParticipants).where(eq(caseParticipants.caseId, ids.other));
    }
  });

  it('orders by id, title, status, created and updated, both ways; default most recently updated', async () => {
    const sorted = Object.values(ids).sort((a, b) => a - b);
    expect(await listIds(coordinator, '?ordering=id')).toEqual(sorted);
    expect(await listIds(coordinator, '?ordering=-id')).toEqual([...sorted].reverse());
    expect(await listIds(coordinator, '?ordering=created')).toEqual(sorted);
    expect(await listIds(coordinator, '?ordering=title')).toEqual([
      ids.closed,
      ids.pending,
      ids.other,
      ids.active,
    ]);
    expect(await listIds(coordinator, '?ordering=-status')).toEqual([
      ids.closed,
      ids.active,
      ...[ids.pending, ids.other].sort((a, b) => b - a),
    ]);
    await t.db
      .update(cases)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(cases.id, ids.pending));
    expect((await listIds(coordinator))[0]).toBe(ids.pending);
    expect((await listIds(coordinator, '?ordering=updated')).at(-1)).toBe(ids.pending);
  });

  it('pages with count and links; a page past the end and bad filters are 400s naming the field', async () => {
    const first = (await coordinator.get('/api/cases/?ordering=id&page_size=3')).json();
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.next).toBe('/api/cases/?ordering=id&page_size=3&page=2');
    const second = (await coordinator.get(first.next)).json();
    expect(second.results.map((r: CaseListRow) => r.id)).toEqual([ids.other]);
    for (const [query, field] of [
      ['?page=3&page_size=3', 'page'],
      ['?page_size=101', 'page_size'],
      ['?page=0', 'page'],
      ['?status=7', 'status'],
      ['?status=0&status=active', 'status'],
      ['?owned=maybe', 'owned'],
      ['?ordering=secret', 'ordering'],
    ]) {
      const res = await coordinator.get(`/api/cases/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(), query).toContain(field);
    }
  });
});

describe('GET /api/triage/', () => {
  it('lists pending cases oldest first with reporter, product and submitted time, for staff only', async () => {
    const res = await coordinator.get('/api/triage/');
    expect(res.statusCode).toBe(200);
    const rows: TriageRow[] = res.json().results;
    expect(rows.map((r) => r.id)).toEqual([ids.pending, ids.other]);
    expect(rows[0]).toEqual({
      id: ids.pending,
      title: 'Heap overflow in Widget parser',
      reporter: { id: reporter.user.id, name: 'Rita Reporter' },
      product: 'Widget 1.0',
      submitted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // Issue 28's quality signals (their reasons: triage-quality/quality.test.ts).
      quality: expect.objectContaining({ label: expect.any(String), reasons: expect.any(Array) }),
    });
    expect(
      (await coordinator.get('/api/triage/?query=redirect')).json().results.map((r: TriageRow) => r.id),
    ).toEqual([ids.other]);
    for (const who of [reporter, vendorMember, stranger])
      expect((await who.get('/api/triage/')).statusCode).toBe(403);
    expect((await t.anonymous().get('/api/triage/')).statusCode).toBe(401);
    const past = await coordinator.get('/api/triage/?page=2');
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty('page');
  });
});

describe('GET /api/contacts/', () => {
  it('finds active, approved users by name or email and groups by name, for staff only', async () => {
    await t.createUser({ name: 'Pending Globex', pending: true });
    const res = await coordinator.get('/api/contacts/?query=globex');
    expect(res.statusCode).toBe(200);
    const found: Contact[] = res.json();
    expect(found).toEqual([
      { kind: 'group', id: vendorGroupId, name: 'Globex Security', email: null, group_kind: 'vendor' },
    ]);
    const byName: Contact[] = (await coordinator.get('/api/contacts/?query=vic')).json();
    expect(byName).toEqual([
      {
        kind: 'user',
        id: vendorMember.user.id,
        name: 'Vic Vendor',
        email: vendorMember.user.email,
        group_kind: null,
      },
    ]);
    const byEmail: Contact[] = (
      await coordinator.get(`/api/contacts/?query=${encodeURIComponent(reporter.user.email)}`)
    ).json();
    expect(byEmail.map((c) => c.id)).toEqual([reporter.user.id]);
    // % and _ are literal, not wildcards.
    expect((await coordinator.get('/api/contacts/?query=%25')).json()).toEqual([]);
    for (const who of [reporter, vendorMember])
      expect((await who.get('/api/contacts/?query=a')).statusCode).toBe(403);
  });
});

describe('the case counts kept by triggers', () => {
  it('follow inserts, status changes and deletes, and match a real count', async () => {
    const { caseStatusCounts, cases: casesTable } = await import('../tables.ts');
    const { count: countFn, eq: eqFn, sql: sqlFn } = await import('drizzle-orm');
    const real = async (status: number) =>
      (await t.db.select({ n: countFn() }).from(casesTable).where(eqFn(casesTable.status, status)))[0].n;
    const kept = async (status: number) =>
      (await t.db.select().from(caseStatusCounts).where(eqFn(caseStatusCounts.status, status)))[0]?.n ?? 0;
    const inserted = await t.db
      .insert(casesTable)
      .values([{ title: 'count a' }, { title: 'count b' }, { title: 'count c', status: 1 }])
      .returning();
    await t.db.update(casesTable).set({ status: 2 }).where(eqFn(casesTable.id, inserted[0].id));
    await t.db.update(casesTable).set({ title: 'renamed' }).where(eqFn(casesTable.id, inserted[1].id));
    await t.db.delete(casesTable).where(eqFn(casesTable.id, inserted[2].id));
    for (const status of [0, 1, 2]) expect(await kept(status), `status ${status}`).toBe(await real(status));
    // And the coordinator's unfiltered list answers that count.
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const all = (await coordinator.get('/api/cases/?page_size=1')).json<{ count: number }>();
    const [{ n }] = await t.db.select({ n: sqlFn<number>`count(*)::int` }).from(casesTable);
    expect(all.count).toBe(n);
  });
});

describe("awaiting_my_status: the vendor's home marks the cases waiting for its status", () => {
  it('is true while a vendor row the caller takes part through has no status for some vulnerability', async () => {
    const [one, two] = await t.db
      .insert(vulnerabilities)
      .values([
        { caseId: ids.active, localId: 1, description: 'Script injection' },
        { caseId: ids.active, localId: 2, description: 'Stored script injection' },
      ])
      .returning();
    const [vendorRow] = await t.db
      .select()
      .from(caseParticipants)
      .where(eq(caseParticipants.groupId, vendorGroupId));
    const awaiting = async (who: TestClient) => {
      const rows: CaseListRow[] = (await who.get('/api/cases/')).json().results;
      return rows.find((r) => r.id === ids.active)!.awaiting_my_status;
    };
    const say = async (vul: number, status: string) => {
      const res = await vendorMember.post(`/api/case/${ids.active}/vendors/status/`, {
        vul,
        participant: vendorRow.id,
        status,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect(await awaiting(vendorMember)).toBe(true);
    // Only a vendor is waited for: not the owner, not the reporter.
    expect(await awaiting(coordinator)).toBe(false);
    expect(await awaiting(reporter)).toBe(false);
    await say(one.id, 'fixed');
    expect(await awaiting(vendorMember)).toBe(true);
    // "Unknown" said outright is no answer yet.
    await say(two.id, 'unknown');
    expect(await awaiting(vendorMember)).toBe(true);
    await say(two.id, 'affected');
    expect(await awaiting(vendorMember)).toBe(false);
  });
});
