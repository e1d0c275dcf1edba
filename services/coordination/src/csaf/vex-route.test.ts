// GET /api/vul/{id}/vex/ through the HTTP stack: who may download it, the document validated here with the
// CSAF validator, the attachment's name, and the 409s (an empty grid, a document that would not validate).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorStatus, vulCvssScores } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { csafFailureMessages, validateCsaf } from './validate.ts';
import { VEX_INVALID } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://cvdp.example.org' } });
});
afterAll(() => t.close());

const statusUrl = (w: VendorWorld) => `/api/case/${w.caseId}/vendors/status/`;
const vexUrl = (vulId: number) => `/api/vul/${vulId}/vex/`;

async function setStatus(w: VendorWorld, body: Record<string, unknown>) {
  const res = await w.coordinator.post(statusUrl(w), body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/vul/{id}/vex/', () => {
  it('serves a valid csaf_vex document as a JSON attachment to staff and every participant', async () => {
    const w = await vendorWorld(t, [
      { title: 'Overflow', cve: 'CVE-2025-20001', cwes: [787], description: 'An out-of-bounds write.' },
    ]);
    const vul = w.vuls[0].id;
    await setStatus(w, {
      vul,
      participant: w.acme,
      status: 'affected',
      product: 'Widget Server',
      affected_versions: '2.3.0',
      fixed_versions: '2.4.1',
      cpe: 'cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*',
    });
    const bob = await w.bob.post(statusUrl(w), {
      vul,
      participant: w.bobParticipant,
      status: 'not_affected',
      justification: 'inline_mitigations_already_exist',
      purl: 'pkg:generic/bob/gizmo@1.0',
      statement: 'The sandbox stops it.',
    });
    expect(bob.statusCode, bob.body).toBe(200);
    await t.db.insert(vulCvssScores).values({
      vulId: vul,
      caseId: w.caseId,
      version: '3.1',
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      score: 9.8,
      severity: 'Critical',
    });

    for (const client of [w.coordinator, w.reporter, w.acmeMember, w.bob, w.observer]) {
      const res = await client.get(vexUrl(vul));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="vu_${w.caseId}_1-vex.json"; filename*=UTF-8''vu_${w.caseId}_1-vex.json`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const doc = res.json();
      const validation = await validateCsaf(doc);
      expect(csafFailureMessages(validation)).toEqual({});
      expect(validation.valid).toBe(true);
      expect(doc.document).toMatchObject({
        category: 'csaf_vex',
        title: `VEX for VU#${w.caseId}.1 (CVE-2025-20001): Overflow`,
        publisher: { category: 'coordinator', namespace: 'https://cvdp.example.org' },
        references: [{ category: 'self', url: `https://cvdp.example.org/api/vul/${vul}/vex/` }],
        tracking: { id: `VU#${w.caseId}.1-VEX`, status: 'interim', version: '1' },
      });
      const [v] = doc.vulnerabilities;
      expect(v).toMatchObject({
        cve: 'CVE-2025-20001',
        cwe: { id: 'CWE-787', name: 'Out-of-bounds Write' },
        product_status: {
          known_affected: [`CVDP-${w.acme}-2.3.0`],
          fixed: [`CVDP-${w.acme}-2.4.1`],
          known_not_affected: [`CVDP-${w.bobParticipant}`],
        },
        flags: [{ label: 'inline_mitigations_already_exist', product_ids: [`CVDP-${w.bobParticipant}`] }],
        threats: [{ category: 'impact', details: 'The sandbox stops it.' }],
        remediations: [{ category: 'vendor_fix', details: 'Fixed in 2.4.1.' }],
        scores: [{ products: [`CVDP-${w.acme}-2.3.0`], cvss_v3: { version: '3.1', baseScore: 9.8 } }],
      });
      expect(doc.product_tree.branches.map((b: { name: string }) => b.name)).toEqual([
        w.acmeName,
        "Bob's Widgets",
      ]);
      expect(JSON.stringify(doc.product_tree)).toContain('cpe:2.3:a:acme:widget_server:2.3.0:*:*:*:*:*:*:*');
    }
    // The document changes with the grid: its date is the latest change.
    const first = (await w.coordinator.get(vexUrl(vul))).json();
    await setStatus(w, { vul, participant: w.acme, status: 'fixed', fixed_versions: '2.4.1' });
    const second = (await w.coordinator.get(vexUrl(vul))).json();
    expect(second.document.tracking.current_release_date > first.document.tracking.current_release_date).toBe(
      true,
    );
    expect(second.vulnerabilities[0].product_status.known_affected).toBeUndefined();
    expect((await validateCsaf(second)).valid).toBe(true);
  });

  it('answers 404 to a stranger exactly as for a missing vulnerability, 401 without a session', async () => {
    const w = await vendorWorld(t, [{}]);
    await setStatus(w, { vul: w.vuls[0].id, participant: w.acme, status: 'fixed' });
    const res = await w.stranger.get(vexUrl(w.vuls[0].id));
    expect(res.statusCode).toBe(404);
    const missing = await w.stranger.get(vexUrl(2_000_000_000));
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(res.body);
    expect((await w.coordinator.get('/api/vul/2147483648/vex/')).statusCode).toBe(404);
    expect((await t.anonymous().get(vexUrl(w.vuls[0].id))).statusCode).toBe(401);
  });

  it('an empty grid, or one with nothing but unknown, is a 409 that says why', async () => {
    const w = await vendorWorld(t, [{}]);
    const vul = w.vuls[0].id;
    const reason = `VU#${w.caseId}.1 has no vendor status other than "unknown": a VEX document needs at least one vendor's status (affected, not affected, fixed or under investigation).`;
    const empty = await w.reporter.get(vexUrl(vul));
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ detail: reason, errors: { vex: [reason] } });
    await setStatus(w, { vul, participant: w.acme, status: 'unknown', statement: 'No idea yet.' });
    const unknown = await w.coordinator.get(vexUrl(vul));
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().detail).toBe(reason);
  });

  it('a document the validator refuses is a 409 listing the failed tests, never served', async () => {
    const w = await vendorWorld(t, [{}]);
    const vul = w.vuls[0].id;
    await setStatus(w, {
      vul,
      participant: w.acme,
      status: 'not_affected',
      justification: 'component_not_present',
    });
    // A row the API would never write (a justification outside the CSAF labels), written behind its back.
    await t.db.update(vendorStatus).set({ justification: 'it_is_fine' }).where(eq(vendorStatus.vulId, vul));
    const res = await w.coordinator.get(vexUrl(vul));
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = res.json();
    expect(body.detail).toBe(VEX_INVALID(`VU#${w.caseId}.1`));
    expect(Object.keys(body.errors)).toEqual(['schema']);
    expect(body.errors.schema.join(' ')).toContain('/vulnerabilities/0/flags/0/label');
  });
});
