// CSAF 2.1 as the current OASIS draft has it (issue 29), without a database: third-party documents (OASIS's
// product-paths example, a BSI advisory) valid, what the current schema refuses with its path, each
// mandatory test of ours passing and failing on its own, and the advisory's 2.1 export carrying the SSVC
// decision as `ssvc_v2` — valid under the current schema and the SSVC SelectionList 2.0.0 schema — or, for a
// decision newer than the shared revision, as a note (6.1.49). The clock is the test's: every date is fixed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decideSsvc } from '@cvdp/core';
import * as libMandatory21 from '@secvisogram/csaf-validator-lib/csaf_2_1/mandatoryTests.js';
import { type AdvisoryCsafInput, buildAdvisoryCsaf } from '../advisory.ts';
import { instancePublisher } from '../publisher.ts';
import { csafFailureMessages, validateCsaf21 } from '../validate.ts';
import { prohibitedDocumentCategory } from './category.ts';
import {
  circularProductDefinition,
  missingProductDefinition,
  multipleProductDefinition,
} from './product-ids.ts';
import { csaf21SchemaErrors, ssvcSelectionListErrors } from './schema.ts';
import { missingRevisionHistoryItem } from './revision-history.ts';
import { multipleStarsInModelNumber, multipleStarsInSerialNumber, multipleStarsInSku } from './stars.ts';
import { inconsistentEpssTimestamp, inconsistentExploitationDate } from './dates.ts';
import { inconsistentSsvcTargetIds, inconsistentSsvcTimestamp, invalidSsvc } from './ssvc.ts';
import { OWN_CSAF21_TESTS } from './index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CSAF documents are walked freely in assertions
type Json = Record<string, any>;

const fixture = (name: string): Json =>
  JSON.parse(
    readFileSync(new URL(`../../../testing/fixtures/csaf-2.1/${name}`, import.meta.url), 'utf8'),
  ) as Json;
/** OASIS's example whose vulnerabilities name products defined by product paths. */
const PATHS = fixture('oasis_csaf_tc-csaf_2_1-2024-d-14.json');
const BSI = fixture('bsi-2022-0001.json');

/** schema + our 15 tests + the lib's 61 but the 8 ours replace. */
const TESTS_RUN = 1 + OWN_CSAF21_TESTS.length + 61 - 8;

async function expectValid(document: unknown) {
  const validation = await validateCsaf21(document);
  expect(csafFailureMessages(validation)).toEqual({});
  expect(validation.testsRun).toBe(TESTS_RUN);
}

describe('third-party CSAF 2.1 documents', () => {
  it('are valid: the schema and every mandatory test — product paths included, which the lib refused', async () => {
    expect(PATHS.product_tree.product_paths.length).toBeGreaterThan(0);
    await expectValid(PATHS);
    await expectValid(BSI);
    // What was refused before: the lib's own 6.1.1 calls the products the paths define undefined.
    expect(libMandatory21.mandatoryTest_6_1_1(PATHS)).toMatchObject({ isValid: false });
  });

  it('an invalid one is refused naming the failing path', async () => {
    const doc = structuredClone(PATHS);
    delete doc.product_tree.product_paths[1].subpaths;
    const validation = await validateCsaf21(doc);
    expect(validation.valid).toBe(false);
    expect(csafFailureMessages(validation).schema).toContain(
      "/product_tree/product_paths/1: must have required property 'subpaths'",
    );
    // 2.0's relationships and the older draft's ssvc_v1 are not in the current schema.
    const old = structuredClone(BSI);
    old.product_tree.relationships = [];
    old.vulnerabilities[0].metrics[0].content.ssvc_v1 = { schemaVersion: '1-0-1' };
    expect(csaf21SchemaErrors(old).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          instancePath: '/product_tree',
          message: 'must NOT have additional properties',
        }),
        expect.objectContaining({
          instancePath: '/vulnerabilities/0/metrics/0/content',
          message: 'must NOT have additional properties',
        }),
      ]),
    );
  });
});

describe('our mandatory tests', () => {
  it('6.1.1: a product id referred to needs a definition, a product path one too', () => {
    expect(missingProductDefinition(PATHS).isValid).toBe(true);
    const doc = structuredClone(PATHS);
    doc.product_tree.product_paths.shift(); // defined CSAFPID-908070607, which later paths build on
    const result = missingProductDefinition(doc);
    expect(result.isValid).toBe(false);
    expect(new Set(result.errors.map((e) => e.message))).toEqual(
      new Set(['definition of product id missing']),
    );
    expect(result.errors.map((e) => e.instancePath)).toEqual([
      '/product_tree/product_paths/3/beginning_product_reference',
      '/product_tree/product_paths/4/beginning_product_reference',
      '/vulnerabilities/0/product_status/under_investigation/0',
      '/vulnerabilities/1/threats/0/product_ids/0',
    ]);
  });

  it('6.1.2: a product id is defined once, by a branch, a full product name or a path', () => {
    expect(multipleProductDefinition(PATHS).isValid).toBe(true);
    const doc = structuredClone(PATHS);
    doc.product_tree.product_paths[0].full_product_name.product_id = 'CSAFPID-908070601';
    expect(multipleProductDefinition(doc).errors).toEqual([
      {
        instancePath: '/product_tree/product_paths/0/full_product_name/product_id',
        message: 'duplicate definition product id',
      },
    ]);
  });

  it('6.1.3: a product path never leads back to the product it defines', () => {
    expect(circularProductDefinition(PATHS).isValid).toBe(true);
    const doc = structuredClone(PATHS);
    // 607 = 601 on 603; 608 = 607 on 604; 607 now also on 608: a circle through two paths.
    doc.product_tree.product_paths[1].beginning_product_reference = 'CSAFPID-908070607';
    doc.product_tree.product_paths[0].subpaths.push({
      category: 'installed_on',
      next_product_reference: 'CSAFPID-908070608',
    });
    expect(circularProductDefinition(doc).errors.map((e) => e.instancePath)).toEqual([
      '/product_tree/product_paths/0/full_product_name/product_id',
      '/product_tree/product_paths/1/full_product_name/product_id',
    ]);
  });

  it('6.1.21: no version is missing from the history sorted by date, then number', () => {
    const withHistory = (...items: [string, string][]) => {
      const doc = structuredClone(BSI);
      doc.document.tracking.revision_history = items.map(([number, date]) => ({
        number,
        date,
        summary: 'x',
      }));
      return doc;
    };
    // Two items of one date, listed newest first: valid (the lib, sorting by date only, says it starts at 2).
    const sameDay = withHistory(['2', '2024-01-22T10:00:00.000Z'], ['1', '2024-01-22T10:00:00.000Z']);
    expect(missingRevisionHistoryItem(sameDay).isValid).toBe(true);
    expect(libMandatory21.mandatoryTest_6_1_21(sameDay)).toMatchObject({ isValid: false });
    const path = '/document/tracking/revision_history';
    expect(
      missingRevisionHistoryItem(
        withHistory(['1', '2024-01-01T00:00:00Z'], ['3.0.0', '2024-02-01T00:00:00Z']),
      ).errors,
    ).toEqual([{ instancePath: path, message: 'major version 2 was omitted' }]);
    // 2 exists, but dated after 3: out of place, said so.
    expect(
      missingRevisionHistoryItem(
        withHistory(
          ['1', '2024-01-01T00:00:00Z'],
          ['3', '2024-02-01T00:00:00Z'],
          ['2', '2024-03-01T00:00:00Z'],
        ),
      ).errors,
    ).toEqual([
      {
        instancePath: path,
        message: 'major version 2 is not in its place when the items are sorted by date',
      },
    ]);
    expect(missingRevisionHistoryItem(withHistory(['2', '2024-01-01T00:00:00Z'])).errors[0].message).toBe(
      'revision history does not start with a version of 0 or 1 when sorted by date',
    );
  });

  /** OASIS's product-paths example with a product identification helper on its first path's product. */
  const pathHelper = (helper: Json) => {
    const doc = structuredClone(PATHS);
    doc.product_tree.product_paths[0].full_product_name.product_identification_helper = helper;
    return doc;
  };
  const helperPath = '/product_tree/product_paths/0/full_product_name/product_identification_helper';
  const testOf = (number: string) => OWN_CSAF21_TESTS.find((t) => t.test === number)!;

  it("6.1.13 and 6.1.25: the lib's checks of purls and hash algorithms see product paths too", async () => {
    expect((await testOf('6.1.13').run(pathHelper({ purls: ['pkg:npm/left-pad@1.0.0'] }))).isValid).toBe(
      true,
    );
    const badPurl = await testOf('6.1.13').run(pathHelper({ purls: ['pkg:/no-type'] }));
    expect(badPurl.errors.map((e) => e.instancePath)).toEqual([`${helperPath}/purls/0`]);
    // The lib's own 6.1.13 does not look there.
    expect(libMandatory21.mandatoryTest_6_1_13(pathHelper({ purls: ['pkg:/no-type'] }))).toMatchObject({
      isValid: true,
    });
    const sha256 = (value: string) => ({ algorithm: 'sha256', value });
    const hashes = (...values: string[]) => ({
      hashes: [{ filename: 'a.tgz', file_hashes: values.map(sha256) }],
    });
    expect((await testOf('6.1.25').run(pathHelper(hashes('a'.repeat(64))))).isValid).toBe(true);
    const twice = await testOf('6.1.25').run(pathHelper(hashes('a'.repeat(64), 'b'.repeat(64))));
    expect(twice.errors.map((e) => e.instancePath)).toEqual([`${helperPath}/hashes/0/file_hashes/1`]);
  });

  it('6.1.43, 6.1.44, 6.1.61: model numbers, serial numbers and SKUs hold at most one unescaped star', () => {
    const cases = [
      [multipleStarsInModelNumber, 'model_numbers'],
      [multipleStarsInSerialNumber, 'serial_numbers'],
      [multipleStarsInSku, 'skus'],
    ] as const;
    for (const [test, field] of cases) {
      expect(test(pathHelper({ [field]: ['P*', 'A\\*B\\*C*'] })).isValid, field).toBe(true);
      expect(test(pathHelper({ [field]: ['P*', 'P*A*'] })).errors.map((e) => e.instancePath)).toEqual([
        `${helperPath}/${field}/1`,
      ]);
    }
  });

  it('6.1.51 and 6.1.53: EPSS timestamps and exploitation dates are not later than what they belong to', () => {
    const doc = structuredClone(BSI);
    doc.vulnerabilities[0].metrics[0].content.epss = {
      percentile: '0.5',
      probability: '0.1',
      timestamp: doc.document.tracking.current_release_date,
    };
    doc.vulnerabilities[0].first_known_exploitation_dates = [
      { date: '2022-03-10T00:00:00Z', exploitation_date: '2022-03-10T01:00:00+02:00' },
    ];
    expect(inconsistentEpssTimestamp(doc).isValid).toBe(true);
    expect(inconsistentExploitationDate(doc).isValid).toBe(true);
    doc.vulnerabilities[0].metrics[0].content.epss.timestamp = '2100-01-01T00:00:00Z';
    doc.vulnerabilities[0].first_known_exploitation_dates[0].exploitation_date = '2022-03-10T01:00:00Z';
    expect(inconsistentEpssTimestamp(doc).errors.map((e) => e.instancePath)).toEqual([
      '/vulnerabilities/0/metrics/0/content/epss/timestamp',
    ]);
    expect(inconsistentExploitationDate(doc).errors.map((e) => e.instancePath)).toEqual([
      '/vulnerabilities/0/first_known_exploitation_dates/0/exploitation_date',
    ]);
  });

  it("6.1.26: a CSAF Base category may not look like another profile's; the draft's new profiles pass", () => {
    const withCategory = (category: string) => ({ document: { category } });
    for (const category of ['csaf_base', 'csaf_withdrawn', 'csaf_superseded', 'Vendor bulletin'])
      expect(prohibitedDocumentCategory(withCategory(category)).isValid, category).toBe(true);
    for (const category of ['Withdrawn', 'Deprecated—Security Advisory', 'CsaF_VeX'])
      expect(prohibitedDocumentCategory(withCategory(category)).errors).toEqual([
        { instancePath: '/document/category', message: 'value prohibited' },
      ]);
    expect(prohibitedDocumentCategory(withCategory('csaf_BASE')).errors[0].message).toBe(
      'reserved prefix used',
    );
  });

  /** The BSI advisory with an ssvc_v2 beside its CVSS. */
  const withSsvc = (ssvc: Json) => {
    const doc = structuredClone(BSI);
    doc.vulnerabilities[0].metrics[0].content.ssvc_v2 = ssvc;
    return doc;
  };
  const cve = BSI.vulnerabilities[0].cve as string;
  const ssvc = {
    schemaVersion: '2.0.0',
    timestamp: BSI.document.tracking.current_release_date,
    target_ids: [cve],
    selections: [{ namespace: 'ssvc', key: 'E', version: '1.1.0', values: [{ key: 'A' }] }],
  };
  const ssvcPath = '/vulnerabilities/0/metrics/0/content/ssvc_v2';

  it('6.1.46: an ssvc_v2 object is a valid SSVC SelectionList 2.0.0', async () => {
    await expectValid(withSsvc(ssvc));
    const { selections: _s, ...noSelections } = ssvc;
    expect(invalidSsvc(withSsvc(noSelections)).errors).toEqual([
      { instancePath: ssvcPath, message: "must have required property 'selections'" },
    ]);
  });

  it("6.1.47: SSVC target ids are the vulnerability's CVE or ids", () => {
    expect(inconsistentSsvcTargetIds(withSsvc(ssvc)).isValid).toBe(true);
    expect(
      inconsistentSsvcTargetIds(withSsvc({ ...ssvc, target_ids: [cve, 'CVE-1900-0002'] })).errors,
    ).toEqual([
      { instancePath: `${ssvcPath}/target_ids/1`, message: 'target id is not an id of this vulnerability' },
    ]);
  });

  it('6.1.49: in a final document no SSVC timestamp is later than the newest revision', () => {
    const later = withSsvc({ ...ssvc, timestamp: '2100-01-01T00:00:00+01:00' });
    expect(inconsistentSsvcTimestamp(later).errors).toEqual([
      {
        instancePath: `${ssvcPath}/timestamp`,
        message: 'the SSVC timestamp is newer than the newest revision',
      },
    ]);
    later.document.tracking.status = 'draft';
    expect(inconsistentSsvcTimestamp(later).isValid).toBe(true);
  });
});

describe('the advisory as CSAF 2.1', () => {
  const T0 = new Date('2026-03-01T10:00:00.000Z');
  const T1 = new Date('2026-03-02T10:00:00.000Z');
  const T2 = new Date('2026-03-03T10:00:00.000Z');
  const decided = (at: Date) => {
    const result = decideSsvc('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T', MWI: 'H' }, at);
    if (!result.ok) throw new Error(result.message);
    return result.decision;
  };
  const input = (ssvcAt: Date): AdvisoryCsafInput => {
    const decision = decided(ssvcAt);
    return {
      version: '2.1',
      caseId: 12,
      category: 'csaf_security_advisory',
      tlp: 'CLEAR',
      defaultTlp: 'CLEAR',
      trackingIdPattern: 'VU#{case}',
      overrides: {},
      publisher: instancePublisher({ publicUrl: 'https://cvdp.example.org' }),
      latest: {
        revision: 1,
        title: 'Widget Server path traversal',
        summary: 'Attackers read files.',
        content: 'The download handler does not canonicalise paths.',
        impact: '',
        solution: '',
        references: [],
        credits: [],
        shared: true,
        published: false,
        createdAt: T1,
        updatedAt: T1,
      },
      history: [{ revision: 1, title: 'Widget Server path traversal', createdAt: T1, readable: true }],
      vulnerabilities: [
        {
          id: 7,
          localId: 1,
          title: 'Path traversal',
          description: 'The file parameter escapes the content root.',
          cwes: [22],
          cve: 'CVE-2026-10001',
          references: [],
          cvss: [],
          ssvc: {
            tableName: decision.tableName,
            tableVersion: decision.tableVersion,
            outcomeName: decision.outcome.name,
            vector: decision.vector,
            selectionList: decision.selectionList,
          },
          entries: [
            {
              participant: 3,
              vendor: 'Acme',
              status: 'affected',
              justification: null,
              product: 'Widget Server',
              affectedVersions: '2.3.0',
              fixedVersions: '2.4.1',
              cpe: null,
              purl: null,
              statement: '',
              updatedAt: T0,
            },
          ],
        },
      ],
    };
  };

  it("carries the SSVC decision's SelectionList as ssvc_v2, valid under both schemas", async () => {
    const doc: Json = buildAdvisoryCsaf(input(T0));
    const content = doc.vulnerabilities[0].metrics[0].content;
    expect(content.ssvc_v1).toBeUndefined();
    expect(content.ssvc_v2).toEqual({ ...decided(T0).selectionList, target_ids: ['CVE-2026-10001'] });
    expect(ssvcSelectionListErrors(content.ssvc_v2)).toEqual({ isValid: true, errors: [] });
    expect(doc.vulnerabilities[0].notes.map((n: Json) => n.title)).not.toContain('SSVC');
    await expectValid(doc);
  });

  it('a decision newer than the shared revision is a note instead (6.1.49), and the document valid', async () => {
    const doc: Json = buildAdvisoryCsaf(input(T2));
    expect(doc.vulnerabilities[0].metrics).toBeUndefined();
    expect(doc.vulnerabilities[0].notes.find((n: Json) => n.title === 'SSVC').text).toMatch(
      /^Act \(CISA Coordinator .*\): SSVCv2\//,
    );
    await expectValid(doc);
  });
});
