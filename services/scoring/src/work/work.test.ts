// Software priorities (vendor, vendor + product, CPE pattern; the queue's priority is the highest matching
// weight, recomputed on every change and at ingest) and standing assignments (newly ingested open records
// of the vendor or CWE go to the scorer), through the HTTP stack on real records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cveRecords } from '../tables.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { ingestPaths, recordsFolder, requireRecordsDir } from '../../testing/records.ts';
import { NOT_A_SCORER } from './store.ts';

let t: TestApp;
let scorer: TestClient & { user: { id: number } };
let second: TestClient & { user: { id: number } };

beforeAll(async () => {
  requireRecordsDir();
  t = await createScoringTestApp();
  // qualcomm/qpopper (CWE-121), ScienceLogic SL1, php_group php (CPEs), CWE-190.
  await ingestPaths(t.db, [
    await recordsFolder(['CVE-1999-0006', 'CVE-2024-9537', 'CVE-2024-4577', 'CVE-2012-1867']),
  ]);
  scorer = await t.signIn({ roles: ['scorer'], name: 'Ada Scorer' });
  second = await t.signIn({ roles: ['scorer'], name: 'Bo Scorer' });
}, 120_000);
afterAll(() => t?.close());

const priorities = async () =>
  Object.fromEntries(
    (await t.db.select({ id: cveRecords.cveId, p: cveRecords.priority }).from(cveRecords)).map((r) => [
      r.id,
      r.p,
    ]),
  );

describe('software priorities', () => {
  it('are for scorers and admins only', async () => {
    const reporter = await t.signIn({ roles: ['reporter'] });
    expect((await reporter.get(`${S}/api/priorities/`)).statusCode).toBe(403);
    expect((await reporter.post(`${S}/api/priorities/`, { vendor: 'x', weight: 1 })).statusCode).toBe(403);
    expect((await reporter.delete(`${S}/api/priorities/1/`)).statusCode).toBe(403);
    expect((await reporter.get(`${S}/api/assignments/`)).statusCode).toBe(403);
    expect((await reporter.post(`${S}/api/assignments/`, { user: 1, vendor: 'x' })).statusCode).toBe(403);
  });

  it('set the queue’s priority to the highest matching weight, recomputed on every change', async () => {
    expect(await priorities()).toEqual({
      'CVE-1999-0006': 0,
      'CVE-2024-9537': 0,
      'CVE-2024-4577': 0,
      'CVE-2012-1867': 0,
    });
    const vendor = await scorer.post(`${S}/api/priorities/`, { vendor: 'ScienceLogic', weight: 10 });
    expect(vendor.statusCode).toBe(201);
    expect(vendor.json()).toMatchObject({
      vendor: 'sciencelogic',
      product: null,
      cpe: null,
      weight: 10,
      created_by: { name: 'Ada Scorer' },
    });
    const product = await scorer.post(`${S}/api/priorities/`, {
      vendor: 'qualcomm',
      product: 'QPOPPER',
      weight: 5,
    });
    const otherProduct = await scorer.post(`${S}/api/priorities/`, {
      vendor: 'qualcomm',
      product: 'eudora',
      weight: 50,
    });
    const pattern = await scorer.post(`${S}/api/priorities/`, {
      cpe: 'cpe:2.3:a:php_group:php:8.*:*:*:*:*:*:*:*',
      weight: 30,
    });
    const higher = await scorer.post(`${S}/api/priorities/`, {
      cpe: 'cpe:2.3:*:sciencelogic:*:*:*:*:*:*:*:*:*',
      weight: 20,
    });
    for (const r of [product, otherProduct, pattern, higher]) expect(r.statusCode).toBe(201);
    expect(await priorities()).toEqual({
      'CVE-1999-0006': 5,
      'CVE-2024-9537': 20,
      'CVE-2024-4577': 30,
      'CVE-2012-1867': 0,
    });

    const list = (await scorer.get(`${S}/api/priorities/`)).json();
    expect(list.map((p: { weight: number }) => p.weight)).toEqual([50, 30, 20, 10, 5]);

    // The queue orders by it.
    const queue = (await scorer.get(`${S}/api/vuls/?ordering=-priority`)).json();
    expect(queue.results.map((v: { cve_id: string }) => v.cve_id).slice(0, 3)).toEqual([
      'CVE-2024-4577',
      'CVE-2024-9537',
      'CVE-1999-0006',
    ]);

    expect((await scorer.delete(`${S}/api/priorities/${higher.json().id}/`)).statusCode).toBe(204);
    expect((await scorer.delete(`${S}/api/priorities/${pattern.json().id}/`)).statusCode).toBe(204);
    expect(await priorities()).toMatchObject({ 'CVE-2024-9537': 10, 'CVE-2024-4577': 0 });
    expect((await scorer.delete(`${S}/api/priorities/${pattern.json().id}/`)).statusCode).toBe(404);
  });

  it('refuse bodies that name nothing, both kinds or a bad CPE', async () => {
    const none = await scorer.post(`${S}/api/priorities/`, { weight: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('vendor');
    expect(
      (
        await scorer.post(`${S}/api/priorities/`, {
          vendor: 'a',
          cpe: 'cpe:2.3:a:a:*:*:*:*:*:*:*:*:*',
          weight: 1,
        })
      ).json().errors,
    ).toHaveProperty('cpe');
    expect((await scorer.post(`${S}/api/priorities/`, { product: 'p', weight: 1 })).statusCode).toBe(400);
    expect(
      (await scorer.post(`${S}/api/priorities/`, { vendor: 'a', weight: 1.5 })).json().errors,
    ).toHaveProperty('weight');
    const cpe = await scorer.post(`${S}/api/priorities/`, { cpe: 'cpe:2.3:a:php', weight: 1 });
    expect(cpe.statusCode).toBe(400);
    expect(cpe.json().errors).toHaveProperty('cpe');
  });
});

describe('standing assignments', () => {
  it('give newly ingested open records of the vendor or CWE to the scorer', async () => {
    const reporter = await t.createUser({ roles: ['reporter'] });
    const notScorer = await scorer.post(`${S}/api/assignments/`, { user: reporter.id, vendor: 'x' });
    expect(notScorer.statusCode).toBe(400);
    expect(notScorer.json().errors).toEqual({ user: [NOT_A_SCORER] });
    expect(
      (await scorer.post(`${S}/api/assignments/`, { user: scorer.user.id, vendor: 'a', cwe: 'CWE-1' }))
        .statusCode,
    ).toBe(400);

    const byVendor = await scorer.post(`${S}/api/assignments/`, {
      user: second.user.id,
      vendor: 'Microsoft',
    });
    expect(byVendor.statusCode).toBe(201);
    expect(byVendor.json()).toMatchObject({
      user: { id: second.user.id, name: 'Bo Scorer' },
      vendor: 'microsoft',
      cwe: null,
    });
    const byCwe = await scorer.post(`${S}/api/assignments/`, { user: scorer.user.id, cwe: 'cwe-20' });
    expect(byCwe.json()).toMatchObject({ cwe: 'CWE-20', vendor: null });
    expect((await scorer.get(`${S}/api/assignments/`)).json()).toHaveLength(2);

    // Records already in the queue are left alone.
    expect((await t.db.select().from(cveRecords).where(eq(cveRecords.status, 'assigned'))).length).toBe(0);

    // CVE-2018-0824: Microsoft; CVE-2023-22515: CWE-20; CVE-2010-3941 neither.
    await ingestPaths(t.db, [await recordsFolder(['CVE-2018-0824', 'CVE-2023-22515', 'CVE-2010-3941'])]);
    const rows = await t.db
      .select({ id: cveRecords.cveId, status: cveRecords.status, to: cveRecords.assignedTo })
      .from(cveRecords);
    const by = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(by['CVE-2018-0824']).toMatchObject({ status: 'assigned', to: second.user.id });
    expect(by['CVE-2023-22515']).toMatchObject({ status: 'assigned', to: scorer.user.id });
    expect(by['CVE-2010-3941']).toMatchObject({ status: 'open', to: null });
    const activity = (await scorer.get(`${S}/api/CVE-2018-0824/activity/`)).json().results;
    expect(activity[0]).toMatchObject({
      verb: 'assigned',
      user: null,
      after: { user: second.user.id, standing_assignment: byVendor.json().id },
    });

    expect((await scorer.delete(`${S}/api/assignments/${byCwe.json().id}/`)).statusCode).toBe(204);
    expect((await scorer.delete(`${S}/api/assignments/${byCwe.json().id}/`)).statusCode).toBe(404);
  });
});
