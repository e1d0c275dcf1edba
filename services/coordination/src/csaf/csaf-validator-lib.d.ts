// Types for @secvisogram/csaf-validator-lib 2.0.10, which ships plain ESM JavaScript without declarations
// (csaf.md §5). Only the modules the CSAF validator wrapper imports.
declare module '@secvisogram/csaf-validator-lib/validateStrict.js' {
  export interface CsafMessage {
    instancePath: string;
    message: string;
  }
  export interface CsafTestResult {
    name: string;
    isValid: boolean;
    errors: CsafMessage[];
    warnings: CsafMessage[];
    infos: CsafMessage[];
  }
  export interface CsafValidationResult {
    isValid: boolean;
    tests: CsafTestResult[];
  }
  export type DocumentTest = (doc: unknown) => unknown;
  export default function validateStrict(tests: DocumentTest[], doc: unknown): Promise<CsafValidationResult>;
}

declare module '@secvisogram/csaf-validator-lib/schemaTests.js' {
  import type { DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  export const csaf_2_0_strict: DocumentTest;
  export const csaf_2_0: DocumentTest;
}

declare module '@secvisogram/csaf-validator-lib/mandatoryTests.js' {
  import type { DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  const tests: Record<string, DocumentTest>;
  export = tests;
}

declare module '@secvisogram/csaf-validator-lib/cwe.js' {
  export const weaknesses: { id: string; name: string; status: string; usage?: string }[];
}

// CSAF 2.1 (experimental in the lib): its mandatory tests, run with the non-strict `validate`
// (validateStrict refuses test functions of the 2.1 folder). Its 2.1 schema is older than the current
// draft's, which csaf21/schema.ts validates against; only a test still imports it (to show the difference).
declare module '@secvisogram/csaf-validator-lib/validate.js' {
  import type { CsafValidationResult, DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  export default function validate(tests: DocumentTest[], doc: unknown): Promise<CsafValidationResult>;
}

declare module '@secvisogram/csaf-validator-lib/csaf_2_1/schemaTests.js' {
  import type { DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  export const csaf_2_1_strict: DocumentTest;
  export const csaf_2_1: DocumentTest;
}

declare module '@secvisogram/csaf-validator-lib/csaf_2_1/mandatoryTests.js' {
  import type { DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  const tests: Record<string, DocumentTest>;
  export = tests;
}

/** The CWE catalogue of one CWE list version, as the 2.1 test 6.1.11 reads it. */
declare module '@secvisogram/csaf-validator-lib/lib/cwec/4.17.js' {
  const catalogue: {
    date: string;
    weaknesses: { id: string; name: string; status: string; usage?: string }[];
  };
  export default catalogue;
}
