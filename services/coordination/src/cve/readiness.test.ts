// GET /api/vul/{id}/cve/readiness/ through the HTTP stack: what a vulnerability's CVE record still needs, as
// a to-do list, filled in through the ordinary calls until the record is ready — always in step with the
// record route's 409 (one rule). Then the rule itself on records the model cannot produce today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CveReadinessAnswer, CveReadinessItem } from '@cvdp/core/cve/index';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { buildCveRecord } from './record.ts';
import { assessCveRecord, CVE_DESCRIPTION_MAX, CVE_TITLE_MAX } from './readiness.ts';

let t: TestApp;
let w: VendorWorld;
let scorer: TestClient;

beforeAll(async () => {
  t = await createTestApp({
    config: { secretKey: 'cve-readiness-test-secret', publicUrl: 'https://cvdp.example.org' },
  });
  scorer = await t.signIn({ roles: ['scorer'] });
  w = await vendorWorld(t, [
    { description: 'The admin page trusts the X-User header.' },
    { description: 'The export writes files anywhere.' },
  ]);
});
afterAll(() => t.close());

async function readiness(c: TestClient, vulId: number) {
  const res = await c.get(`/api/vul/${vulId}/cve/readiness/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CveReadinessAnswer>();
}
const item = (a: CveReadinessAnswer, key: string) => {
  const found = a.items.find((i) => i.key === key);
  if (!found) throw new Error(`no item ${key} in ${a.items.map((i) => i.key).join(', ')}`);
  return found;
};
const todo = (a: CveReadinessAnswer) => a.items.filter((i) => !i.done).map((i) => i.key);

/** The one rule: ready exactly when the record route answers the record, and every required item is done. */
async function expectInStep(vulId: number, a: CveReadinessAnswer) {
  const record = await w.coordinator.get(`/api/vul/${vulId}/cve/`);
  expect(record.statusCode).toBe(a.ready ? 200 : 409);
  expect(a.items.filter((i) => i.kind === 'required').every((i) => i.done)).toBe(a.ready);
}

describe('GET /api/vul/{id}/cve/readiness/', () => {
  it('lists what a bare vulnerability’s record needs, in plain words with where to fix it', async () => {
    const vulId = w.vuls[0].id;
    const a = await readiness(w.coordinator, vulId);
    expect(a.ready).toBe(false);
    expect(a.items.map((i) => i.key)).toEqual([
      'cve_id',
      'description',
      'title',
      'affected',
      'versions',
      'references',
      'cwe',
      'cvss',
      'other',
    ]);
    expect(todo(a)).toEqual(['cve_id', 'affected', 'versions', 'references', 'cwe', 'cvss']);
    expect(item(a, 'affected')).toMatchObject({
      kind: 'required',
      hint: expect.stringContaining('set one in the Vendor status grid'),
    });
    expect(item(a, 'references')).toMatchObject({
      kind: 'required',
      hint:
        'Add a reference (an http or https address) with Edit on this vulnerability, or publish the ' +
        'case’s advisory: its public address becomes a reference.',
    });
    expect(item(a, 'cve_id')).toMatchObject({
      kind: 'publishing',
      hint: expect.stringContaining('CVE accounts'),
    });
    expect(item(a, 'cwe')).toMatchObject({
      kind: 'recommended',
      hint: 'Add the CWE with Edit on this vulnerability.',
    });
    expect(item(a, 'cvss').kind).toBe('recommended');
    // Done items say nothing more; no schema wording reaches a missing item's hint.
    for (const done of a.items.filter((i) => i.done)) expect(done.hint).toBeNull();
    for (const open of a.items.filter((i) => !i.done)) expect(open.hint).not.toMatch(/must|containers/);
    await expectInStep(vulId, a);
  });

  it('ticks items off as they are filled in through the ordinary calls, ready once the schema is satisfied', async () => {
    const vulId = w.vuls[0].id;
    // A vendor's status without versions: the record has its affected product, versions are still to do.
    const status = await w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, {
      vul: vulId,
      participant: w.acme,
      status: 'affected',
      product: 'Admin Console',
    });
    expect(status.statusCode, status.body).toBeLessThan(300);
    let a = await readiness(w.coordinator, vulId);
    expect(todo(a)).toEqual(['cve_id', 'versions', 'references', 'cwe', 'cvss']);
    await expectInStep(vulId, a);

    const refd = await w.coordinator.patch(`/api/vul/${vulId}/`, {
      references: ['https://acme.example/security/SA-1'],
    });
    expect(refd.statusCode, refd.body).toBe(200);
    a = await readiness(w.coordinator, vulId);
    expect(a.ready).toBe(true);
    expect(todo(a)).toEqual(['cve_id', 'versions', 'cwe', 'cvss']);
    await expectInStep(vulId, a);

    // The recommended and publishing items follow without changing readiness.
    expect(
      (
        await w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, {
          vul: vulId,
          participant: w.acme,
          status: 'affected',
          product: 'Admin Console',
          affected_versions: '3.1',
        })
      ).statusCode,
    ).toBeLessThan(300);
    const cvss = await w.coordinator.post(`/api/case/vul/${vulId}/cvss/`, {
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
    });
    expect(cvss.statusCode, cvss.body).toBeLessThan(300);
    const cwe = await w.coordinator.patch(`/api/vul/${vulId}/`, { cwes: ['CWE-287'], cve: 'CVE-2026-4242' });
    expect(cwe.statusCode, cwe.body).toBe(200);
    a = await readiness(w.coordinator, vulId);
    expect(a.ready).toBe(true);
    expect(todo(a)).toEqual([]);
    expect(a.items.every((i) => i.hint === null)).toBe(true);
    await expectInStep(vulId, a);
  });

  it('says in plain words when the model holds more than a CVE record takes', async () => {
    const vulId = w.vuls[1].id;
    const patched = await w.coordinator.patch(`/api/vul/${vulId}/`, {
      title: 'T'.repeat(CVE_TITLE_MAX + 1),
      description: 'D'.repeat(CVE_DESCRIPTION_MAX + 10),
      references: ['https://acme.example/security/SA-2'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const status = await w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, {
      vul: vulId,
      participant: w.bobParticipant,
      status: 'fixed',
      product: 'Widget',
      fixed_versions: '2.0',
    });
    expect(status.statusCode, status.body).toBeLessThan(300);
    const a = await readiness(w.coordinator, vulId);
    expect(a.ready).toBe(false);
    expect(item(a, 'title')).toMatchObject({
      done: false,
      hint: 'The title has 257 characters, more than a CVE record takes: shorten it with Edit on this vulnerability.',
    });
    expect(item(a, 'description')).toMatchObject({
      done: false,
      hint: 'The description has 4,106 characters, more than a CVE record takes: shorten it with Edit on this vulnerability.',
    });
    expect(item(a, 'other').done).toBe(true);
    await expectInStep(vulId, a);
  });

  it('answers whoever may read the record; a stranger or a missing vulnerability 404, signed out 401', async () => {
    const vulId = w.vuls[0].id;
    for (const c of [w.reporter, w.acmeMember, w.observer, w.coordinator])
      expect((await c.get(`/api/vul/${vulId}/cve/readiness/`)).statusCode).toBe(200);
    for (const c of [w.stranger, scorer]) {
      const res = await c.get(`/api/vul/${vulId}/cve/readiness/`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Admin Console');
      // Exactly as the record route refuses them.
      expect((await c.get(`/api/vul/${vulId}/cve/`)).statusCode).toBe(404);
    }
    expect((await w.coordinator.get('/api/vul/2147483647/cve/readiness/')).statusCode).toBe(404);
    expect((await w.coordinator.get('/api/vul/2147483648/cve/readiness/')).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/vul/${vulId}/cve/readiness/`)).statusCode).toBe(401);
  });
});

describe('assessCveRecord', () => {
  const input = {
    cveId: 'CVE-2026-1000',
    vul: { title: 'Overflow', description: 'An overflow.', references: ['https://x.example/a'], cwes: [120] },
    cweNames: new Map<number, string>(),
    cvss: [
      {
        version: '3.1',
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
        score: 7.5,
        severity: 'High',
      },
    ],
    vendors: [
      {
        vendor: 'Acme',
        status: 'affected',
        product: 'Widget',
        affectedVersions: '1.0',
        fixedVersions: '',
        cpe: null,
      },
    ],
    coordinator: 'CVDP',
    reportedAt: new Date('2026-01-02T00:00:00Z'),
    advisoryPublished: null,
    advisoryUrl: null,
  };
  const keysNotDone = (items: CveReadinessItem[]) => items.filter((i) => !i.done).map((i) => i.key);

  it('is ready with nothing to do for a complete record', () => {
    const a = assessCveRecord(buildCveRecord(input), { advisoryIsReference: false });
    expect(a).toMatchObject({ ready: true, errors: [] });
    expect(keysNotDone(a.items)).toEqual([]);
  });

  it('makes an item the schema refuses required, whatever its kind, and names what no item covers', () => {
    const record = buildCveRecord({
      ...input,
      // A score whose severity is out of its band, and a coordinator without a name (the platform's part).
      cvss: [{ ...input.cvss[0], severity: 'Low' }],
      coordinator: '',
    });
    const a = assessCveRecord(record, { advisoryIsReference: false });
    expect(a.ready).toBe(false);
    const cvss = a.items.find((i) => i.key === 'cvss')!;
    expect(cvss).toMatchObject({ done: false, kind: 'required' });
    expect(cvss.hint).toMatch(
      /^CVE JSON 5\.1 refuses a CVSS score \(metrics\/0\/cvssV3_1.*score it again in the CVSS section\.$/,
    );
    const other = a.items.find((i) => i.key === 'other')!;
    expect(other).toMatchObject({ done: false, kind: 'required' });
    expect(other.hint).toContain('credits/0/value');
    expect(other.hint).toContain('tell an administrator');
    // Every complaint belongs to exactly one item: the 409's list and the to-do list say the same.
    expect(a.errors.length).toBeGreaterThan(0);
    expect(keysNotDone(a.items)).toEqual(['cvss', 'other']);
  });

  it('only mentions the advisory as a reference where the instance publishes it at an address', () => {
    const bare = buildCveRecord({ ...input, vul: { ...input.vul, references: [] } });
    const without = assessCveRecord(bare, { advisoryIsReference: false }).items.find(
      (i) => i.key === 'references',
    )!;
    expect(without.hint).toBe('Add a reference (an http or https address) with Edit on this vulnerability.');
  });
});
