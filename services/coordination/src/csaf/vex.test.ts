// VEX documents built from vendor status grids, each run through the CSAF validator (strict schema + every
// mandatory test) here in the test: affected + fixed, not_affected with each justification, mixed vendors,
// CPE/purl helpers; an empty grid refused; and the validator wrapper reporting what fails.
import { describe, expect, it } from 'vitest';
import { VEX_JUSTIFICATIONS } from '@cvdp/core';
import { buildProductTree, isVersionRange, splitVersions } from './product-tree.ts';
import { instancePublisher, UNCONFIGURED_NAMESPACE } from './publisher.ts';
import type { CsafBranch, VendorStatusEntry } from './types.ts';
import { csafFailureMessages, validateCsaf } from './validate.ts';
import { buildVex, csafFileName, EmptyVexError, type VexVulnerability } from './vex.ts';

const publisher = instancePublisher({ publicUrl: 'https://cvdp.example.org' });
const T0 = new Date('2026-01-02T03:04:05.000Z');
const T1 = new Date('2026-02-03T04:05:06.000Z');

const vul = (fields: Partial<VexVulnerability> = {}): VexVulnerability => ({
  id: 7,
  caseId: 12,
  localId: 1,
  title: 'Heap overflow in the thumbnailer',
  description: 'A crafted image overflows a heap buffer in the thumbnailer.',
  cwes: [122],
  cve: 'CVE-2025-10002',
  references: ['https://acme.example.com/advisories/1'],
  createdAt: T0,
  updatedAt: T0,
  ...fields,
});

const entry = (fields: Partial<VendorStatusEntry>): VendorStatusEntry => ({
  participant: 3,
  vendor: 'Acme',
  status: 'affected',
  justification: null,
  product: 'Widget Server',
  affectedVersions: '',
  fixedVersions: '',
  cpe: null,
  purl: null,
  statement: '',
  updatedAt: T0,
  ...fields,
});

async function expectValid(document: unknown) {
  const validation = await validateCsaf(document);
  expect(csafFailureMessages(validation)).toEqual({});
  expect(validation.valid).toBe(true);
  expect(validation.testsRun).toBe(44);
}

/** Every product of the tree, by id. */
function products(branches: CsafBranch[] | undefined, out = new Map<string, CsafBranch['product']>()) {
  for (const b of branches ?? []) {
    if (b.product) out.set(b.product.product_id, b.product);
    products(b.branches, out);
  }
  return out;
}

describe('buildVex', () => {
  it('affected and fixed: known_affected with a vendor_fix naming the fixed version, fixed; the whole document', async () => {
    const doc = buildVex(
      vul(),
      { id: 12 },
      [entry({ affectedVersions: '2.3.0, 2.3.1', fixedVersions: '2.4.1', updatedAt: T1 })],
      publisher,
      { selfUrl: 'https://cvdp.example.org/api/vul/7/vex/', engine: { name: 'CVDP' } },
    );
    await expectValid(doc);
    expect(doc.document).toEqual({
      category: 'csaf_vex',
      csaf_version: '2.0',
      lang: 'en',
      title: 'VEX for VU#12.1 (CVE-2025-10002): Heap overflow in the thumbnailer',
      publisher: {
        category: 'coordinator',
        name: 'CVDP (cvdp.example.org)',
        namespace: 'https://cvdp.example.org',
      },
      references: [
        { category: 'self', summary: 'This document', url: 'https://cvdp.example.org/api/vul/7/vex/' },
      ],
      tracking: {
        id: 'VU#12.1-VEX',
        status: 'interim',
        version: '1',
        initial_release_date: T1.toISOString(),
        current_release_date: T1.toISOString(),
        revision_history: [
          { number: '1', date: T1.toISOString(), summary: 'Generated from the vendor statuses of VU#12.1.' },
        ],
        generator: { engine: { name: 'CVDP' } },
      },
    });
    expect(doc.product_tree).toEqual({
      branches: [
        {
          category: 'vendor',
          name: 'Acme',
          branches: [
            {
              category: 'product_name',
              name: 'Widget Server',
              branches: [
                {
                  category: 'product_version',
                  name: '2.3.0',
                  product: { name: 'Acme Widget Server 2.3.0', product_id: 'CVDP-3-2.3.0' },
                },
                {
                  category: 'product_version',
                  name: '2.3.1',
                  product: { name: 'Acme Widget Server 2.3.1', product_id: 'CVDP-3-2.3.1' },
                },
                {
                  category: 'product_version',
                  name: '2.4.1',
                  product: { name: 'Acme Widget Server 2.4.1', product_id: 'CVDP-3-2.4.1' },
                },
              ],
            },
          ],
        },
      ],
    });
    const [v] = doc.vulnerabilities;
    expect(v).toMatchObject({
      cve: 'CVE-2025-10002',
      cwe: { id: 'CWE-122', name: 'Heap-based Buffer Overflow' },
      ids: [{ system_name: 'CVDP (cvdp.example.org)', text: 'VU#12.1' }],
      title: 'Heap overflow in the thumbnailer',
      notes: [
        { category: 'description', text: 'A crafted image overflows a heap buffer in the thumbnailer.' },
      ],
      product_status: { known_affected: ['CVDP-3-2.3.0', 'CVDP-3-2.3.1'], fixed: ['CVDP-3-2.4.1'] },
      remediations: [
        { category: 'vendor_fix', details: 'Fixed in 2.4.1.', product_ids: ['CVDP-3-2.3.0', 'CVDP-3-2.3.1'] },
      ],
      references: [{ category: 'external', url: 'https://acme.example.com/advisories/1' }],
    });
    expect(v.flags).toBeUndefined();
    expect(csafFileName(doc.document.tracking.id)).toBe('vu_12_1-vex.json');
  });

  it.each(VEX_JUSTIFICATIONS)(
    'not_affected with %s: known_not_affected and its flag',
    async (justification) => {
      const doc = buildVex(
        vul(),
        { id: 12 },
        [entry({ status: 'not_affected', justification, statement: 'The parser is not compiled in.' })],
        publisher,
      );
      await expectValid(doc);
      const [v] = doc.vulnerabilities;
      expect(v.product_status).toEqual({ known_not_affected: ['CVDP-3'] });
      expect(v.flags).toEqual([{ label: justification, product_ids: ['CVDP-3'] }]);
      expect(v.threats).toEqual([
        { category: 'impact', details: 'The parser is not compiled in.', product_ids: ['CVDP-3'] },
      ]);
      expect(v.remediations).toBeUndefined();
      expect(v.notes).toContainEqual({
        category: 'details',
        title: 'Statement of Acme',
        text: 'The parser is not compiled in.',
      });
      // No version given: the product itself is the leaf.
      expect(doc.product_tree.branches[0].branches![0]).toEqual({
        category: 'product_name',
        name: 'Widget Server',
        product: { name: 'Acme Widget Server', product_id: 'CVDP-3' },
      });
    },
  );

  it('mixed vendors: every status at once, one vendor branch each, no product in two status groups', async () => {
    const doc = buildVex(
      vul({ cve: null, cwes: [79, 122] }),
      { id: 12 },
      [
        entry({ participant: 3, vendor: 'Acme', affectedVersions: '< 2.4.1', fixedVersions: '2.4.1' }),
        entry({ participant: 4, vendor: 'Bob’s Widgets', product: '', status: 'under_investigation' }),
        entry({
          participant: 5,
          vendor: 'Contoso',
          product: 'Contoso Gateway',
          status: 'not_affected',
          justification: 'vulnerable_code_not_in_execute_path',
          affectedVersions: '1.0; 1.1',
        }),
        entry({ participant: 6, vendor: 'Dyson', product: 'Fan OS', status: 'fixed' }),
        entry({ participant: 7, vendor: 'Eve', status: 'unknown' }),
        entry({
          participant: 8,
          vendor: 'Fabrikam',
          product: 'Hub',
          status: 'affected',
          statement: 'Disable thumbnails.',
        }),
        entry({
          participant: 9,
          vendor: 'Globex',
          product: 'Lens',
          status: 'affected',
          fixedVersions: '3.0',
        }),
      ],
      publisher,
    );
    await expectValid(doc);
    const [v] = doc.vulnerabilities;
    expect(v.cve).toBeUndefined();
    expect(v.ids).toEqual([{ system_name: 'CVDP (cvdp.example.org)', text: 'VU#12.1' }]);
    expect(v.cwe).toEqual({
      id: 'CWE-79',
      name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    });
    expect(v.notes).toContainEqual({ category: 'other', title: 'Further weaknesses', text: 'CWE-122' });
    expect(doc.product_tree.branches.map((b) => b.name)).toEqual([
      'Acme',
      'Bob’s Widgets',
      'Contoso',
      'Dyson',
      'Fabrikam',
      'Globex',
    ]);
    expect(v.product_status).toEqual({
      known_affected: ['CVDP-3-lt_2.4.1', 'CVDP-8', 'CVDP-9-versions_before_3.0'],
      known_not_affected: ['CVDP-5-1.0', 'CVDP-5-1.1'],
      fixed: ['CVDP-3-2.4.1', 'CVDP-6', 'CVDP-9-3.0'],
      under_investigation: ['CVDP-4'],
    });
    const all = products(doc.product_tree.branches);
    expect(all.get('CVDP-3-lt_2.4.1')!.name).toBe('Acme Widget Server < 2.4.1');
    expect(all.get('CVDP-4')!.name).toBe('Bob’s Widgets');
    expect(all.get('CVDP-5-1.0')!.name).toBe('Contoso Gateway 1.0');
    expect(all.get('CVDP-9-versions_before_3.0')!.name).toBe('Globex Lens versions before 3.0');
    // The range is a product_version_range branch (6.1.31 refuses "<" in product_version names).
    expect(doc.product_tree.branches[0].branches![0].branches![0]).toMatchObject({
      category: 'product_version_range',
      name: '< 2.4.1',
    });
    expect(v.flags).toEqual([
      { label: 'vulnerable_code_not_in_execute_path', product_ids: ['CVDP-5-1.0', 'CVDP-5-1.1'] },
    ]);
    expect(v.remediations).toEqual([
      { category: 'vendor_fix', details: 'Fixed in 2.4.1.', product_ids: ['CVDP-3-lt_2.4.1'] },
      { category: 'none_available', details: 'Disable thumbnails.', product_ids: ['CVDP-8'] },
      { category: 'vendor_fix', details: 'Fixed in 3.0.', product_ids: ['CVDP-9-versions_before_3.0'] },
    ]);
    // Eve said nothing but unknown: not in the document.
    expect(JSON.stringify(doc)).not.toContain('Eve');
  });

  it('CPE and purl become identification helpers, with each leaf’s version filled in', async () => {
    const doc = buildVex(
      vul(),
      { id: 12 },
      [
        entry({
          participant: 3,
          affectedVersions: '2.3.0\nvers:semver/<2.3.0',
          fixedVersions: '2.4.1',
          cpe: 'cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*',
          purl: 'pkg:npm/%40acme/widget-server',
        }),
        entry({
          participant: 4,
          vendor: 'Bob',
          product: 'Gizmo',
          status: 'fixed',
          fixedVersions: '5.0, 4.9.9',
          cpe: 'cpe:2.3:a:bob:gizmo:5.0:*:*:*:*:*:*:*',
          purl: 'pkg:generic/bob/gizmo@5.0',
        }),
        entry({
          participant: 5,
          vendor: 'Contoso',
          product: 'Router',
          status: 'not_affected',
          justification: 'component_not_present',
          cpe: 'cpe:2.3:h:contoso:router:-:*:*:*:*:*:*:*',
          purl: 'pkg:generic/contoso/router-firmware@7.1?arch=arm64',
        }),
      ],
      publisher,
    );
    await expectValid(doc);
    const all = products(doc.product_tree.branches);
    expect(all.get('CVDP-3-2.3.0')!.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:a:acme:widget_server:2.3.0:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/widget-server@2.3.0',
    });
    expect(all.get('CVDP-3-2.4.1')!.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/widget-server@2.4.1',
    });
    // A range keeps the versionless names.
    expect(all.get('CVDP-3-vers_semver_lt2.3.0')!.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:a:acme:widget_server:*:*:*:*:*:*:*:*',
      purl: 'pkg:npm/%40acme/widget-server',
    });
    // Names with a version go to that version's leaf only.
    expect(all.get('CVDP-4-5.0')!.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:a:bob:gizmo:5.0:*:*:*:*:*:*:*',
      purl: 'pkg:generic/bob/gizmo@5.0',
    });
    expect(all.get('CVDP-4-4.9.9')!.product_identification_helper).toBeUndefined();
    // The only leaf of a vendor gets the names as given.
    expect(all.get('CVDP-5')!.product_identification_helper).toEqual({
      cpe: 'cpe:2.3:h:contoso:router:-:*:*:*:*:*:*:*',
      purl: 'pkg:generic/contoso/router-firmware@7.1?arch=arm64',
    });
    expect(doc.vulnerabilities[0].product_status).toEqual({
      known_affected: ['CVDP-3-2.3.0', 'CVDP-3-vers_semver_lt2.3.0'],
      known_not_affected: ['CVDP-5'],
      fixed: ['CVDP-3-2.4.1', 'CVDP-4-5.0', 'CVDP-4-4.9.9'],
    });
  });

  it('CVSS: the base score of the 3.x vector for the affected products, the 4.0 vector as a note', async () => {
    const cvss = [
      // The stored score of a vector with environmental metrics is the environmental one (4.9 here).
      {
        version: '3.1',
        source: 'coordinator',
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/CR:L',
        score: 4.9,
        severity: 'Medium',
      },
      {
        version: '3.1',
        source: 'reporter',
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        score: 9.8,
        severity: 'Critical',
      },
      {
        version: '4.0',
        source: 'coordinator',
        vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
        score: 9.3,
        severity: 'Critical',
      },
    ];
    const doc = buildVex(
      vul({ cvss }),
      { id: 12 },
      [entry({ affectedVersions: '1.0', fixedVersions: '1.1' })],
      publisher,
    );
    await expectValid(doc);
    const [v] = doc.vulnerabilities;
    expect(v.scores).toEqual([
      {
        products: ['CVDP-3-1.0'],
        cvss_v3: {
          version: '3.1',
          vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/CR:L',
          baseScore: 7.5,
          baseSeverity: 'HIGH',
        },
      },
    ]);
    expect(v.notes).toContainEqual({
      category: 'other',
      title: 'CVSS v4.0',
      text: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N (9.3 Critical)',
    });
    // Nothing affected: no scores (a score names products).
    const none = buildVex(vul({ cvss }), { id: 12 }, [entry({ status: 'fixed' })], publisher);
    await expectValid(none);
    expect(none.vulnerabilities[0].scores).toBeUndefined();
  });

  it('the same grid gives the same document (stable ids and dates)', () => {
    const cells = [
      entry({ affectedVersions: '1.0', fixedVersions: '1.1' }),
      entry({ participant: 4, vendor: 'Bob', status: 'fixed' }),
    ];
    expect(JSON.stringify(buildVex(vul(), { id: 12 }, cells, publisher))).toBe(
      JSON.stringify(buildVex(vul(), { id: 12 }, cells, publisher)),
    );
  });

  it('an empty grid, or one with nothing but unknown, has no VEX', () => {
    expect(() => buildVex(vul(), { id: 12 }, [], publisher)).toThrow(EmptyVexError);
    expect(() => buildVex(vul(), { id: 12 }, [entry({ status: 'unknown' })], publisher)).toThrow(
      /VU#12\.1 has no vendor status other than "unknown"/,
    );
  });

  it('without a public address the publisher is the unconfigured instance, and the document still validates', async () => {
    const unconfigured = instancePublisher({ publicUrl: undefined });
    expect(unconfigured).toEqual({
      category: 'coordinator',
      name: 'CVDP',
      namespace: UNCONFIGURED_NAMESPACE,
    });
    await expectValid(
      buildVex(
        vul({ title: '', cwes: [], references: [] }),
        { id: 12 },
        [entry({ status: 'fixed' })],
        unconfigured,
      ),
    );
  });
});

describe('the product tree', () => {
  it('splits version lists, keeping ranges whole', () => {
    expect(splitVersions('2.3.0, 2.3.1;2.3.2\n2.3.0 ')).toEqual(['2.3.0', '2.3.1', '2.3.2']);
    expect(splitVersions('>= 2.0, < 2.4.1')).toEqual(['>= 2.0, < 2.4.1']);
    expect(splitVersions('>= 2.0, < 2.4.1\n3.0 before 3.0.2')).toEqual([
      '>= 2.0, < 2.4.1',
      '3.0 before 3.0.2',
    ]);
    expect(isVersionRange('all versions')).toBe(true);
    expect(isVersionRange('vers:semver/1.0.0|2.0.0')).toBe(true);
    expect(isVersionRange('2.4.1-beta')).toBe(false);
  });

  it('lists a version named in both fields as fixed only (no contradicting status)', () => {
    const { entries } = buildProductTree([entry({ affectedVersions: '1.0, 1.1', fixedVersions: '1.1' })]);
    expect(entries[0]).toMatchObject({ subject: ['CVDP-3-1.0'], fixed: ['CVDP-3-1.1'] });
  });
});

describe('validateCsaf', () => {
  it('names the failed tests with the validator’s messages', async () => {
    const doc = buildVex(vul(), { id: 12 }, [entry({ affectedVersions: '1.0' })], publisher);
    const broken = structuredClone(doc) as unknown as Record<string, never> & typeof doc;
    delete (broken.vulnerabilities[0] as { remediations?: unknown }).remediations;
    (broken.document as { tracking: { version: string } }).tracking.version = '2';
    (broken.vulnerabilities[0] as { cwe?: { id: string; name: string } }).cwe = {
      id: 'CWE-122',
      name: 'Heap overflow',
    };
    const validation = await validateCsaf(broken);
    expect(validation.valid).toBe(false);
    const messages = csafFailureMessages(validation);
    expect(Object.keys(messages).sort()).toEqual(['6.1.11', '6.1.16', '6.1.27.10']);
    expect(messages['6.1.27.10'][0]).toMatch(
      /^\/vulnerabilities\/0\/product_status\/known_affected\/0: no suitable action statement found/,
    );
    expect(messages['6.1.11']).toEqual([
      '/vulnerabilities/0/cwe/name: the name does not match the weakness with the given id',
    ]);
    const unknownField = await validateCsaf({ ...doc, extra: true });
    expect(Object.keys(csafFailureMessages(unknownField))).toEqual(['schema']);
  });
});
