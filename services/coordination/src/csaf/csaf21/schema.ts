// The current OASIS CSAF 2.1 schema (schemas/2.1/, see its README) with the FIRST CVSS and CERT/CC SSVC
// schemas it references, compiled with ajv 8's draft 2020-12 engine — the engine csaf-validator-lib uses —
// on first use only (about 0.4 s), so a process that never validates CSAF 2.1 never pays for it.
import { createRequire } from 'node:module';
import type { CsafTestResult } from './types.ts';

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string; keyword: string }[] | null;
};
interface AjvLike {
  addSchema(schema: object, key?: string): void;
  getSchema(key: string): Validate | undefined;
}

export const CSAF_21_SCHEMA_ID = 'https://docs.oasis-open.org/csaf/csaf/v2.1/schema/csaf.json';
export const SSVC_SELECTION_LIST_ID =
  'https://certcc.github.io/SSVC/data/schema/v2/SelectionList_2_0_0.schema.json';

/** The referenced FIRST schemas, under the address csaf.json names them by. */
const CVSS = {
  'cvss-v2.0.json': 'https://www.first.org/cvss/cvss-v2.0.json',
  'cvss-v3.0.json': 'https://www.first.org/cvss/cvss-v3.0.json',
  'cvss-v3.1.json': 'https://www.first.org/cvss/cvss-v3.1.json',
  'cvss-v4.0.json': 'https://www.first.org/cvss/cvss-v4.0.json',
};

let compiled: { csaf: Validate; ssvc: Validate } | undefined;

function compile() {
  if (compiled) return compiled;
  const require = createRequire(import.meta.url);
  // ajv 8 is this package's own dependency (the repository root's `ajv` is v6, another tool's).
  const Ajv2020 = (require('ajv/dist/2020') as { default: new (o: object) => AjvLike }).default;
  const addFormats = (require('ajv-formats') as { default: (a: unknown) => void }).default;
  const load = (file: string) => require(`../schemas/2.1/${file}`) as Record<string, unknown>;
  // The schemas are fixed files, not input: they are not checked against their meta-schemas (the FIRST
  // ones are draft-04/-07, which the 2020-12 engine does not carry). Formats are asserted, as CSAF 2.1's
  // meta-schema (format-assertion vocabulary) asks.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  for (const [file, address] of Object.entries(CVSS)) {
    // The FIRST schemas name themselves with a date (…cvss-v3.1.json?20211103) or by draft-04's `id`;
    // csaf.json refers to them without it, so each is registered under the address csaf.json uses.
    const { $schema: _s, $id: _i, id: _d, ...schema } = load(`first/${file}`);
    ajv.addSchema(schema, address);
  }
  ajv.addSchema(load('certcc/SelectionList_2_0_0.schema.json'));
  ajv.addSchema(load('format-assertion.json'));
  ajv.addSchema(load('extension-metaschema.json'));
  ajv.addSchema(load('extension-content.json'));
  ajv.addSchema(load('csaf.json'));
  compiled = { csaf: ajv.getSchema(CSAF_21_SCHEMA_ID)!, ssvc: ajv.getSchema(SSVC_SELECTION_LIST_ID)! };
  return compiled;
}

function resultOf(validate: Validate, data: unknown, prefix = ''): CsafTestResult {
  if (validate(data)) return { isValid: true, errors: [] };
  return {
    isValid: false,
    errors: (validate.errors ?? []).map((e) => ({
      instancePath: `${prefix}${e.instancePath}`,
      message: e.message ?? e.keyword,
    })),
  };
}

/** The document against the current CSAF 2.1 schema. */
export function csaf21SchemaErrors(document: unknown): CsafTestResult {
  return resultOf(compile().csaf, document);
}

/** An SSVC object against the SelectionList 2.0.0 schema; paths start at `prefix`. */
export function ssvcSelectionListErrors(selectionList: unknown, prefix = ''): CsafTestResult {
  return resultOf(compile().ssvc, selectionList, prefix);
}
