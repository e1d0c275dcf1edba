// The CSAF validator (csaf.md §5): @secvisogram/csaf-validator-lib's strict CSAF 2.0 schema and every
// mandatory test (6.1.1 … 6.1.33, the 6.1.27.x profile tests included), offline — never the informative tests
// (they spawn hunspell and fetch URLs). What failed comes back per test with the lib's messages.
// CSAF 2.1 is validated as the current OASIS draft has it (issue 29): its schema (csaf21/schema.ts, not the
// lib's older one), the lib's 2.1 mandatory tests where they still fit the draft, and ours (csaf21/) where
// they do not.
//
// The lib compiles its JSON schemas when a test module is imported: 1.8 s for the 2.0 mandatory tests, 6.5 s
// for the 2.1 ones, and its `validateStrict.js` imports the optional and informative tests too (another 6.8 s)
// only to check that the tests it is handed are the lib's own. So nothing is imported until the first
// document is validated, each version's tests on their own, and the plain `validate.js` runs them (we hand
// it the lib's own tests only, which is all the strict entry point checks). A service therefore starts in
// seconds, and a process that never validates CSAF never pays for it.
import type { CsafValidationResult, DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
import { cvss4Record } from '@cvdp/core';

type Validate = (tests: DocumentTest[], doc: unknown) => Promise<CsafValidationResult>;
interface Suite {
  validate: Validate;
  tests: DocumentTest[];
}

/** Loads a suite once; a failed load is forgotten so that the next call tries again. */
function lazySuite(load: () => Promise<Suite>): () => Promise<Suite> {
  let suite: Promise<Suite> | undefined;
  return () => {
    suite ??= load().catch((error: unknown) => {
      suite = undefined;
      throw error;
    });
    return suite;
  };
}

/** The test functions a module of the lib exports (an ES module namespace: its named exports only). */
const testsOf = (module: object): DocumentTest[] =>
  Object.entries(module)
    .filter(([name, value]) => name !== 'default' && typeof value === 'function')
    .map(([, value]) => value as DocumentTest);

/** CSAF 2.0: the lib's strict schema and every mandatory test. */
const suite20 = lazySuite(async () => {
  const [{ default: validate }, { csaf_2_0_strict }, mandatory] = await Promise.all([
    import('@secvisogram/csaf-validator-lib/validate.js'),
    import('@secvisogram/csaf-validator-lib/schemaTests.js'),
    import('@secvisogram/csaf-validator-lib/mandatoryTests.js'),
  ]);
  return { validate, tests: [csaf_2_0_strict, ...testsOf(mandatory)] };
});

/** CSAF 2.1: the lib's 2.1 mandatory tests, but those ours replace (csaf21/index.ts). */
const suite21 = lazySuite(async () => {
  const [{ default: validate }, mandatory21, { OWN_CSAF21_TESTS }] = await Promise.all([
    import('@secvisogram/csaf-validator-lib/validate.js'),
    import('@secvisogram/csaf-validator-lib/csaf_2_1/mandatoryTests.js'),
    import('./csaf21/index.ts'),
  ]);
  const ours = new Set(OWN_CSAF21_TESTS.map((t) => t.test));
  return { validate, tests: testsOf(mandatory21).filter((t) => !ours.has(csafTestName(t.name))) };
});

export interface CsafFailedTest {
  /** 'schema' for the strict schema, else the test's number, e.g. '6.1.27.10'. */
  test: string;
  errors: { path: string; message: string }[];
}

export interface CsafValidation {
  valid: boolean;
  /** How many tests ran (the strict schema and every mandatory test). */
  testsRun: number;
  failed: CsafFailedTest[];
}

/** 'mandatoryTest_6_1_27_10' → '6.1.27.10'; 'csaf_2_0_strict' → 'schema'. */
export function csafTestName(name: string): string {
  if (name === 'csaf_2_0_strict') return 'schema';
  const m = /^mandatoryTest_([\d_]+)$/.exec(name);
  return m ? m[1].replaceAll('_', '.') : name;
}

/** Runs the strict schema and all mandatory tests on a CSAF 2.0 document. */
export async function validateCsaf(document: unknown): Promise<CsafValidation> {
  const { validate, tests } = await suite20();
  const result = await validate(tests, document);
  return {
    valid: result.isValid,
    testsRun: result.tests.length,
    failed: result.tests
      .filter((t) => !t.isValid)
      .map((t) => ({
        test: csafTestName(t.name),
        errors: t.errors.map((e) => ({ path: e.instancePath, message: e.message })),
      })),
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether a cvss_v4 object is exactly what FIRST's CVSS 4.0 formulas give for its vector (our engine,
 * tested against FIRST's calculator): every property it carries equals the record of its vector, and it
 * carries the record's required ones.
 */
function confirmedCvss4(value: unknown): boolean {
  if (!isObject(value) || typeof value.vectorString !== 'string') return false;
  let record: Json;
  try {
    record = cvss4Record(value.vectorString);
  } catch {
    return false;
  }
  return (
    ['version', 'vectorString', 'baseScore', 'baseSeverity'].every((k) => k in value) &&
    Object.keys(value).every((k) => k in record && record[k] === value[k]) &&
    value.vectorString === record.vectorString
  );
}

/**
 * The document without the cvss_v4 objects our engine confirms, and how many were taken out. Works around
 * a bug of csaf-validator-lib 2.0.10 in 2.1 only: its CVSS 4.0 schema uses `multipleOf: 0.1` without a
 * precision, so valid scores such as 8.6 or 8.7 fail the schema and 6.1.8 (csaf.md §4). A cvss_v4 object
 * our engine does not confirm is left for the lib to judge.
 */
function withoutConfirmedCvss4(document: unknown): { document: unknown; confirmed: number } {
  if (!isObject(document) || !Array.isArray(document.vulnerabilities)) return { document, confirmed: 0 };
  let confirmed = 0;
  const vulnerabilities = document.vulnerabilities.map((vul: unknown) => {
    if (!isObject(vul) || !Array.isArray(vul.metrics)) return vul;
    const metrics = vul.metrics.flatMap((metric: unknown) => {
      if (!isObject(metric) || !isObject(metric.content) || !confirmedCvss4(metric.content.cvss_v4))
        return [metric];
      confirmed++;
      const { cvss_v4: _v4, ...content } = metric.content;
      return Object.keys(content).length ? [{ ...metric, content }] : [];
    });
    const { metrics: _m, ...rest } = vul;
    return metrics.length ? { ...rest, metrics } : rest;
  });
  return { document: { ...document, vulnerabilities }, confirmed };
}

/**
 * Runs CSAF 2.1 as the current OASIS draft has it: the current schema (with the FIRST CVSS and CERT/CC SSVC
 * schemas it references) and every mandatory test — the lib's where they fit the draft, ours where they do
 * not (csaf21/). The lib's tests see cvss_v4 objects our CVSS 4.0 engine confirms taken out (its own CVSS 4.0
 * schema has the multipleOf bug, see withoutConfirmedCvss4); the schema and our tests see the document whole.
 */
export async function validateCsaf21(document: unknown): Promise<CsafValidation> {
  const { document: checked } = withoutConfirmedCvss4(document);
  const { validate, tests } = await suite21();
  const { csaf21SchemaErrors, OWN_CSAF21_TESTS } = await import('./csaf21/index.ts');
  const lib = await validate(tests, checked);
  const results = [
    { test: 'schema', ...csaf21SchemaErrors(document) },
    ...(await Promise.all(OWN_CSAF21_TESTS.map(async (t) => ({ test: t.test, ...(await t.run(document)) })))),
    ...lib.tests.map((t) => ({ test: csafTestName(t.name), isValid: t.isValid, errors: t.errors })),
  ];
  return {
    valid: results.every((r) => r.isValid),
    testsRun: results.length,
    failed: results
      .filter((r) => !r.isValid)
      .map((r) => ({
        test: r.test,
        errors: r.errors.map((e) => ({ path: e.instancePath, message: e.message })),
      })),
  };
}

/** The failures as `{ '6.1.27.10': ['/vulnerabilities/0/product_status/known_affected/0: no suitable …'] }`. */
export function csafFailureMessages(validation: CsafValidation): Record<string, string[]> {
  return Object.fromEntries(
    validation.failed.map((f) => [
      f.test,
      f.errors.length ? f.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)) : ['failed'],
    ]),
  );
}
