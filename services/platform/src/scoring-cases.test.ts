// Base 2 making coordination cases through base 1's HTTP API on the one-port platform (both services in one
// process): POST /scoring/api/vuls/{id}/ and POST /scoring/api/predisclosure/vuls/{id}/ submit a report and
// add the vulnerability as the service account (Authorization: Token), never by writing base 1's tables;
// and the predisclosure calls over the cases' embargoed vulnerabilities, never in the public queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '@cvdp/coordination/testing';
import { advisoryRevisions, cases, coordinationService, reports, vulnerabilities } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { createApiToken } from '@cvdp/server-kit';
import { CASE_SERVICE_NOT_CONFIGURED } from '@cvdp/core/scoring/work';

let t: TestApp;
let scorer: TestClient & { user: { id: number } };
let service: { id: number };
let serviceKey: string;
const CVE = 'CVE-2025-0001';

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
    },
  });
  scorer = await t.signIn({ roles: ['scorer'], name: 'Sam Scorer' });
  service = await t.createUser({ roles: ['coordinator'], name: 'Scoring service' });
  serviceKey = (await createApiToken(t.db, service.id, 'scoring service')).key;
  const record = {
    dataType: 'CVE_RECORD',
    dataVersion: '5.1',
    cveMetadata: { cveId: CVE, assignerOrgId: '3c1d8d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f', state: 'PUBLISHED' },
    containers: { cna: { references: [{ url: 'https://acme.example.com/ASA-2025-01' }] } },
  };
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, title, description, vendors, products, cwes, kev, record, content_hash)
    values (${CVE}, 'PUBLISHED', '5.1', 'Path traversal in Acme Widget Server',
            'A path traversal in the download handler allows reading arbitrary files.',
            ARRAY['Acme'], ARRAY['Widget Server'], ARRAY['CWE-22'], true, ${JSON.stringify(record)}::jsonb, 'x')`);
}, 120_000);
afterAll(() => t?.close());

const asService = (method: 'GET', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Token ${serviceKey}` } });

describe('POST /scoring/api/vuls/{id}/', () => {
  it('is refused while no service token is configured, and for non-scorers', async () => {
    const res = await scorer.post(`/scoring/api/vuls/${CVE}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CASE_SERVICE_NOT_CONFIGURED);
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    expect((await coordinator.post(`/scoring/api/vuls/${CVE}/`)).statusCode).toBe(403);
    expect((await t.db.select().from(cases)).length).toBe(0);
  });

  it('creates the case through base 1 as the service account, once', async () => {
    t.config.coordinationToken = serviceKey;
    const res = await scorer.post(`/scoring/api/vuls/${CVE.toLowerCase()}/`);
    expect(res.statusCode, res.body).toBe(201);
    const { case: made, vul } = res.json();
    expect(made.url).toBe(`/cvdp/cases/${made.id}`);
    // Made through the API as the service account: its report, its case.
    const [row] = await t.db.select().from(cases).where(eq(cases.id, made.id));
    expect(row).toMatchObject({
      title: `${CVE}: Path traversal in Acme Widget Server`,
      createdBy: service.id,
    });
    const vuls = (await asService('GET', `/api/case/${made.id}/vuls/`)).json();
    const list = Array.isArray(vuls) ? vuls : vuls.results;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: vul.id,
      cve: CVE,
      description: 'A path traversal in the download handler allows reading arbitrary files.',
      references: ['https://acme.example.com/ASA-2025-01'],
    });
    // The scorer's request is in the vulnerability's activity.
    const activity = (await scorer.get(`/scoring/api/${CVE}/activity/`)).json().results;
    expect(activity[0]).toMatchObject({
      verb: 'case_created',
      user: { id: scorer.user.id },
      after: { case: made.id },
    });

    const again = await scorer.post(`/scoring/api/vuls/${CVE}/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ case: made, vul: null });
    expect((await t.db.select().from(cases)).length).toBe(1);
  });

  it('passes base 1’s refusal on when the token is not a coordinator’s', async () => {
    const reporter = await t.createUser({ roles: ['reporter'] });
    t.config.coordinationToken = (await createApiToken(t.db, reporter.id, 'wrong')).key;
    await t.db.execute(sql`
      insert into cve_records (cve_id, state, data_version, record, content_hash)
      values ('CVE-2025-0002', 'PUBLISHED', '5.1', '{}'::jsonb, 'y')`);
    const res = await scorer.post(`/scoring/api/vuls/CVE-2025-0002/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/service token/);
    t.config.coordinationToken = serviceKey;
  });
});

describe('predisclosure', () => {
  it('lists the embargoed vulnerabilities of cases, never in the queue; scores and notes stay on the scoring side', async () => {
    const list = (await scorer.get('/scoring/api/predisclosure/vuls/')).json();
    // Two cases exist (the reporter-token one stopped after its report): one vulnerability.
    expect(list.count).toBe(1);
    const v = list.results[0];
    expect(v).toMatchObject({
      cve: CVE,
      notes: '',
      assigned: null,
      score: { ssvc: null, cvss4: null, cvss3: null },
    });
    expect((await scorer.get('/scoring/api/predisclosure/vuls/?query=traversal')).json().count).toBe(1);
    expect((await scorer.get('/scoring/api/predisclosure/vuls/?query=nothing-like-it')).json().count).toBe(0);
    expect((await scorer.get('/scoring/api/predisclosure/vuls/?ordering=-case')).statusCode).toBe(200);
    expect((await scorer.get('/scoring/api/predisclosure/vuls/?ordering=title')).statusCode).toBe(400);

    const patched = await scorer.patch(`/scoring/api/predisclosure/vuls/${v.id}/`, {
      notes: 'Vendor says 2.4.1',
      assign: scorer.user.id,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      notes: 'Vendor says 2.4.1',
      assigned: { id: scorer.user.id, name: 'Sam Scorer' },
    });
    const notScorer = await scorer.patch(`/scoring/api/predisclosure/vuls/${v.id}/`, { assign: service.id });
    expect(notScorer.json().errors).toHaveProperty('assign');

    const scored = await scorer.patch(`/scoring/api/predisclosure/vuls/${v.id}/score/`, {
      cvss4: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N',
      ssvc: { table: 'cisa-coordinator', values: { E: 'none', A: 'yes', TI: 'partial', MWI: 'low' } },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json().score).toMatchObject({
      cvss4: { score: 8.7, severity: 'HIGH' },
      ssvc: { table: 'cisa-coordinator', values: expect.objectContaining({ E: 'N', A: 'Y', TI: 'P' }) },
    });
    const bad = await scorer.patch(`/scoring/api/predisclosure/vuls/${v.id}/score/`, {
      cvss3: 'CVSS:3.1/AV:X',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('cvss3');
    // Base 1's vulnerability is untouched; the queue holds only the CVE records.
    const [inBase1] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, v.id));
    expect(inBase1.ssvcDecisionId).toBeNull();
    expect((await scorer.get('/scoring/api/vuls/')).json().count).toBe(2);

    // POST makes a case from it, through base 1 as well.
    const made = await scorer.post(`/scoring/api/predisclosure/vuls/${v.id}/`);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().case.id).not.toBe(v.case.id);

    // Once the case's advisory is published, it is no longer embargoed.
    await t.db.insert(advisoryRevisions).values({
      caseId: v.case.id,
      revision: 1,
      title: 'Advisory',
      published: true,
      datePublished: '2025-03-01',
    });
    expect((await scorer.get(`/scoring/api/predisclosure/vuls/${v.id}/`)).statusCode).toBe(404);
    const after = (await scorer.get('/scoring/api/predisclosure/vuls/')).json();
    expect(after.results.map((r: { id: number }) => r.id)).not.toContain(v.id);
  });

  it('is for scorers and admins only', async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    expect((await coordinator.get('/scoring/api/predisclosure/vuls/')).statusCode).toBe(403);
    expect((await coordinator.get('/scoring/api/predisclosure/vuls/1/')).statusCode).toBe(403);
    expect(
      (await coordinator.patch('/scoring/api/predisclosure/vuls/1/score/', { cvss4: null })).statusCode,
    ).toBe(403);
    const admin = await t.signIn({ roles: ['admin'] });
    expect((await admin.get('/scoring/api/predisclosure/vuls/')).statusCode).toBe(200);
  });
});

describe('CWEs MITRE prohibits', () => {
  it('leaves out a record’s CWE that MITRE prohibits (base 1 refuses it) and keeps the others', async () => {
    // CVE-2024-42034 in the real data names CWE-840, a category.
    await t.db.execute(sql`
      insert into cve_records (cve_id, state, data_version, title, description, cwes, record, content_hash)
      values ('CVE-2025-0003', 'PUBLISHED', '5.1', 'Business logic flaw', 'A flaw.',
              ARRAY['CWE-840', 'CWE-841'], '{}'::jsonb, 'z')`);
    const res = await scorer.post(`/scoring/api/vuls/CVE-2025-0003/`);
    expect(res.statusCode, res.body).toBe(201);
    const { case: made, vul } = res.json();
    const [report] = await t.db.select().from(reports).where(eq(reports.caseId, made.id));
    expect(JSON.stringify(report.current)).toContain('["CWE-841"]');
    const [row] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, vul.id));
    expect(row.cwes).toEqual([841]);
  });
});
