// Base 1's published vulnerabilities arrive in base 2's queue (issue 13, item 1), with the two bases as
// separate apps on separate databases talking real HTTP: base 1 listens on a port, base 2 runs the sync
// (POST /scoring/api/ingest/coordination/, as an administrator; the schedule calls the same code) with
// CVDP_COORDINATION_URL/TOKEN, reading GET /api/cve/published/ as base 1's service account. Neither base
// writes the other's tables: base 1's database has no queue rows, base 2's no cases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { advisoryRevisions, cases, vulCvssScores, vulnerabilities } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { createApiToken } from '@cvdp/server-kit';
import { CASE_SERVICE_NOT_CONFIGURED } from '@cvdp/core/scoring/work';
import { cveRecords, vulChanges } from '../../scoring/src/records/tables.ts';
import { readRecord } from '../../scoring/testing/records.ts';
import { ingestFiles } from '../../scoring/src/ingest/ingest.ts';

let base1: TestApp;
let base2: TestApp;
let origin1: string;
let serviceKey: string;
let admin: Record<string, string>;
let scorer: Record<string, string>;
let scorerId: number;
const vulIds: Record<string, number> = {};
let publishedCase: number;
/** A real record of the CVE list (CISA's ADP container inside) that base 1 also publishes. */
const FEED_CVE = 'CVE-2023-22515';

async function as(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: object,
) {
  return base2.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
}

async function syncNow() {
  const started = await as(admin, 'POST', '/scoring/api/ingest/coordination/');
  expect(started.statusCode, started.body).toBe(202);
  const job = started.json();
  expect(job).toMatchObject({ origin: 'coordination' });
  for (let i = 0; i < 200; i++) {
    const now = (await as(admin, 'GET', `/scoring/api/ingest/${job.id}/`)).json();
    if (now.status !== 'running') return now;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the sync did not finish');
}

beforeAll(async () => {
  base1 = await createTestApp({ config: { publicUrl: 'https://cvdp.example.org' } });
  await base1.app.listen({ port: 0, host: '127.0.0.1' });
  const address = base1.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin1 = `http://127.0.0.1:${address.port}`;
  const service = await base1.createUser({ roles: ['coordinator'], name: 'Scoring service' });
  serviceKey = (await createApiToken(base1.db, service.id, 'scoring service')).key;

  // Base 1: a case with a published advisory (two vulnerabilities with CVE ids, one without, and one whose
  // CVE is also in the CVE list), and an embargoed case with a CVE id.
  const reporter = await base1.createUser({ name: 'Rita Reporter' });
  const [c] = await base1.db
    .insert(cases)
    .values({ title: 'Widget server flaws', status: 1, createdBy: reporter.id })
    .returning();
  publishedCase = c.id;
  const [embargoed] = await base1.db
    .insert(cases)
    .values({ title: 'Embargoed router flaw', status: 1, createdBy: reporter.id })
    .returning();
  const vul = async (caseId: number, localId: number, fields: Partial<typeof vulnerabilities.$inferInsert>) =>
    (
      await base1.db
        .insert(vulnerabilities)
        .values({ caseId, localId, description: `Vulnerability ${localId}`, ...fields })
        .returning()
    )[0].id;
  vulIds.xss = await vul(c.id, 1, {
    cve: 'CVE-2025-1001',
    title: 'Stored XSS in the widget console',
    description: 'A stored cross-site scripting flaw in the widget console lets an attacker run script.',
    cwes: [79],
    references: ['https://acme.example.com/ASA-7'],
  });
  vulIds.traversal = await vul(c.id, 2, {
    cve: 'CVE-2025-1002',
    title: 'Path traversal in the download handler',
    description: 'A path traversal in the download handler lets a remote attacker read any file.',
  });
  vulIds.noCve = await vul(c.id, 3, { description: 'No CVE id yet.' });
  vulIds.feed = await vul(c.id, 4, { cve: FEED_CVE, description: 'Broken access control in Confluence.' });
  vulIds.embargoed = await vul(embargoed.id, 1, { cve: 'CVE-2025-1003', description: 'Not public yet.' });
  await base1.db.insert(vulCvssScores).values({
    vulId: vulIds.xss,
    caseId: c.id,
    version: '3.1',
    vector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N',
    score: 5.4,
    severity: 'Medium',
  });
  await base1.db.insert(advisoryRevisions).values([
    { caseId: c.id, revision: 1, title: 'Draft', published: false },
    { caseId: c.id, revision: 2, title: 'Advisory', published: true, datePublished: '2025-03-01' },
  ]);

  // Base 2: its own app and database, pointed at base 1.
  base2 = await createTestApp({
    register: async (app) => {
      await app.register(scoringService, { prefix: '/scoring' });
    },
    config: { coordinationUrl: origin1, coordinationToken: serviceKey, coordinationSyncSeconds: 0 },
  });
  const a = await base2.createUser({ roles: ['admin'] });
  admin = { authorization: `Token ${(await createApiToken(base2.db, a.id, 'admin')).key}` };
  const s = await base2.createUser({ roles: ['scorer'], name: 'Sam Scorer' });
  scorerId = s.id;
  scorer = { authorization: `Token ${(await createApiToken(base2.db, s.id, 'scorer')).key}` };
  // The CVE list's record of FEED_CVE came in first (npm run scoring:ingest).
  await ingestFiles(
    base2.db,
    (async function* () {
      yield { name: `${FEED_CVE}.json`, bytes: Buffer.from(JSON.stringify(await readRecord(FEED_CVE))) };
    })(),
  );
}, 120_000);
afterAll(async () => {
  await base2?.close();
  await base1?.close();
});

describe('GET /api/cve/published/ (base 1)', () => {
  const get = (url: string, key = serviceKey) =>
    base1.app.inject({ method: 'GET', url, headers: { authorization: `Token ${key}` } });

  it('lists published vulnerabilities with CVE ids and their CVE 5.1 records, keyset-paged', async () => {
    const all = (await get('/api/cve/published/')).json();
    expect(all.next).toBeNull();
    expect(all.results.map((r: { cve_id: string }) => r.cve_id)).toEqual([
      'CVE-2025-1001',
      'CVE-2025-1002',
      FEED_CVE,
    ]);
    const xss = all.results[0];
    expect(xss).toMatchObject({ vul: vulIds.xss, case: publishedCase });
    expect(xss.record).toMatchObject({
      dataType: 'CVE_RECORD',
      dataVersion: '5.1',
      cveMetadata: { cveId: 'CVE-2025-1001', state: 'PUBLISHED', datePublished: '2025-03-01T00:00:00.000Z' },
    });
    // The CNA container GET /api/vul/{id}/cve/ builds (its builder), with the dates CVE Services would write.
    expect(xss.record.containers.cna).toMatchObject({
      title: 'Stored XSS in the widget console',
      descriptions: [{ lang: 'en', value: expect.stringMatching(/^A stored cross-site scripting/) }],
      problemTypes: [{ descriptions: [{ type: 'CWE', cweId: 'CWE-79' }] }],
      metrics: [
        { cvssV3_1: { vectorString: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N', baseScore: 5.4 } },
      ],
      references: [
        { url: `https://cvdp.example.org/advisories/${publishedCase}/` },
        { url: 'https://acme.example.com/ASA-7' },
      ],
    });

    const first = (await get('/api/cve/published/?page_size=2')).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe(vulIds.traversal);
    const rest = (await get(`/api/cve/published/?page_size=2&after=${first.next}`)).json();
    expect(rest).toMatchObject({ next: null, results: [{ cve_id: FEED_CVE }] });
  });

  it('is for staff only, and refuses bad paging', async () => {
    const reporter = await base1.createUser();
    const key = (await createApiToken(base1.db, reporter.id, 'r')).key;
    expect((await get('/api/cve/published/', key)).statusCode).toBe(403);
    expect((await base1.app.inject({ method: 'GET', url: '/api/cve/published/' })).statusCode).toBe(401);
    for (const q of ['page_size=101', 'page_size=0', 'after=-1', 'after=2147483648', 'after=x'])
      expect((await get(`/api/cve/published/?${q}`)).statusCode, q).toBe(400);
  });
});

describe('POST /scoring/api/ingest/coordination/ (base 2)', () => {
  it('is for administrators, and refused (409) without a service token', async () => {
    expect((await as(scorer, 'POST', '/scoring/api/ingest/coordination/')).statusCode).toBe(403);
    base2.config.coordinationToken = undefined;
    const res = await as(admin, 'POST', '/scoring/api/ingest/coordination/');
    base2.config.coordinationToken = serviceKey;
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CASE_SERVICE_NOT_CONFIGURED);
  });

  it('brings the published vulnerabilities into the queue as our CNA records, linked to their case', async () => {
    const job = await syncNow();
    expect(job).toMatchObject({
      status: 'done',
      files_read: 3,
      new: 2,
      updated: 0,
      unchanged: 1,
      rejected: 0,
    });

    const detail = (await as(scorer, 'GET', '/scoring/api/vuls/CVE-2025-1001/')).json();
    expect(detail).toMatchObject({
      cve_id: 'CVE-2025-1001',
      title: 'Stored XSS in the widget console',
      cwes: ['CWE-79'],
      score: 5.4,
      severity: 'MEDIUM',
      published: '2025-03-01T00:00:00.000Z',
      status: 'open',
    });
    const values = detail.enrichment.map((v: { kind: string; source: string; value: string }) => [
      v.kind,
      v.source,
      v.value,
    ]);
    expect(values).toEqual(
      expect.arrayContaining([
        ['cwe', 'cna', 'CWE-79'],
        ['cvss', 'cna', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N'],
      ]),
    );
    const rows = await base2.db
      .select({
        cveId: cveRecords.cveId,
        origin: cveRecords.origin,
        caseId: cveRecords.caseId,
        caseVulId: cveRecords.caseVulId,
      })
      .from(cveRecords)
      .orderBy(cveRecords.cveId);
    expect(rows).toEqual([
      { cveId: 'CVE-2023-22515', origin: 'cve', caseId: publishedCase, caseVulId: vulIds.feed },
      { cveId: 'CVE-2025-1001', origin: 'coordination', caseId: publishedCase, caseVulId: vulIds.xss },
      { cveId: 'CVE-2025-1002', origin: 'coordination', caseId: publishedCase, caseVulId: vulIds.traversal },
    ]);
    // The CVE list's record stayed (CISA's values with it); the embargoed and the CVE-less did not come.
    const feed = (await as(scorer, 'GET', `/scoring/api/vuls/${FEED_CVE}/`)).json();
    expect(feed.enrichment.some((v: { source: string }) => v.source === 'adp:CISA-ADP')).toBe(true);
    expect((await as(scorer, 'GET', '/scoring/api/vuls/CVE-2025-1003/')).statusCode).toBe(404);
    // Neither base wrote the other's tables.
    expect((await base2.db.select().from(cases)).length).toBe(0);
    expect((await base1.db.select().from(cveRecords)).length).toBe(0);
  });

  it('changes nothing when run again, keeps scorers’ work, and updates what changed in base 1', async () => {
    const assigned = await as(scorer, 'PATCH', '/scoring/api/vuls/CVE-2025-1001/', { assign: scorerId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const changesBefore = (await base2.db.select().from(vulChanges)).length;

    expect(await syncNow()).toMatchObject({ status: 'done', new: 0, updated: 0, unchanged: 3 });
    expect((await base2.db.select().from(vulChanges)).length).toBe(changesBefore);

    await base1.db
      .update(vulnerabilities)
      .set({ description: 'A stored XSS in the widget console, fixed in 2.4.1.', updatedAt: new Date() })
      .where(eq(vulnerabilities.id, vulIds.xss));
    expect(await syncNow()).toMatchObject({ status: 'done', new: 0, updated: 1, unchanged: 2 });
    const detail = (await as(scorer, 'GET', '/scoring/api/vuls/CVE-2025-1001/')).json();
    expect(detail).toMatchObject({
      description: 'A stored XSS in the widget console, fixed in 2.4.1.',
      status: 'assigned',
      assigned: { id: scorerId, name: 'Sam Scorer' },
    });
    const changes = (await as(scorer, 'GET', '/scoring/api/vuls/CVE-2025-1001/changes/')).json().results;
    expect(changes.map((c: { summary: string }) => c.summary)).toContain('Record updated');
  });

  it('marks the run failed when base 1 cannot be reached, and writes nothing', async () => {
    base2.config.coordinationUrl = 'http://127.0.0.1:9';
    const job = await syncNow();
    base2.config.coordinationUrl = origin1;
    expect(job).toMatchObject({ status: 'failed', new: 0, updated: 0 });
    expect(job.error).toMatch(/could not be reached/);
  });
});
