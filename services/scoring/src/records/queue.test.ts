// The queue through the real HTTP stack: who may call base 2, the list (paging, query, filters, ordering,
// unknown fields), OPTIONS, a vulnerability by CVE id or numeric id, assign / reassess / lock / unlock with
// the lock race, the score per SSVC table with CVSS and CWE, and changes / activity paging
// (GET /api/vuls/{id}/analysis/activity/ belongs to the analysis domain and is tested there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cappedPageOf, groupMembers, groups } from '@cvdp/server-kit';
import {
  type VulDetail,
  type VulScore,
  type VulSummary,
  vulListQuerySchema,
  vulSummarySchema,
} from '@cvdp/core/scoring/index';
import { listConditions, listVuls } from './store.ts';
import { cveRecords } from '../tables.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { KEV_RECORDS, SOME_RECORDS, ingestPaths, recordsFolder } from '../../testing/records.ts';

type Client = TestClient & { user: { id: number } };
let t: TestApp;
let scorerA: Client;
let scorerB: Client;
let admin: Client;

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

beforeAll(async () => {
  t = await createScoringTestApp();
  const dir = await recordsFolder(SOME_RECORDS);
  const result = await ingestPaths(t.db, [dir]);
  expect(result.new).toBe(SOME_RECORDS.length);
  scorerA = await t.signIn({ roles: ['scorer'], name: 'Ada Scorer' });
  scorerB = await t.signIn({ roles: ['scorer'], name: 'Bob Scorer' });
  admin = await t.signIn({ roles: ['admin'], name: 'Ann Admin' });
}, 120_000);
afterAll(() => t?.close());

const list = async (client: TestClient, query = '') => {
  const res = await client.get(`${S}/api/vuls/${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<VulSummary>>();
};
const ids = (page: Page<VulSummary>) => page.results.map((v) => v.cve_id);

describe('access', () => {
  it('scorers and admins only: 401 signed out, 403 for reporters, vendors and coordinators', async () => {
    const reporter = await t.signIn({ roles: ['reporter'] });
    const vendor = await t.signIn({ roles: ['reporter'] });
    const [g] = await t.db.insert(groups).values({ name: 'Vendor Inc' }).returning();
    await t.db.insert(groupMembers).values({ groupId: g.id, userId: vendor.user.id });
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const urls = [
      ['GET', '/api/vuls/'],
      ['OPTIONS', '/api/vuls/'],
      ['GET', '/api/vuls/CVE-2023-22515/'],
      ['PATCH', '/api/vuls/CVE-2023-22515/'],
      ['GET', '/api/vuls/CVE-2023-22515/score/'],
      ['PATCH', '/api/vuls/CVE-2023-22515/score/'],
      ['DELETE', '/api/vuls/CVE-2023-22515/score/'],
      ['GET', '/api/vuls/CVE-2023-22515/changes/'],
      ['GET', '/api/CVE-2023-22515/activity/'],
      ['GET', '/api/ingest/'],
    ] as const;
    // A body every write route accepts, so the refusal is about who asks.
    const body = { lock: '1', cwes: ['CWE-79'] };
    for (const [method, url] of urls) {
      expect((await t.anonymous().request(method, S + url, { body })).statusCode, `${method} ${url}`).toBe(
        401,
      );
      for (const who of [reporter, vendor, coordinator])
        expect((await who.request(method, S + url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    // Uploads are for admins only.
    expect((await scorerA.get(`${S}/api/ingest/`)).statusCode).toBe(403);
  });
});

describe('GET /api/vuls/', () => {
  it('pages like every list', async () => {
    const first = await list(scorerA, 'page_size=5&ordering=id');
    expect(first.count).toBe(SOME_RECORDS.length);
    expect(first.results).toHaveLength(5);
    expect(first.previous).toBeNull();
    expect(first.next).toBe('/scoring/api/vuls/?page_size=5&ordering=id&page=2');
    const second = await list(scorerA, 'page_size=5&ordering=id&page=2');
    expect(second.results[0].id).toBeGreaterThan(first.results[4].id);
    const past = await scorerA.get(`${S}/api/vuls/?page=99`);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errors: { page: [expect.any(String)] } });
  });

  it('query finds words of the id, description, vendor, product and CWE', async () => {
    expect(ids(await list(scorerA, 'query=traffic_server'))).toEqual(['CVE-2023-38522']);
    expect(ids(await list(scorerA, 'query=CWE-444'))).toEqual(['CVE-2023-38522']);
    expect(ids(await list(scorerA, 'query=cve-2023-22515'))).toEqual(['CVE-2023-22515']);
    expect(ids(await list(scorerA, 'query=CVE-2023-2&ordering=id')).sort()).toEqual([
      'CVE-2023-20239',
      'CVE-2023-22515',
    ]);
    expect(ids(await list(scorerA, 'query=confluence'))).toEqual(['CVE-2023-22515']);
    expect(ids(await list(scorerA, 'query=Atlass'))).toEqual(['CVE-2023-22515']);
    expect((await list(scorerA, 'query=%21%21%21')).count).toBe(0);
  });

  it('filters: kev, has_ssvc, severity, dates, status', async () => {
    expect(ids(await list(scorerA, 'kev=1&page_size=100')).sort()).toEqual([...KEV_RECORDS].sort());
    expect((await list(scorerA, 'kev=0')).count).toBe(SOME_RECORDS.length - KEV_RECORDS.length);
    expect(ids(await list(scorerA, 'has_ssvc=0')).sort()).toEqual(['CVE-2023-20239', 'CVE-2024-41661']);
    const critical = await list(scorerA, 'severity=critical&page_size=100');
    expect(critical.results.every((v) => v.severity === 'CRITICAL')).toBe(true);
    expect(ids(critical)).toContain('CVE-2023-22515');
    const both = await list(scorerA, 'severity=HIGH,CRITICAL&page_size=100');
    expect(both.count).toBeGreaterThan(critical.count);
    const dated = await list(scorerA, 'published_after=2024-01-01&published_before=2024-12-31&page_size=100');
    expect(dated.count).toBeGreaterThan(0);
    expect(dated.results.every((v) => v.published!.startsWith('2024'))).toBe(true);
    expect((await list(scorerA, 'status=open')).count).toBe(SOME_RECORDS.length);
  });

  it('ordering on id, published, modified, score, priority; unknown fields are a 400 naming them', async () => {
    const published = (await list(scorerA, 'ordering=published&page_size=100')).results.map(
      (v) => v.published,
    );
    expect(published).toEqual([...published].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    const scores = (await list(scorerA, 'ordering=-score&page_size=100')).results.map((v) => v.score);
    const known = scores.filter((s) => s !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(scores.slice(known.length).every((s) => s === null)).toBe(true); // nulls last
    for (const o of ['id', '-id', 'modified', '-modified', 'priority', '-priority', 'score', '-published'])
      expect((await scorerA.get(`${S}/api/vuls/?ordering=${o}`)).statusCode).toBe(200);

    const badOrder = await scorerA.get(`${S}/api/vuls/?ordering=title`);
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toMatchObject({
      errors: { ordering: [expect.stringContaining('Unknown ordering field')] },
    });
    const badFilter = await scorerA.get(`${S}/api/vuls/?colour=red`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ errors: { colour: ['Unknown filter: colour.'] } });
    const badValue = await scorerA.get(`${S}/api/vuls/?severity=extreme`);
    expect(badValue.statusCode).toBe(400);
    expect(Object.keys(badValue.json<{ errors: object }>().errors)[0]).toMatch(/^severity/);
  });

  it('OPTIONS lists the filters and orderings with their choices', async () => {
    const res = await scorerA.request('OPTIONS', `${S}/api/vuls/`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      filters: { name: string; choices?: string[] }[];
      ordering: { fields: string[] };
    }>();
    expect(body.ordering.fields).toEqual(['id', 'published', 'modified', 'score', 'priority']);
    expect(body.filters.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'query',
        'status',
        'assigned',
        'locked',
        'has_ssvc',
        'kev',
        'severity',
        'published_after',
      ]),
    );
    expect(body.filters.find((f) => f.name === 'status')!.choices).toEqual([
      'open',
      'assigned',
      'scored',
      'reassess',
    ]);
  });
});

describe('a vulnerability', () => {
  it('by CVE id (any case) or numeric id; the record, its values with provenance', async () => {
    const res = await scorerA.get(`${S}/api/vuls/cve-2023-22515/`);
    expect(res.statusCode).toBe(200);
    const vul = res.json<VulDetail>();
    expect(vul).toMatchObject({
      cve_id: 'CVE-2023-22515',
      kev: true,
      kev_date_added: '2023-10-05',
      score: 10,
      locked: null,
    });
    expect((vul.record.cveMetadata as { cveId: string }).cveId).toBe('CVE-2023-22515');
    expect(
      vul.enrichment.filter((e) => e.kind === 'cvss').map((e) => [e.source, e.version, e.score]),
    ).toEqual([
      ['cna', '3.0', 10],
      ['adp:CISA-ADP', '3.1', 9.8],
    ]);
    expect(vul.enrichment.find((e) => e.kind === 'ssvc')).toMatchObject({
      source: 'adp:CISA-ADP',
      value: 'E:active/A:yes/TI:total',
    });
    expect((await scorerA.get(`${S}/api/vuls/${vul.id}/`)).json<VulDetail>().cve_id).toBe('CVE-2023-22515');
    for (const missing of ['CVE-2000-9999', '999999', '2147483648', 'abc', 'CVE-2023'])
      expect((await scorerA.get(`${S}/api/vuls/${missing}/`)).statusCode, missing).toBe(404);
  });
});

describe('assign, reassess, lock, unlock', () => {
  const url = `${S}/api/vuls/CVE-2010-3941/`;

  it('one scorer holds the lock; another gets a 409 naming the holder; an admin breaks it', async () => {
    const locked = await scorerA.patch(url, { lock: '1' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<VulDetail>().locked).toMatchObject({
      user: { id: scorerA.user.id, name: 'Ada Scorer' },
    });
    expect((await list(scorerB, 'locked=1')).results.map((v) => v.cve_id)).toEqual(['CVE-2010-3941']);

    for (const body of [
      { lock: '1' },
      { unlock: '1' },
      { reassess: '1', reason: 'x' },
      { assign: scorerB.user.id },
    ]) {
      const refused = await scorerB.patch(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(409);
      expect(refused.json()).toMatchObject({ detail: 'This vulnerability is locked by Ada Scorer.' });
    }
    // Re-locking one's own lock renews it.
    expect((await scorerA.patch(url, { lock: '1' })).statusCode).toBe(200);

    const broken = await admin.patch(url, { unlock: '1' });
    expect(broken.statusCode).toBe(200);
    expect(broken.json<VulDetail>().locked).toBeNull();
    const activity = (await scorerA.get(`${S}/api/CVE-2010-3941/activity/`)).json<
      Page<{ verb: string; user: { name: string } }>
    >();
    expect(activity.results.map((a) => a.verb)).toEqual(['lock_broken', 'locked', 'locked', 'ingested']);
    expect(activity.results[0].user.name).toBe('Ann Admin');
  });

  it('an expired lock counts as none', async () => {
    expect((await scorerA.patch(url, { lock: '1' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, 'CVE-2010-3941'));
    await t.db
      .update(cveRecords)
      .set({ lockedAt: new Date(Date.now() - (t.config.scoringLockSeconds + 5) * 1000) })
      .where(eq(cveRecords.id, row.id));
    expect((await scorerA.get(url)).json<VulDetail>().locked).toBeNull();
    const taken = await scorerB.patch(url, { lock: '1' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json<VulDetail>().locked!.user.id).toBe(scorerB.user.id);
    expect((await scorerB.patch(url, { unlock: '1' })).statusCode).toBe(200);
  });

  it('two scorers locking at once: exactly one wins', async () => {
    for (const cve of ['CVE-1999-0006', 'CVE-2008-10002', 'CVE-2012-1867', 'CVE-2022-0028']) {
      const u = `${S}/api/vuls/${cve}/`;
      const [a, b] = await Promise.all([scorerA.patch(u, { lock: '1' }), scorerB.patch(u, { lock: '1' })]);
      expect([a.statusCode, b.statusCode].sort(), cve).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? scorerA : scorerB;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json<{ detail: string }>().detail).toBe(
        `This vulnerability is locked by ${winner === scorerA ? 'Ada Scorer' : 'Bob Scorer'}.`,
      );
      expect((await scorerA.get(u)).json<VulDetail>().locked!.user.id).toBe(winner.user.id);
      expect((await winner.patch(u, { unlock: '1' })).statusCode).toBe(200);
    }
  });

  it('assign to a scorer, reassess with a reason', async () => {
    const u = `${S}/api/vuls/CVE-2012-1867/`;
    const assigned = await admin.patch(u, { assign: scorerB.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<VulDetail>()).toMatchObject({
      status: 'assigned',
      assigned: { id: scorerB.user.id, name: 'Bob Scorer' },
    });
    expect(ids(await list(scorerB, 'assigned=me'))).toEqual(['CVE-2012-1867']);
    expect(ids(await list(scorerA, `assigned=${scorerB.user.id}`))).toEqual(['CVE-2012-1867']);
    expect(ids(await list(scorerA, 'status=assigned'))).toEqual(['CVE-2012-1867']);

    const notScorer = await admin.patch(u, { assign: admin.user.id });
    expect(notScorer.statusCode).toBe(400);
    expect(notScorer.json()).toMatchObject({ errors: { assign: ['Not a scorer.'] } });
    const noReason = await scorerA.patch(u, { reassess: '1' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: { reason: [expect.any(String)] } });
    expect((await scorerA.patch(u, {})).statusCode).toBe(400);

    const back = await scorerA.patch(u, { reassess: '1', reason: 'The vendor published a fix.' });
    expect(back.json<VulDetail>()).toMatchObject({
      status: 'reassess',
      reassess_reason: 'The vendor published a fix.',
    });
    const unassigned = await admin.patch(u, { assign: null });
    expect(unassigned.json<VulDetail>().assigned).toBeNull();

    const changes = (await scorerA.get(`${u}changes/`)).json<
      Page<{ kind: string; before: object; after: object }>
    >();
    expect(changes.results[0]).toMatchObject({
      kind: 'queue',
      before: { assigned_to: scorerB.user.id },
      after: { assigned_to: null },
    });
    expect(changes.results[1]).toMatchObject({
      kind: 'queue',
      after: { status: 'reassess', reassess_reason: 'The vendor published a fix.' },
    });
  });
});

describe('score', () => {
  const u = `${S}/api/vuls/CVE-2024-4577/`;
  const score = (client: TestClient, body: unknown) => client.patch(`${u}score/`, body);

  it('only the lock holder writes', async () => {
    const none = await score(scorerA, { cwes: ['CWE-78'] });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ detail: 'Lock the vulnerability before changing its score.' });
    expect((await scorerA.patch(u, { lock: '1' })).statusCode).toBe(200);
    const other = await score(scorerB, { cwes: ['CWE-78'] });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ detail: 'This vulnerability is locked by Ada Scorer.' });
    expect((await scorerB.request('DELETE', `${u}score/`)).statusCode).toBe(409);
  });

  // One row of each table of ../shared/reference/ssvc.md §4, sent by names (compound points through their sources).
  const cases: [string, Record<string, string>, string, string][] = [
    [
      'cisa-coordinator',
      {
        Exploitation: 'active',
        Automatable: 'no',
        'Technical Impact': 'total',
        'Mission Prevalence': 'support',
        'Public Well-Being Impact': 'material',
      },
      'AT',
      'Attend',
    ],
    [
      'supplier',
      {
        Exploitation: 'public poc',
        Automatable: 'yes',
        'Value Density': 'concentrated',
        'Technical Impact': 'partial',
        'Safety Impact': 'marginal',
      },
      'I',
      'Immediate',
    ],
    [
      'deployer',
      {
        Exploitation: 'active',
        'System Exposure': 'open',
        Automatable: 'yes',
        'Safety Impact': 'negligible',
        'Mission Impact': 'MEF Failure',
      },
      'O',
      'Out-of-Cycle',
    ],
    [
      'coordinator-triage',
      {
        'Report Public': 'no',
        'Supplier Contacted': 'yes',
        'Report Credibility': 'credible',
        'Supplier Cardinality': 'one',
        'Supplier Engagement': 'unresponsive',
        Automatable: 'no',
        'Value Density': 'diffuse',
        'Safety Impact': 'negligible',
      },
      'T',
      'Track',
    ],
    [
      'coordinator-publication',
      {
        'Supplier Involvement': 'uncooperative/unresponsive',
        Exploitation: 'public poc',
        'Public Value Added': 'ampliative',
      },
      'P',
      'Publish',
    ],
    [
      'cisa-bod-26-04',
      { 'In KEV': 'yes', 'Publicly Exposed': 'yes', Automatable: 'no', 'Technical Impact': 'total' },
      '3DF',
      '',
    ],
  ];

  it.each(cases)('SSVC with the %s table', async (table, values, outcome, name) => {
    const res = await score(scorerA, { ssvc: { table, values } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<VulScore>();
    expect(s.ssvc).toMatchObject({ table, outcome });
    if (name) expect(s.ssvc!.outcome_name).toBe(name);
    expect(s.scored_by).toMatchObject({ id: scorerA.user.id });
  });

  it('CVSS 4.0 and 3.1 scored by the core engines, CWEs; the queue follows our score', async () => {
    const res = await score(scorerA, {
      cvss4: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      cvss3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N',
      cwes: ['cwe-78', 'CWE-78'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VulScore>()).toMatchObject({
      cvss4: { score: 9.3, severity: 'CRITICAL' },
      cvss3: { score: 8.2, severity: 'HIGH' },
      cwes: ['CWE-78'],
    });
    const vul = (await scorerA.get(u)).json<VulDetail>();
    expect(vul).toMatchObject({ status: 'scored', score: 9.3, severity: 'CRITICAL', cwes: ['CWE-78'] });
    expect(
      vul.enrichment
        .filter((e) => e.source === 'scorer')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['cvss', 'cvss', 'cwe', 'ssvc']);

    const bad4 = await score(scorerA, { cvss4: 'CVSS:4.0/AV:X' });
    expect(bad4.statusCode).toBe(400);
    expect(bad4.json()).toMatchObject({ errors: { cvss4: [expect.any(String)] } });
    const wrongVersion = await score(scorerA, {
      cvss3: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
    });
    expect(wrongVersion.statusCode).toBe(400);
    const badTable = await score(scorerA, { ssvc: { table: 'nope', values: {} } });
    expect(badTable.json()).toMatchObject({ errors: { 'ssvc.table': ['Not an SSVC decision table.'] } });
    const missing = await score(scorerA, {
      ssvc: { table: 'cisa-coordinator', values: { Exploitation: 'active' } },
    });
    expect(missing.statusCode).toBe(400);
    const tooMany = await score(scorerA, { cwes: ['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4', 'CWE-5', 'CWE-6'] });
    expect(tooMany.json()).toMatchObject({ errors: { cwes: ['Max limit of 5 CWEs'] } });
    expect((await scorerA.get(`${u}score/`)).json<VulScore>().cvss4!.score).toBe(9.3); // refusals kept it
  });

  it('DELETE removes our score: the record’s values are the queue’s again', async () => {
    const del = await scorerA.request('DELETE', `${u}score/`);
    expect(del.statusCode).toBe(204);
    const vul = (await scorerA.get(u)).json<VulDetail>();
    expect(vul).toMatchObject({ status: 'open', score: 9.8, severity: 'CRITICAL', our_score: null });
    expect(vul.cwes).toEqual(['CWE-78']); // the CNA's own
    expect(vul.enrichment.some((e) => e.source === 'scorer')).toBe(false);
    expect((await scorerA.get(`${u}score/`)).json()).toMatchObject({ ssvc: null, cvss4: null, cwes: [] });
    expect((await scorerA.request('DELETE', `${u}score/`)).statusCode).toBe(404);
  });

  it('changes and activity are paged, newest first, with before/after', async () => {
    const first = (await scorerA.get(`${u}changes/?page_size=3`)).json<
      Page<{ kind: string; summary: string; before: unknown; after: unknown; user: { id: number } | null }>
    >();
    expect(first.count).toBe(1 + 1 + cases.length + 1 + 1); // ingested, locked, one per table, CVSS/CWE, removed
    expect(first.results.map((c) => c.summary)).toEqual(['Score removed', 'Score changed', 'Score changed']);
    expect(first.results[0]).toMatchObject({ kind: 'score', after: null, user: { id: scorerA.user.id } });
    expect(first.next).toContain('page=2');
    const last = (await scorerA.get(`${u}changes/?page_size=3&page=4`)).json<
      Page<{ summary: string; user: unknown }>
    >();
    expect(last.results.at(-1)).toMatchObject({ summary: 'Record ingested', user: null });
    expect(last.next).toBeNull();

    const act = (await scorerA.get(`${S}/api/CVE-2024-4577/activity/?page_size=2`)).json<
      Page<{ verb: string }>
    >();
    expect(act.count).toBe(1 + 1 + cases.length + 1 + 1); // ingested, locked, scored ×6, unscored
    expect(act.results.map((a) => a.verb)).toEqual(['unscored', 'scored']);
    const second = (await scorerA.get(`${S}/api/CVE-2024-4577/activity/?page=2&page_size=2`)).json<
      Page<{ verb: string }>
    >();
    expect(second.results.map((a) => a.verb)).toEqual(['scored', 'scored']);
    expect((await scorerA.get(`${S}/api/CVE-2024-4577/activity/?page=99`)).statusCode).toBe(400);
  });
});

describe('the list built as JSON by the database', () => {
  it('answers what the summaries (listVuls) serialise to, key for key and in order: locks, assignments, scores, dates', async () => {
    const [first, second] = (await list(scorerA, 'ordering=id')).results;
    expect((await scorerA.patch(`${S}/api/vuls/${first.cve_id}/`, { lock: '1' })).statusCode).toBe(200);
    expect(
      (await admin.patch(`${S}/api/vuls/${second.cve_id}/`, { assign: scorerB.user.id })).statusCode,
    ).toBe(200);
    const lockSeconds = t.config.scoringLockSeconds;
    for (const query of ['ordering=id&page_size=200', 'ordering=-score&page_size=3&page=2', 'locked=1']) {
      const res = await scorerA.get(`${S}/api/vuls/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const page = res.json<Page<VulSummary>>();
      const q = vulListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const where = listConditions(q, scorerA.user.id, lockSeconds);
      const rows = await listVuls(
        t.db,
        where,
        q.ordering,
        lockSeconds,
        q.page_size,
        (q.page - 1) * q.page_size,
      );
      expect(rows.length).toBeGreaterThan(0);
      // Same keys in the same order with the same values (PostgreSQL's JSON differs only in whitespace).
      expect(JSON.stringify(page.results)).toBe(JSON.stringify(rows));
      // The page is sent as text, past the serializer: its declared schema must still fit it exactly (a
      // key the schema lacks would be dropped by parse, a wrong type would throw).
      expect(cappedPageOf(vulSummarySchema).parse(page)).toEqual(page);
    }
    expect((await scorerA.patch(`${S}/api/vuls/${first.cve_id}/`, { unlock: '1' })).statusCode).toBe(200);
  });
});
