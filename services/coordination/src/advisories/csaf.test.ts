// CSAF for advisories (issue 12) through the HTTP stack: CSAF profiles (admin), a case's CSAF settings
// (staff), the advisory exported as CSAF 2.0 and 2.1 for realistic cases — every document validated HERE
// (2.0: csaf-validator-lib's strict schema + all mandatory tests; 2.1: the current OASIS schema, the lib's
// 2.1 mandatory tests that fit the draft and ours) —, the 409s, access per role before and after sharing,
// the upload round trip, and third-party 2.1 uploads (product paths accepted, an invalid one refused).
import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '@cvdp/server-kit';
import validate from '@secvisogram/csaf-validator-lib/validate.js';
import { csaf_2_1_strict } from '@secvisogram/csaf-validator-lib/csaf_2_1/schemaTests.js';
import * as mandatory21 from '@secvisogram/csaf-validator-lib/csaf_2_1/mandatoryTests.js';
import { CSAF_PROFILE_NAME_TAKEN, CSAF_UPLOAD_INVALID, NO_SHARED_ADVISORY, cvss4Record } from '@cvdp/core';
import { advisoryRevisions } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { validateCsaf, validateCsaf21 } from '../csaf/validate.ts';
import { ssvcSelectionListErrors } from '../csaf/csaf21/index.ts';
import { csafUploadBody } from '../../testing/csaf-test-helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://cvdp.example.org' } });
  admin = await t.signIn({ roles: ['admin'], name: 'Ada Admin' });
});
afterAll(() => t.close());

const today = new Date().toISOString().slice(0, 10);
const V31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'; // 7.5
const V31_TEMPORAL = 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H/E:P/RL:O/RC:C'; // 8.8 base
/** 8.6: one of the scores csaf-validator-lib 2.0.10's 2.1 CVSS 4.0 schema wrongly refuses (csaf.md §4). */
const V40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N';
const SSVC = { table: 'cisa-coordinator', values: { E: 'A', A: 'Y', TI: 'T', MWI: 'H' } };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CSAF documents are walked freely in assertions
type Json = Record<string, any>;

function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

const csafUrl = (w: VendorWorld, version?: string) =>
  `/api/case/${w.caseId}/advisory/csaf/${version ? `?version=${version}` : ''}`;

async function setStatus(w: VendorWorld, client: TestClient, body: Record<string, unknown>) {
  ok(await client.post(`/api/case/${w.caseId}/vendors/status/`, body));
}

async function saveRevision(w: VendorWorld, body: Record<string, unknown> = {}) {
  return ok(
    await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, {
      title: 'Widget Server path traversal',
      summary: 'Unauthenticated attackers can read files.',
      content: '## Details\n\nThe **download** handler does not canonicalise paths.',
      impact: 'Remote attackers read any file the server can.',
      solution: 'Upgrade to 2.4.1, or block `..` at the proxy.',
      references: ['https://acme.example.com/advisories/1'],
      credits: ['Jane Doe of Example Research'],
      ...body,
    }),
    201,
  ).json();
}

async function exported(client: TestClient, w: VendorWorld, version?: '2.0' | '2.1') {
  const res = ok(await client.get(csafUrl(w, version)));
  expect(res.headers['content-type']).toContain('application/json');
  const doc = JSON.parse(res.body) as Json;
  const validation = version === '2.1' ? await validateCsaf21(doc) : await validateCsaf(doc);
  expect(validation.failed).toEqual([]);
  expect(validation.valid).toBe(true);
  // 2.0: the strict schema + 43 mandatory tests; 2.1: the current schema + 15 tests of ours + the lib's 61
  // 2.1 mandatory tests but the 8 ours replace.
  expect(validation.testsRun).toBe(version === '2.1' ? 69 : 44);
  return { doc, res };
}

/** A case with one vulnerability (CVE, CWE-22, CVSS 3.1), the vendor Acme affected with a fix. */
async function oneVulCase() {
  const w = await vendorWorld(t, [
    {
      title: 'Path traversal in the download handler',
      cve: `CVE-2025-${30000 + Math.floor(Math.random() * 60000)}`,
      cwes: [22],
      description: 'The file parameter is not canonicalised, so ../ escapes the content root.',
      references: ['https://acme.example.com/bugs/42'],
    },
  ]);
  const vul = w.vuls[0].id;
  ok(await w.coordinator.post(`/api/case/vul/${vul}/cvss/`, { vector: V31 }), 201);
  await setStatus(w, w.coordinator, {
    vul,
    participant: w.acme,
    status: 'affected',
    product: 'Widget Server',
    affected_versions: '2.3.0',
    fixed_versions: '2.4.1',
    cpe: 'cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*',
  });
  return w;
}

// ---------------------------------------------------------------------------------------------------------

describe('CSAF profiles (manage/csaf/profiles/)', () => {
  it('admins list, add, change and delete them with activity; everyone else 403, anonymous 401', async () => {
    const name = `PSIRT ${Math.random().toString(36).slice(2, 8)}`;
    const body = {
      name,
      publisher_name: 'Example CVD Platform',
      namespace: 'https://cvd.example.org',
      contact_details: 'psirt@cvd.example.org',
    };
    const created = ok(await admin.post('/manage/csaf/profiles/', body), 201).json();
    expect(created).toMatchObject({
      name,
      publisher_category: 'coordinator',
      publisher_name: 'Example CVD Platform',
      namespace: 'https://cvd.example.org',
      issuing_authority: '',
      default_tlp: 'CLEAR',
    });
    const list = ok(await admin.get('/manage/csaf/profiles/')).json();
    expect(list.results.map((p: Json) => p.id)).toContain(created.id);

    const dup = ok(await admin.post('/manage/csaf/profiles/', { ...body, name: name.toUpperCase() }), 400);
    expect(dup.json().errors.name).toEqual([CSAF_PROFILE_NAME_TAKEN]);
    const badNs = ok(
      await admin.post('/manage/csaf/profiles/', { ...body, name: 'x', namespace: 'not a uri' }),
      400,
    );
    expect(Object.keys(badNs.json().errors)).toEqual(['namespace']);

    const patched = ok(
      await admin.patch(`/manage/csaf/profiles/${created.id}/`, {
        default_tlp: 'GREEN',
        publisher_category: 'other',
      }),
    ).json();
    expect(patched).toMatchObject({ default_tlp: 'GREEN', publisher_category: 'other' });
    const [log] = await t.db
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.objectType, 'csaf_profile'),
          eq(activity.objectId, created.id),
          eq(activity.verb, 'edited CSAF profile'),
        ),
      );
    expect(log.before).toEqual({ publisher_category: 'coordinator', default_tlp: 'CLEAR' });
    expect(log.after).toEqual({ publisher_category: 'other', default_tlp: 'GREEN' });

    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const reporter = await t.signIn();
    for (const c of [coordinator, reporter]) {
      expect((await c.get('/manage/csaf/profiles/')).statusCode).toBe(403);
      expect((await c.post('/manage/csaf/profiles/', { ...body, name: 'Nope' })).statusCode).toBe(403);
      expect((await c.patch(`/manage/csaf/profiles/${created.id}/`, { name: 'Nope' })).statusCode).toBe(403);
      expect((await c.delete(`/manage/csaf/profiles/${created.id}/`)).statusCode).toBe(403);
    }
    expect((await t.anonymous().get('/manage/csaf/profiles/')).statusCode).toBe(401);

    ok(await admin.delete(`/manage/csaf/profiles/${created.id}/`), 204);
    ok(await admin.delete(`/manage/csaf/profiles/${created.id}/`), 404);
    ok(await admin.patch(`/manage/csaf/profiles/${created.id}/`, { name: 'Gone' }), 404);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(activity)
      .where(and(eq(activity.objectType, 'csaf_profile'), eq(activity.objectId, created.id)));
    expect(n).toBe(3); // added, edited, deleted
  });
});

describe('CSAF settings of a case', () => {
  it('staff read the defaults and change them; participants 403, strangers 404; bad input 400', async () => {
    const w = await oneVulCase();
    const url = `/api/case/${w.caseId}/settings/csaf/`;
    expect(ok(await w.coordinator.get(url)).json()).toEqual({
      case: w.caseId,
      profile: null,
      profile_choices: expect.any(Array),
      category: 'csaf_security_advisory',
      tlp: null,
      tracking_id_pattern: 'VU#{case}',
      tracking_id: `VU#${w.caseId}`,
      product_tree_overrides: {},
      updated: null,
    });
    for (const c of [w.reporter, w.acmeMember, w.observer]) {
      expect((await c.get(url)).statusCode).toBe(403);
      expect((await c.post(url, { tlp: 'RED' })).statusCode).toBe(403);
    }
    expect((await w.stranger.get(url)).statusCode).toBe(404);

    const bad = [
      [{ tracking_id_pattern: 'CVDP-{year}' }, 'tracking_id_pattern'],
      [{ tracking_id_pattern: ' VU#{case}' }, 'tracking_id_pattern'],
      [{ tlp: 'PURPLE' }, 'tlp'],
      [{ category: 'csaf_informational_advisory' }, 'category'],
      [{ profile: 2_000_000_000 }, 'profile'],
      [
        { product_tree_overrides: { vendors: { [w.reporterParticipant]: { vendor_name: 'X' } } } },
        `product_tree_overrides.vendors.${w.reporterParticipant}`,
      ],
      [
        { product_tree_overrides: { vendors: { [w.acme]: { cpe: 'cpe:/a:acme' } } } },
        `product_tree_overrides.vendors.${w.acme}.cpe`,
      ],
    ] as const;
    for (const [body, field] of bad) {
      const res = ok(await w.coordinator.post(url, body), 400);
      expect(Object.keys(res.json().errors ?? {}).join(), JSON.stringify(body)).toContain(
        field.split('.')[0],
      );
    }

    const profile = ok(
      await admin.post('/manage/csaf/profiles/', {
        name: `Case profile ${w.caseId}`,
        publisher_name: 'Example CERT',
        namespace: 'https://cert.example.net',
        issuing_authority: 'The national CERT.',
        default_tlp: 'GREEN',
      }),
      201,
    ).json();
    // The coordinator cannot list the profiles (admin) but the case's settings offer each one to choose.
    expect((await w.coordinator.get('/manage/csaf/profiles/')).statusCode).toBe(403);
    expect(ok(await w.coordinator.get(url)).json().profile_choices).toContainEqual({
      id: profile.id,
      name: `Case profile ${w.caseId}`,
    });
    const saved = ok(
      await w.coordinator.post(url, {
        profile: profile.id,
        tracking_id_pattern: 'EXA-{year}-{case}',
        product_tree_overrides: { vendors: { [w.acme]: { vendor_name: 'Acme Corp.' } } },
      }),
    ).json();
    expect(saved).toMatchObject({
      profile: { id: profile.id, name: profile.name },
      tracking_id: `EXA-${new Date().getUTCFullYear()}-${w.caseId}`,
      product_tree_overrides: { vendors: { [w.acme]: { vendor_name: 'Acme Corp.' } } },
    });
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.verb, 'changed CSAF settings')));
    expect(log.before).toMatchObject({ profileId: null, trackingIdPattern: 'VU#{case}' });
    expect(log.after).toMatchObject({ profileId: profile.id, trackingIdPattern: 'EXA-{year}-{case}' });
    // The same again changes nothing.
    ok(await w.coordinator.post(url, { tracking_id_pattern: 'EXA-{year}-{case}' }));
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.verb, 'changed CSAF settings')));
    expect(n).toBe(1);

    // The export follows the settings: the profile as publisher, its TLP once published, the pattern.
    await saveRevision(w);
    ok(
      await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
        date_shared: today,
        date_published: today,
        override_reason: 'Not about the guard rails',
      }),
    );
    const { doc, res } = await exported(w.coordinator, w);
    expect(doc.document.publisher).toEqual({
      category: 'coordinator',
      name: 'Example CERT',
      namespace: 'https://cert.example.net',
      issuing_authority: 'The national CERT.',
    });
    expect(doc.document.distribution.tlp.label).toBe('GREEN');
    const trackingId = `EXA-${new Date().getUTCFullYear()}-${w.caseId}`;
    expect(doc.document.tracking.id).toBe(trackingId);
    expect(res.headers['content-disposition']).toContain(
      `exa-${new Date().getUTCFullYear()}-${w.caseId}.json`,
    );
    expect(doc.product_tree.branches[0].name).toBe('Acme Corp.');
  });
});

describe('GET /api/case/{id}/advisory/csaf/', () => {
  it('one vulnerability: a valid CSAF 2.0 security advisory; draft → interim (shared) → final (published)', async () => {
    const w = await oneVulCase();
    // Nothing saved yet.
    expect((await w.coordinator.get(csafUrl(w))).statusCode).toBe(404);
    await saveRevision(w, { title: 'First draft' });
    await saveRevision(w);

    const { doc, res } = await exported(w.coordinator, w);
    expect(res.headers['content-disposition']).toContain(`attachment; filename="vu_${w.caseId}.json"`);
    const d = doc.document;
    expect(d).toMatchObject({
      category: 'csaf_security_advisory',
      csaf_version: '2.0',
      title: 'Widget Server path traversal',
      distribution: { tlp: { label: 'AMBER' } }, // not published: AMBER unless the case says otherwise
      publisher: { category: 'coordinator', namespace: 'https://cvdp.example.org' },
      acknowledgments: [{ names: ['Jane Doe of Example Research'] }],
    });
    expect(d.notes.map((n: Json) => [n.category, n.title])).toEqual([
      ['summary', 'Summary'],
      ['details', 'Details'],
      ['general', 'Impact'],
      ['general', 'Solution'],
    ]);
    expect(d.references).toEqual([
      {
        category: 'external',
        summary: 'https://acme.example.com/advisories/1',
        url: 'https://acme.example.com/advisories/1',
      },
    ]);
    expect(d.tracking).toMatchObject({ id: `VU#${w.caseId}`, status: 'draft', version: '2' });
    expect(d.tracking.revision_history.map((r: Json) => [r.number, r.summary])).toEqual([
      ['1', 'Revision 1: First draft'],
      ['2', 'Revision 2: Widget Server path traversal'],
    ]);

    const [vul] = doc.vulnerabilities;
    expect(vul.cwe).toEqual({
      id: 'CWE-22',
      name: "Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')",
    });
    expect(vul.ids).toEqual([{ system_name: d.publisher.name, text: `VU#${w.caseId}.1` }]);
    const ids = vul.product_status;
    expect(Object.keys(ids).sort()).toEqual(['fixed', 'known_affected']);
    expect(vul.scores).toEqual([
      {
        products: ids.known_affected,
        cvss_v3: {
          version: '3.1',
          vectorString: V31,
          attackVector: 'NETWORK',
          attackComplexity: 'LOW',
          privilegesRequired: 'NONE',
          userInteraction: 'NONE',
          scope: 'UNCHANGED',
          confidentialityImpact: 'HIGH',
          integrityImpact: 'NONE',
          availabilityImpact: 'NONE',
          baseScore: 7.5,
          baseSeverity: 'HIGH',
        },
      },
    ]);
    expect(vul.remediations).toEqual([
      { category: 'vendor_fix', details: 'Fixed in 2.4.1.', product_ids: ids.known_affected },
      {
        category: 'mitigation',
        details: 'Upgrade to 2.4.1, or block `..` at the proxy.',
        product_ids: ids.known_affected,
      },
    ]);
    const leaves = doc.product_tree.branches[0].branches[0].branches;
    expect(
      leaves.map((b: Json) => [b.category, b.name, b.product.product_identification_helper?.cpe]),
    ).toEqual([
      ['product_version', '2.3.0', 'cpe:2.3:a:acme:widget_server:2.3.0:*:*:*:*:*:*:*'],
      ['product_version', '2.4.1', 'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*'],
    ]);

    // Participants: nothing before sharing (404 like the latest revision), then the shared revision.
    for (const c of [w.reporter, w.acmeMember, w.bob, w.observer]) {
      const res404 = ok(await c.get(csafUrl(w)), 404);
      expect(res404.json().detail).toBe(NO_SHARED_ADVISORY);
    }
    expect((await w.stranger.get(csafUrl(w))).statusCode).toBe(404);
    ok(await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, { date_shared: today }));
    for (const c of [w.reporter, w.acmeMember, w.observer]) {
      const shared = (await exported(c, w)).doc;
      expect(shared.document.tracking.status).toBe('interim');
    }
    // A newer, unshared revision: participants still get revision 2; the history never shows 3's title.
    await saveRevision(w, { title: 'Secret third draft' });
    const forReporter = (await exported(w.reporter, w)).doc;
    expect(forReporter.document.tracking.version).toBe('2');
    expect(JSON.stringify(forReporter)).not.toContain('Secret third draft');
    expect((await exported(w.coordinator, w)).doc.document.tracking.version).toBe('3');

    ok(
      await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
        date_shared: today,
        date_published: today,
        override_reason: 'Not about the guard rails',
      }),
    );
    const final = (await exported(w.reporter, w)).doc;
    expect(final.document.tracking).toMatchObject({ status: 'final', version: '3' });
    expect(final.document.distribution.tlp.label).toBe('WHITE');
    expect(final.document.references[0]).toEqual({
      category: 'self',
      summary: 'This advisory',
      url: `https://cvdp.example.org/advisories/${w.caseId}/`,
    });
    expect(final.document.tracking.revision_history).toHaveLength(3);
  });

  it('two vulnerabilities, several vendors, CVSS 3.1 and 4.0, SSVC: valid CSAF 2.0 and 2.1', async () => {
    const w = await vendorWorld(t, [
      {
        title: 'Heap overflow in the thumbnailer',
        cwes: [787, 20],
        description: 'A crafted PNG overflows a heap buffer.',
      },
      {
        title: 'Stored XSS in the admin console',
        cwes: [79],
        description: 'Comments are rendered unescaped.',
      },
    ]);
    const [v1, v2] = w.vuls.map((v) => v.id);
    ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V31_TEMPORAL }), 201);
    ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V40 }), 201);
    ok(await w.coordinator.post(`/api/case/vul/${v1}/ssvc/`, SSVC), 201);
    ok(await w.coordinator.post(`/api/case/vul/${v2}/cvss/`, { vector: V31 }), 201);
    // Acme: affected (range) with a fix for 1; fixed for 2. Bob: not affected for 1 (justified); affected
    // without a fix for 2.
    await setStatus(w, w.acmeMember, {
      vul: v1,
      participant: w.acme,
      status: 'affected',
      product: 'Widget Server',
      affected_versions: '>= 2.0, < 2.4.1',
      fixed_versions: '2.4.1',
      purl: 'pkg:generic/acme/widget-server',
    });
    await setStatus(w, w.acmeMember, {
      vul: v2,
      participant: w.acme,
      status: 'fixed',
      product: 'Widget Server',
      affected_versions: '2.3.0',
      fixed_versions: '2.4.1',
    });
    await setStatus(w, w.bob, {
      vul: v1,
      participant: w.bobParticipant,
      status: 'not_affected',
      justification: 'vulnerable_code_not_present',
      product: 'Gizmo',
    });
    await setStatus(w, w.bob, {
      vul: v2,
      participant: w.bobParticipant,
      status: 'affected',
      product: 'Gizmo',
      affected_versions: '1.0',
      statement: 'A fix is being written.',
    });
    await saveRevision(w, { solution: '' });
    ok(await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, { date_shared: today }));

    for (const client of [w.coordinator, w.bob]) {
      const { doc } = await exported(client, w, '2.0');
      const [a, b] = doc.vulnerabilities;
      // CSAF 2.0 cannot carry CVSS 4.0 or SSVC: notes; 3.1 (with its temporal score) in scores.
      expect(a.notes.map((n: Json) => n.title)).toEqual([
        'Description',
        'Further weaknesses',
        'CVSS v4.0',
        'SSVC',
      ]);
      expect(a.notes[1].text).toBe('CWE-20');
      expect(a.notes[3].text).toMatch(/^Act \(CISA Coordinator .*\): SSVCv2\//);
      expect(a.scores[0].cvss_v3).toMatchObject({
        baseScore: 8.8,
        exploitCodeMaturity: 'PROOF_OF_CONCEPT',
        remediationLevel: 'OFFICIAL_FIX',
        temporalScore: expect.any(Number),
      });
      expect(a.product_status.known_not_affected).toHaveLength(1);
      expect(a.flags).toEqual([
        { label: 'vulnerable_code_not_present', product_ids: a.product_status.known_not_affected },
      ]);
      expect(b.cwe.id).toBe('CWE-79');
      expect(b.remediations.map((r: Json) => r.category).sort()).toEqual(['none_available', 'vendor_fix']);
      // One product tree: Acme's Widget Server versions and Bob's Gizmo, each product id defined once.
      const ids = JSON.stringify(doc.product_tree).match(/"product_id":"[^"]+"/g)!;
      expect(new Set(ids).size).toBe(ids.length);
      expect(doc.product_tree.branches.map((v: Json) => v.name).sort()).toEqual(
        [w.acmeName, "Bob's Widgets"].sort(),
      );
    }

    const { doc } = await exported(w.coordinator, w, '2.1');
    expect(doc.$schema).toBe('https://docs.oasis-open.org/csaf/csaf/v2.1/schema/csaf.json');
    expect(doc.document).toMatchObject({ csaf_version: '2.1', distribution: { tlp: { label: 'AMBER' } } });
    const [a, b] = doc.vulnerabilities;
    expect(a.cwe).toBeUndefined();
    expect(a.cwes.map((c: Json) => [c.id, c.version])).toEqual([
      ['CWE-787', '4.17'],
      ['CWE-20', '4.17'],
    ]);
    expect(a.notes.map((n: Json) => n.title)).toEqual(['Description']);
    const content = a.metrics[0].content;
    expect(content.cvss_v4).toEqual(cvss4Record(V40));
    expect(content.cvss_v4.baseScore).toBe(8.6);
    expect(content.cvss_v3.version).toBe('3.1');
    // SSVC as the current 2.1 schema has it: the decision's SelectionList 2.0.0, aimed at the vulnerability.
    expect(content.ssvc_v1).toBeUndefined();
    expect(content.ssvc_v2).toMatchObject({ schemaVersion: '2.0.0', target_ids: [`VU#${w.caseId}.1`] });
    expect(content.ssvc_v2.selections.map((s: Json) => s.name)).toContain('Exploitation');
    expect(ssvcSelectionListErrors(content.ssvc_v2)).toEqual({ isValid: true, errors: [] });
    expect(b.metrics[0].content).toEqual({ cvss_v3: expect.objectContaining({ baseScore: 7.5 }) });

    // What the lib's older 2.1 draft refuses of it: the valid 8.6 score (its CVSS 4.0 schema's multipleOf
    // bug: schema and 6.1.8) and ssvc_v2 (it knows only ssvc_v1), nothing else.
    const raw = await validate([csaf_2_1_strict, ...Object.values(mandatory21)], doc);
    const failed = raw.tests.filter((x) => !x.isValid);
    expect(failed.map((x) => x.name).sort()).toEqual(['csaf_2_1_strict', 'mandatoryTest_6_1_8']);
    for (const test of failed)
      for (const e of test.errors)
        expect(e.instancePath).toMatch(/^\/vulnerabilities\/0\/metrics\/0\/content(\/cvss_v4(\/|$)|$)/);
    expect(failed[0].errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/vulnerabilities/0/metrics/0/content',
        params: { additionalProperty: 'ssvc_v2' },
      }),
    );
    // A cvss_v4 object whose score does not match its vector is still refused.
    const broken = structuredClone(doc);
    broken.vulnerabilities[0].metrics[0].content.cvss_v4.baseScore = 9.3;
    expect((await validateCsaf21(broken)).valid).toBe(false);
  });

  it('409: a covered vulnerability without a status; an unknown version 400', async () => {
    const w = await oneVulCase();
    await saveRevision(w);
    // A second vulnerability nobody has a status for.
    const v2 = ok(
      await w.coordinator.post(`/api/case/${w.caseId}/vuls/`, { description: 'A second problem.' }),
      201,
    ).json();
    const res = ok(await w.coordinator.get(csafUrl(w)), 409);
    expect(res.json().errors.vulnerabilities[0]).toContain(
      `VU#${w.caseId}.${v2.local_id} has no vendor status`,
    );
    // Leaving it out of the revision makes the document valid again.
    ok(
      await w.coordinator.patch(`/api/case/${w.caseId}/advisory/revisions/`, {
        vulnerabilities: [w.vuls[0].id],
      }),
    );
    await exported(w.coordinator, w);

    expect((await w.coordinator.get(csafUrl(w, '3.0'))).statusCode).toBe(400);
  });

  it('every vulnerability only "not affected": a valid 2.0 security advisory, and in 2.1 a valid csaf_vex', async () => {
    const w = await vendorWorld(t, [
      {
        title: 'Deserialisation in the import job',
        cve: `CVE-2025-${30000 + Math.floor(Math.random() * 60000)}`,
        cwes: [502],
        description: 'Reported against the Widget family; no shipped product contains the code.',
      },
      { title: 'Race in the updater', cwes: [362], description: 'A TOCTOU race in the updater.' },
    ]);
    const [v1, v2] = w.vuls.map((v) => v.id);
    ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V31 }), 201);
    ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V40 }), 201);
    ok(await w.coordinator.post(`/api/case/vul/${v2}/ssvc/`, SSVC), 201);
    // Acme: a justification (a flag); Bob: a justification and a statement (flag and impact threat).
    for (const vul of [v1, v2]) {
      await setStatus(w, w.acmeMember, {
        vul,
        participant: w.acme,
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
        product: 'Widget Server',
        affected_versions: '2.3.0',
      });
      await setStatus(w, w.bob, {
        vul,
        participant: w.bobParticipant,
        status: 'not_affected',
        justification: 'component_not_present',
        product: 'Gizmo',
        statement: 'Gizmo never loads the import job.',
      });
    }
    await saveRevision(w);

    // 2.0: a security advisory (its profile has no 6.1.27.12); no affected product, so no scores and no
    // mitigation (a remediation names products, and there is none to act on).
    const v20 = (await exported(w.coordinator, w, '2.0')).doc;
    expect(v20.document.category).toBe('csaf_security_advisory');
    // 2.1: a security advisory needs a known_affected product in every vulnerability (6.1.27.12); a document
    // that only says "not affected" is what the VEX profile is for, and is exported as one.
    const v21 = (await exported(w.coordinator, w, '2.1')).doc;
    expect(v21.document.category).toBe('csaf_vex');
    expect(v21.document.notes.map((n: Json) => n.title)).toContain('Document category');
    for (const doc of [v20, v21]) {
      expect(doc.vulnerabilities).toHaveLength(2);
      for (const vul of doc.vulnerabilities) {
        const notAffected = vul.product_status.known_not_affected;
        expect(Object.keys(vul.product_status)).toEqual(['known_not_affected']);
        expect(notAffected).toHaveLength(2);
        // Every not-affected product has its impact statement (27.9): a flag each, Bob's statement a threat.
        expect(vul.flags).toEqual([
          { label: 'vulnerable_code_not_present', product_ids: [notAffected[0]] },
          { label: 'component_not_present', product_ids: [notAffected[1]] },
        ]);
        expect(vul.threats).toEqual([
          { category: 'impact', details: 'Gizmo never loads the import job.', product_ids: [notAffected[1]] },
        ]);
        expect(vul.remediations).toBeUndefined();
        expect(vul.scores ?? vul.metrics).toBeUndefined();
      }
      // The scores it cannot attach to an affected product are kept as notes.
      expect(doc.vulnerabilities[0].notes.map((n: Json) => n.title)).toEqual(
        expect.arrayContaining(['CVSS v3.1', 'CVSS v4.0']),
      );
      expect(doc.vulnerabilities[1].notes.map((n: Json) => n.title)).toContain('SSVC');
    }

    // One affected product anywhere in 2.1 is not enough: each vulnerability needs one, else VEX.
    await setStatus(w, w.acmeMember, {
      vul: v1,
      participant: w.acme,
      status: 'affected',
      product: 'Widget Server',
      affected_versions: '2.3.0',
      fixed_versions: '2.4.1',
    });
    expect((await exported(w.coordinator, w, '2.1')).doc.document.category).toBe('csaf_vex');
    await setStatus(w, w.acmeMember, {
      vul: v2,
      participant: w.acme,
      status: 'affected',
      product: 'Widget Server',
      affected_versions: '2.3.0',
    });
    const mixed = (await exported(w.coordinator, w, '2.1')).doc;
    expect(mixed.document.category).toBe('csaf_security_advisory');
    expect(mixed.document.notes.map((n: Json) => n.title)).not.toContain('Document category');
    expect((await exported(w.coordinator, w, '2.0')).doc.document.category).toBe('csaf_security_advisory');
  });
});

describe('POST /api/advisory/upload/', () => {
  const revisions = async (caseId: number) =>
    (await t.db.select({ n: count() }).from(advisoryRevisions).where(eq(advisoryRevisions.caseId, caseId)))[0]
      .n;
  const upload = async (client: TestClient, caseId: number | string | null, content: string | Buffer) => {
    const { payload, headers } = await csafUploadBody(caseId, content);
    return client.request('POST', '/api/advisory/upload/', { payload, headers });
  };

  it('round trip: an exported document comes back as a new revision (2.0 and 2.1), kept as uploaded', async () => {
    const w = await oneVulCase();
    await saveRevision(w);
    for (const version of ['2.0', '2.1'] as const) {
      const { doc, res } = await exported(w.coordinator, w, version);
      const before = await revisions(w.caseId);
      const created = ok(await upload(w.coordinator, w.caseId, res.body), 201).json();
      expect(await revisions(w.caseId)).toBe(before + 1);
      expect(created).toMatchObject({
        revision: before + 1,
        source: 'csaf_upload',
        title: 'Widget Server path traversal',
        summary: 'Unauthenticated attackers can read files.',
        content: '## Details\n\nThe **download** handler does not canonicalise paths.',
        impact: 'Remote attackers read any file the server can.',
        solution: 'Upgrade to 2.4.1, or block `..` at the proxy.',
        references: ['https://acme.example.com/advisories/1'],
        credits: ['Jane Doe of Example Research'],
        vulnerabilities: [w.vuls[0].id],
      });
      const [row] = await t.db.select().from(advisoryRevisions).where(eq(advisoryRevisions.id, created.id));
      expect(row.csafDocument).toEqual(doc);
      // …and exports again.
      expect((await exported(w.coordinator, w, version)).doc.document.tracking.version).toBe(
        String(before + 1),
      );
    }
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.verb, 'imported CSAF')));
    expect(log.objectType).toBe('advisory');
  });

  it('third-party CSAF 2.1: product paths accepted; an invalid document refused naming its path, nothing stored', async () => {
    const w = await oneVulCase();
    const before = await revisions(w.caseId);
    // OASIS's example whose vulnerabilities name products defined by product_tree.product_paths (the lib's
    // older 2.1 draft refused it), and a BSI advisory: both valid under the current 2.1 schema and tests.
    for (const name of ['oasis_csaf_tc-csaf_2_1-2024-d-14.json', 'bsi-2022-0001.json']) {
      const text = readFileSync(new URL(`../../testing/fixtures/csaf-2.1/${name}`, import.meta.url), 'utf8');
      const doc = JSON.parse(text) as Json;
      const created = ok(await upload(w.coordinator, w.caseId, text), 201).json();
      expect(created).toMatchObject({ source: 'csaf_upload', title: doc.document.title });
      const [row] = await t.db.select().from(advisoryRevisions).where(eq(advisoryRevisions.id, created.id));
      expect(row.csafDocument).toEqual(doc);
    }
    expect(await revisions(w.caseId)).toBe(before + 2);

    const broken = JSON.parse(
      readFileSync(
        new URL('../../testing/fixtures/csaf-2.1/oasis_csaf_tc-csaf_2_1-2024-d-14.json', import.meta.url),
        'utf8',
      ),
    ) as Json;
    broken.product_tree.product_paths[0].subpaths[0].next_product_reference = 'CSAFPID-NOWHERE';
    broken.product_tree.product_paths[1].full_product_name = { name: 'B' };
    const res = ok(await upload(w.coordinator, w.caseId, JSON.stringify(broken)), 400);
    expect(res.json().detail).toBe(CSAF_UPLOAD_INVALID);
    expect(res.json().errors.schema).toContain(
      "/product_tree/product_paths/1/full_product_name: must have required property 'product_id'",
    );
    expect(res.json().errors['6.1.1']).toContain(
      '/product_tree/product_paths/0/subpaths/0/next_product_reference: definition of product id missing',
    );
    expect(await revisions(w.caseId)).toBe(before + 2);
  });

  it('refuses invalid files (400 listing the failures), strangers (404), participants (403): nothing stored', async () => {
    const w = await oneVulCase();
    await saveRevision(w);
    ok(await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, { date_shared: today }));
    const { doc } = await exported(w.coordinator, w);
    const before = await revisions(w.caseId);

    const noPublisher = structuredClone(doc);
    delete noPublisher.document.publisher;
    let res = ok(await upload(w.coordinator, w.caseId, JSON.stringify(noPublisher)), 400);
    expect(res.json().detail).toBe(CSAF_UPLOAD_INVALID);
    expect(res.json().errors.schema.join()).toContain("must have required property 'publisher'");

    const badVersion = structuredClone(doc);
    badVersion.document.tracking.version = '7'; // 6.1.16: not the latest revision number
    res = ok(await upload(w.coordinator, w.caseId, JSON.stringify(badVersion)), 400);
    expect(Object.keys(res.json().errors)).toContain('6.1.16');

    expect(ok(await upload(w.coordinator, w.caseId, '{"document":'), 400).json().errors.file).toBeDefined();
    expect(
      ok(await upload(w.coordinator, w.caseId, '{"document":{"csaf_version":"1.2"}}'), 400).json().errors
        .file,
    ).toBeDefined();
    expect(
      ok(await upload(w.coordinator, w.caseId, '['.repeat(5000) + ']'.repeat(5000)), 400).json().errors.file,
    ).toBeDefined();
    expect(ok(await upload(w.coordinator, null, JSON.stringify(doc)), 400).json().errors.case).toBeDefined();
    expect(
      ok(await upload(w.coordinator, '2147483648', JSON.stringify(doc)), 400).json().errors.case,
    ).toBeDefined();
    ok(await upload(w.coordinator, w.caseId, Buffer.alloc(5 * 1024 * 1024 + 10, 32)), 413);
    ok(await w.coordinator.post('/api/advisory/upload/', { case: w.caseId }), 415);

    for (const c of [w.reporter, w.acmeMember, w.observer])
      ok(await upload(c, w.caseId, JSON.stringify(doc)), 403);
    ok(await upload(w.stranger, w.caseId, JSON.stringify(doc)), 404);
    ok(await upload(w.coordinator, 2_000_000_000, JSON.stringify(doc)), 404);
    ok(await upload(t.anonymous(), w.caseId, JSON.stringify(doc)), 401);
    expect(await revisions(w.caseId)).toBe(before);
  });
});

describe('the API description', () => {
  it('documents the CSAF calls', async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const res = ok(await coordinator.get('/api/docs/json'));
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/manage/csaf/profiles/',
        '/manage/csaf/profiles/{id}/',
        '/api/case/{id}/settings/csaf/',
        '/api/case/{id}/advisory/csaf/',
        '/api/advisory/upload/',
      ]),
    );
  });
});
