// GET /api/vul/{id}/cve/ and POST /api/vul/{id}/cve/publish/ through the HTTP stack, publishing to a local
// CVE Services: the record built from the model validates against CVE JSON 5.1 (or a 409 lists why), and
// is published only after the case's advisory, through the active account; a second publish updates it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activity } from '@cvdp/server-kit';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { advisoryRevisions, vendorStatus, vulCvssScores } from '../tables.ts';
import { insertVul, vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { cveReservations } from './tables.ts';
import { startLocalCveServices, type LocalCveServices } from '../../tools/local-cve-services/index.ts';
import { NO_CVE_ID, NOT_PUBLISHED, RECORD_INVALID } from './record-routes.ts';

const ORG = { shortName: 'testcna', roles: ['CNA'], users: { 'a@x.test': 'key-a' } };
let t: TestApp;
let local: LocalCveServices;
let w: VendorWorld;
let scorer: TestClient;
let vulId: number;

beforeAll(async () => {
  local = await startLocalCveServices({ orgs: [ORG] });
  t = await createTestApp({
    config: { secretKey: 'cve-record-test-secret', publicUrl: 'https://cvdp.example.org' },
  });
  scorer = await t.signIn({ roles: ['scorer'] });
  w = await vendorWorld(t, [
    {
      title: 'Path traversal in the widget server',
      description: 'A path traversal in the download handler lets a remote attacker read any file.',
      cwes: [22],
      references: ['https://acme.example.com/security/ASA-1'],
    },
  ]);
  vulId = w.vuls[0].id;
  await t.db.insert(vendorStatus).values([
    {
      caseId: w.caseId,
      vulId,
      participantId: w.acme,
      status: 'affected',
      product: 'Widget Server',
      affectedVersions: '2.3.0, 2.4.0',
      fixedVersions: '2.4.1',
      cpe: 'cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*',
    },
    {
      caseId: w.caseId,
      vulId,
      participantId: w.bobParticipant,
      status: 'not_affected',
      product: 'Bob Server',
    },
  ]);
  await t.db.insert(vulCvssScores).values([
    {
      vulId,
      caseId: w.caseId,
      version: '4.0',
      vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N',
      score: 8.7,
      severity: 'High',
    },
    {
      vulId,
      caseId: w.caseId,
      version: '3.1',
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
      score: 7.5,
      severity: 'High',
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await local.close();
});

describe('GET /api/vul/{id}/cve/', () => {
  it('builds a CVE JSON 5.1 record from the model', async () => {
    const res = await w.coordinator.get(`/api/vul/${vulId}/cve/`);
    expect(res.statusCode).toBe(200);
    const { cve_id, record, advisory_published, account_available, published_at } = res.json();
    expect(cve_id).toBeNull();
    // What the page's Publish button depends on: nothing published, no account, never sent.
    expect({ advisory_published, account_available, published_at }).toEqual({
      advisory_published: false,
      account_available: false,
      published_at: null,
    });
    expect(record).toMatchObject({ dataType: 'CVE_RECORD', dataVersion: '5.1' });
    const cna = record.containers.cna;
    expect(cna.title).toBe('Path traversal in the widget server');
    expect(cna.descriptions).toEqual([
      { lang: 'en', value: 'A path traversal in the download handler lets a remote attacker read any file.' },
    ]);
    expect(cna.affected).toEqual(
      expect.arrayContaining([
        {
          vendor: w.acmeName,
          product: 'Widget Server',
          cpes: ['cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*'],
          versions: [
            { version: '2.3.0', status: 'affected' },
            { version: '2.4.0', status: 'affected' },
            { version: '2.4.1', status: 'unaffected' },
          ],
          defaultStatus: 'unknown',
        },
        { vendor: "Bob's Widgets", product: 'Bob Server', defaultStatus: 'unaffected' },
      ]),
    );
    expect(cna.problemTypes[0].descriptions[0]).toMatchObject({ type: 'CWE', cweId: 'CWE-22' });
    expect(cna.problemTypes[0].descriptions[0].description).toMatch(
      /^CWE-22 Improper Limitation of a Pathname/,
    );
    const metrics = cna.metrics.map((m: Record<string, unknown>) => m.cvssV4_0 ?? m.cvssV3_1);
    expect(metrics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ version: '4.0', baseScore: 8.7, baseSeverity: 'HIGH' }),
        expect.objectContaining({ version: '3.1', baseScore: 7.5, baseSeverity: 'HIGH' }),
      ]),
    );
    expect(cna.references).toEqual([{ url: 'https://acme.example.com/security/ASA-1' }]);
    expect(cna.credits[0]).toMatchObject({ type: 'coordinator', value: 'CVDP (cvdp.example.org)' });
    expect(cna.timeline[0].value).toBe('Reported to coordinator');
  });

  it("answers the case's participants and staff; a stranger or a missing vulnerability 404, signed out 401", async () => {
    // The reporter, the vendor's member and the observer read the case's vulnerabilities, so their record too;
    // staff read every case's (a scorer is not staff: outside the case, like a stranger).
    for (const c of [w.reporter, w.acmeMember, w.observer, w.coordinator]) {
      const res = await c.get(`/api/vul/${vulId}/cve/`);
      expect(res.statusCode).toBe(200);
      expect(res.json().record.containers.cna.title).toBe('Path traversal in the widget server');
    }
    for (const c of [w.stranger, scorer]) {
      const res = await c.get(`/api/vul/${vulId}/cve/`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Path traversal');
    }
    expect((await w.coordinator.get('/api/vul/2147483647/cve/')).statusCode).toBe(404);
    expect((await w.coordinator.get('/api/vul/2147483648/cve/')).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/vul/${vulId}/cve/`)).statusCode).toBe(401);
  });

  it('is a 404 for someone outside the case, and a 409 listing schema errors for an incomplete record', async () => {
    expect((await w.stranger.get(`/api/vul/${vulId}/cve/`)).statusCode).toBe(404);
    const bare = await insertVul(t, w.caseId, 2, { description: 'No vendor said anything yet.' });
    const res = await w.coordinator.get(`/api/vul/${bare.id}/cve/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(RECORD_INVALID);
    expect(Object.keys(res.json().errors)).toContain('/containers/cna/affected');
    // Only what the Published form wants: not the Rejected form's complaints, nor the oneOf's own line.
    expect(Object.keys(res.json().errors)).not.toContain('/cveMetadata/state');
    expect(Object.keys(res.json().errors)).not.toContain('/');
    expect(JSON.stringify(res.json().errors)).not.toContain('rejectedReasons');
  });
});

describe('POST /api/vul/{id}/cve/publish/', () => {
  it('needs a CVE id and a published advisory, then publishes through the active account and updates after', async () => {
    expect((await w.coordinator.post(`/api/vul/${vulId}/cve/publish/`)).json().detail).toBe(NO_CVE_ID);
    const account = await scorer.post('/manage/cve/account/', {
      org_short_name: 'testcna',
      username: 'a@x.test',
      api_key: 'key-a',
      environment: 'custom',
      base_url: local.url,
    });
    const reserved = await scorer.post('/manage/cve/reserve/', { account: account.json().id, amount: 1 });
    const [reservation] = reserved.json().results;
    expect((await scorer.patch(`/manage/cve/reserve/${reservation.id}/`, { vul: vulId })).statusCode).toBe(
      200,
    );

    const early = await w.coordinator.post(`/api/vul/${vulId}/cve/publish/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(NOT_PUBLISHED);
    expect(local.records.size).toBe(0);

    // Only staff publish: the case's participants, a scorer and a stranger are refused, signed out 401, a
    // vulnerability that does not exist 404 — and a refusal sends nothing and writes nothing.
    const activityBefore = (await t.db.select().from(activity).where(eq(activity.caseId, w.caseId))).length;
    for (const c of [w.reporter, w.acmeMember, w.observer, w.stranger, scorer])
      expect((await c.post(`/api/vul/${vulId}/cve/publish/`)).statusCode).toBe(403);
    expect((await t.anonymous().post(`/api/vul/${vulId}/cve/publish/`)).statusCode).toBe(401);
    expect((await w.coordinator.post('/api/vul/2147483647/cve/publish/')).statusCode).toBe(404);
    expect(local.records.size).toBe(0);
    expect((await t.db.select().from(activity).where(eq(activity.caseId, w.caseId))).length).toBe(
      activityBefore,
    );

    await t.db.insert(advisoryRevisions).values({
      caseId: w.caseId,
      revision: 1,
      title: 'Advisory',
      published: true,
      datePublished: '2026-03-01',
    });
    const res = await w.coordinator.post(`/api/vul/${vulId}/cve/publish/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cve_id: reservation.cve_id, updated: false });
    const stored = local.records.get(reservation.cve_id) as { containers: { cna: Record<string, unknown> } };
    expect(stored.containers.cna.descriptions).toEqual([
      { lang: 'en', value: 'A path traversal in the download handler lets a remote attacker read any file.' },
    ]);
    expect(stored.containers.cna.datePublic).toBe('2026-03-01T00:00:00.000Z');
    expect(stored.containers.cna.references).toContainEqual({
      url: `https://cvdp.example.org/advisories/${w.caseId}/`,
      tags: ['third-party-advisory'],
    });
    const [row] = await t.db.select().from(cveReservations).where(eq(cveReservations.id, reservation.id));
    expect(row.state).toBe('PUBLISHED');
    expect(row.publishedAt).not.toBeNull();
    // The page reads the published state back with the record.
    expect(res.json().published_at).toEqual(expect.any(String));
    const read = (await w.coordinator.get(`/api/vul/${vulId}/cve/`)).json();
    expect(read).toMatchObject({
      cve_id: reservation.cve_id,
      advisory_published: true,
      account_available: true,
      published_at: res.json().published_at,
    });

    const again = await w.coordinator.post(`/api/vul/${vulId}/cve/publish/`);
    expect(again.statusCode).toBe(200);
    expect(again.json().updated).toBe(true);
    expect(Date.parse(again.json().published_at)).toBeGreaterThanOrEqual(Date.parse(res.json().published_at));
    expect(local.requests.filter((r) => r.path.endsWith('/cna')).map((r) => r.method)).toEqual([
      'POST',
      'POST',
      'PUT',
    ]);
    const verbs = (await t.db.select().from(activity).where(eq(activity.caseId, w.caseId))).map(
      (a) => a.verb,
    );
    expect(verbs).toEqual(expect.arrayContaining(['published CVE record', 'updated CVE record']));
  });
});
