// The CSAF validator (csaf.md §5): @secvisogram/csaf-validator-lib's strict CSAF 2.0 schema and every
// mandatory test (6.1.1 … 6.1.33, the 6.1.27.x profile tests included), offline — never the informative tests
// (they spawn hunspell and fetch URLs). What failed comes back per test with the lib's messages.
import validateStrict from '@secvisogram/csaf-validator-lib/validateStrict.js';
import { csaf_2_0_strict } from '@secvisogram/csaf-validator-lib/schemaTests.js';
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js';

const TESTS = [csaf_2_0_strict, ...Object.values(mandatory)];

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
  const result = await validateStrict(TESTS, document);
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

/** The failures as `{ '6.1.27.10': ['/vulnerabilities/0/product_status/known_affected/0: no suitable …'] }`. */
export function csafFailureMessages(validation: CsafValidation): Record<string, string[]> {
  return Object.fromEntries(
    validation.failed.map((f) => [
      f.test,
      f.errors.length ? f.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)) : ['failed'],
    ]),
  );
}
