// The analysis of a queue vulnerability and our ADP container, through the HTTP stack on a real database:
// scorers and admins only, lock holder writes, changes and activity, the container in CISA's shapes checked
// against CVE JSON 5.1 with the record (a failing record is a 409 listing the schema's errors), stored and
// not sent without a CVE Services account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADP_NO_ACCOUNT_REASON, ANALYSIS_LOCK_MESSAGE } from '@cvdp/core/scoring/work';
import { cveAccounts } from '@cvdp/coordination';
import { startLocalCveServices } from '@cvdp/coordination/local-cve-services';
import { encryptSecret } from '@cvdp/server-kit';
import { cveRecords } from '../tables.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { ingestPaths, recordsFolder, requireRecordsDir } from '../../testing/records.ts';
import { recordWithAdp, validateCveRecord } from './adp.ts';

let t: TestApp;
let scorer: TestClient & { user: { id: number } };
let other: TestClient;
let admin: TestClient;
const SECRET = 'scoring-adp-test-secret-key-0123456789';
const CVE = 'CVE-2012-1867';
const REJECTED = 'CVE-2024-41661';
const KEV_CVE = 'CVE-2024-4577';

beforeAll(async () => {
  requireRecordsDir();
  t = await createScoringTestApp({ config: { secretKey: SECRET } });
  await ingestPaths(t.db, [await recordsFolder([CVE, KEV_CVE, REJECTED, 'CVE-2010-3941'])]);
  scorer = await t.signIn({ roles: ['scorer'], name: 'Sam Scorer' });
  other = await t.signIn({ roles: ['scorer'], name: 'Olga Other' });
  admin = await t.signIn({ roles: ['admin'] });
}, 120_000);
afterAll(() => t?.close());

const url = (id: string, rest = '') => `${S}/api/vuls/${id}/analysis/${rest}`;

describe('analysis', () => {
  it('is for scorers and admins only', async () => {
    for (const roles of [['reporter'], ['coordinator'], ['vendor']]) {
      const c = await t.signIn({ roles });
      expect((await c.get(url(CVE))).statusCode).toBe(403);
      expect((await c.post(url(CVE), { analysis: 'x' })).statusCode).toBe(403);
      expect((await c.post(url(CVE, 'adp/'))).statusCode).toBe(403);
      expect((await c.get(url(CVE, 'activity/'))).statusCode).toBe(403);
    }
    expect((await t.anonymous().get(url(CVE))).statusCode).toBe(401);
    expect((await admin.get(url(CVE))).statusCode).toBe(200);
    expect((await scorer.get(url('CVE-2099-0001'))).statusCode).toBe(404);
  });

  it('starts empty and is written only by the lock holder, with changes and activity', async () => {
    const empty = await scorer.get(url(CVE.toLowerCase()));
    expect(empty.json()).toMatchObject({
      cve_id: CVE,
      analysis: '',
      references: [],
      kev: null,
      created_at: null,
    });

    const body = {
      analysis: 'Unauthenticated path traversal; exploited in the wild per vendor.',
      references: [{ url: 'https://example.org/advisory', name: 'Advisory', tags: ['vendor-advisory'] }],
    };
    const unlocked = await scorer.post(url(CVE), body);
    expect(unlocked.statusCode).toBe(409);
    expect(unlocked.json().detail).toBe(ANALYSIS_LOCK_MESSAGE);

    expect((await scorer.patch(`${S}/api/vuls/${CVE}/`, { lock: '1' })).statusCode).toBe(200);
    const created = await scorer.post(url(CVE), body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, kev: null, created_by: { name: 'Sam Scorer' } });
    expect((await scorer.post(url(CVE), body)).statusCode).toBe(409);

    const byOther = await other.patch(url(CVE), { analysis: 'mine' });
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().detail).toBe('This vulnerability is locked by Sam Scorer.');

    const kev = {
      dateAdded: '2024-06-12',
      reference: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog',
    };
    const patched = await scorer.patch(url(CVE), { kev });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ ...body, kev });
    // The same body again changes nothing and records nothing.
    expect((await scorer.patch(url(CVE), { kev })).statusCode).toBe(200);

    const bad = await scorer.patch(url(CVE), { kev: { dateAdded: '2024-02-30', reference: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['kev.dateAdded', 'kev.reference']),
    );
    expect((await scorer.patch(url(CVE), {})).statusCode).toBe(400);

    const changes = (await scorer.get(`${S}/api/vuls/${CVE}/changes/`)).json().results;
    const analysisChanges = changes.filter((c: { kind: string }) => c.kind === 'analysis');
    expect(analysisChanges.map((c: { summary: string }) => c.summary)).toEqual([
      'Analysis changed',
      'Analysis written',
    ]);
    expect(analysisChanges[0]).toMatchObject({ before: { kev: null }, after: { kev } });

    const activity = (await scorer.get(url(CVE, 'activity/?page=1'))).json();
    expect(activity.count).toBe(2);
    expect(activity.results.map((a: { verb: string }) => a.verb)).toEqual([
      'analysis_updated',
      'analysis_created',
    ]);
    expect((await scorer.get(url(CVE, 'activity/?page=2'))).statusCode).toBe(400);
    // The vulnerability's own activity still holds the lock as well.
    const all = (await scorer.get(`${S}/api/${CVE}/activity/`))
      .json()
      .results.map((a: { verb: string }) => a.verb);
    expect(all).toEqual(expect.arrayContaining(['locked', 'analysis_created']));
  });
});

describe('ADP container', () => {
  it('is built in CISA’s shapes, valid with the record, stored and not sent without an account', async () => {
    const score = await scorer.patch(`${S}/api/vuls/${CVE}/score/`, {
      ssvc: { table: 'cisa-coordinator', values: { E: 'A', A: 'Y', TI: 'T', MP: 'E', PWI: 'M' } },
      cvss3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cwes: ['CWE-22'],
    });
    expect(score.statusCode, score.body).toBe(200);

    const res = await scorer.post(url(CVE, 'adp/'));
    expect(res.statusCode, res.body).toBe(200);
    const { container, sent, reason } = res.json();
    expect(sent).toBe(false);
    expect(reason).toBe(ADP_NO_ACCOUNT_REASON);
    const ssvc = container.metrics.find((m: { other?: { type: string } }) => m.other?.type === 'ssvc').other
      .content;
    expect(ssvc).toMatchObject({
      id: CVE,
      role: 'CISA Coordinator',
      version: '2.0.3',
      options: [{ Exploitation: 'active' }, { Automatable: 'yes' }, { 'Technical Impact': 'total' }],
    });
    expect(ssvc.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(container.metrics).toContainEqual({
      other: {
        type: 'kev',
        content: {
          dateAdded: '2024-06-12',
          reference: 'https://www.cisa.gov/known-exploited-vulnerabilities-catalog',
        },
      },
    });
    expect(container.metrics).toContainEqual(
      expect.objectContaining({
        cvssV3_1: expect.objectContaining({ baseScore: 9.8, baseSeverity: 'CRITICAL' }),
      }),
    );
    expect(container.problemTypes[0].descriptions[0]).toMatchObject({ type: 'CWE', cweId: 'CWE-22' });
    expect(container.references).toEqual([
      { url: 'https://example.org/advisory', name: 'Advisory', tags: ['vendor-advisory'] },
    ]);
    expect(container.x_cvdpAnalysis).toMatchObject({
      analysis: expect.stringContaining('path traversal'),
      ssvc: { table: 'cisa-coordinator', other_values: expect.objectContaining({ MWI: expect.any(String) }) },
    });

    // The record with the container validates; CISA's own container is kept next to ours.
    const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, CVE));
    const full = recordWithAdp(row.record, container);
    expect(validateCveRecord(full)).toEqual([]);
    const adp = full.containers.adp as { title?: string }[];
    expect(adp.map((c) => c.title)).toEqual(
      expect.arrayContaining(['CISA ADP Vulnrichment', 'CVDP scoring analysis']),
    );

    const stored = (await scorer.get(url(CVE))).json();
    expect(stored.adp).toMatchObject({ container, sent_at: null, note: ADP_NO_ACCOUNT_REASON });
    expect(stored.adp.built_at).not.toBeNull();
    const verbs = (await scorer.get(url(CVE, 'activity/')))
      .json()
      .results.map((a: { verb: string }) => a.verb);
    expect(verbs[0]).toBe('adp_built');
  });

  it('is sent with PUT /cve/{id}/adp through an active account with the ADP role (local CVE Services)', async () => {
    const cve = await startLocalCveServices({
      orgs: [
        { shortName: 'cvdp-adp', roles: ['ADP'], users: { 'adp@example.test': 'adp-key' } },
        { shortName: 'cna-only', roles: ['CNA'], users: { 'cna@example.test': 'cna-key' } },
      ],
    });
    try {
      const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, CVE));
      cve.records.set(CVE, structuredClone(row.record));
      const account = (org: string, user: string, key: string) =>
        t.db
          .insert(cveAccounts)
          .values({
            orgShortName: org,
            username: user,
            apiKeyEncrypted: encryptSecret(key, SECRET),
            environment: 'custom',
            baseUrl: cve.url,
            active: true,
          })
          .returning();
      // An organisation without the ADP role: CVE Services' refusal is the reason, the container is kept.
      const [cna] = await account('cna-only', 'cna@example.test', 'cna-key');
      const refused = (await scorer.post(url(CVE, 'adp/'))).json();
      expect(refused).toMatchObject({ sent: false, reason: expect.stringContaining('ADP_ONLY') });
      await t.db.update(cveAccounts).set({ active: false }).where(eq(cveAccounts.id, cna.id));

      await account('cvdp-adp', 'adp@example.test', 'adp-key');
      const res = await scorer.post(url(CVE, 'adp/'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        sent: true,
        reason: expect.stringMatching(/ADP container was added/),
      });
      const stored = cve.records.get(CVE) as {
        containers: { adp: { title?: string; providerMetadata: { shortName: string } }[] };
      };
      const ours = stored.containers.adp.find((c) => c.title === 'CVDP scoring analysis')!;
      expect(ours.providerMetadata.shortName).toBe('cvdp-adp');
      expect(cve.requests.at(-1)).toMatchObject({
        method: 'PUT',
        path: `/api/cve/${CVE}/adp`,
        user: 'adp@example.test',
      });
      const analysis = (await scorer.get(url(CVE))).json();
      expect(analysis.adp.sent_at).not.toBeNull();
      const verbs = (await scorer.get(url(CVE, 'activity/')))
        .json()
        .results.map((a: { verb: string }) => a.verb);
      expect(verbs.slice(0, 2)).toEqual(['adp_sent', 'adp_built']);
    } finally {
      await t.db.delete(cveAccounts);
      await cve.close();
    }
  });

  it('refuses a record that does not validate with the container: 409 listing the errors', async () => {
    const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, KEV_CVE));
    const broken = structuredClone(row.record) as { cveMetadata: Record<string, unknown> };
    delete broken.cveMetadata.assignerOrgId;
    await t.db.update(cveRecords).set({ record: broken }).where(eq(cveRecords.id, row.id));
    expect((await scorer.patch(`${S}/api/vuls/${KEV_CVE}/`, { lock: '1' })).statusCode).toBe(200);
    const res = await scorer.post(url(KEV_CVE, 'adp/'));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.adp).toContain("/cveMetadata: must have required property 'assignerOrgId'");
    expect((await scorer.get(url(KEV_CVE))).json().adp.container).toBeNull();
    // Without the lock: 409 asking for it.
    expect((await other.post(url('CVE-2010-3941', 'adp/'))).json().detail).toBe(ANALYSIS_LOCK_MESSAGE);
    // CVE Services takes no ADP container on a REJECTED record; neither do we.
    expect((await other.patch(`${S}/api/vuls/${REJECTED}/`, { lock: '1' })).statusCode).toBe(200);
    const rejected = await other.post(url(REJECTED, 'adp/'));
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().detail).toBe('ADP containers cannot be added to a REJECTED record.');
  });
});
