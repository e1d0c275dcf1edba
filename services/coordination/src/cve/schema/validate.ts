// CVE JSON 5.1: the bundled schema CVE Services validates records with (copied from the CVE Program's
// cve-services, src/middleware/schemas/CVE_JSON_5.1_bundled.json), compiled once with ajv 8 + ajv-formats.
import { createRequire } from 'node:module';

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string; keyword: string }[] | null;
};

export interface SchemaError {
  path: string;
  message: string;
}

let whole: Validate | undefined;
let cnaPublished: Validate | undefined;
let publishedRecord: Validate | undefined;

function compile() {
  if (whole && cnaPublished) return;
  const require = createRequire(import.meta.url);
  // ajv 8 is this package's own dependency (the repository root's `ajv` is v6, another tool's).
  const Ajv = (require('ajv') as { default: new (o: object) => AjvLike }).default;
  const addFormats = (require('ajv-formats') as { default: (a: unknown) => void }).default;
  const schema = require('./CVE_JSON_5.1_bundled.json') as {
    definitions: Record<string, unknown>;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The schema's timestamps may omit the zone (UTC); ajv-formats' date-time requires one.
  ajv.addFormat(
    'date-time',
    (s: string) => !Number.isNaN(Date.parse(/(Z|[+-]\d\d:\d\d)$/i.test(s) ? s : `${s}Z`)),
  );
  ajv.addSchema(schema, 'cve');
  whole = ajv.getSchema('cve') as Validate;
  cnaPublished = ajv.compile({ $ref: 'cve#/definitions/cnaPublishedContainer' }) as Validate;
  // The record schema is oneOf Published | Rejected.
  publishedRecord = ajv.compile({ $ref: 'cve#/oneOf/0' }) as Validate;
}

interface AjvLike {
  addFormat(name: string, f: (s: string) => boolean): void;
  addSchema(s: object, key: string): void;
  getSchema(key: string): unknown;
  compile(s: object): unknown;
}

function errorsOf(validate: Validate, data: unknown): SchemaError[] {
  if (validate(data)) return [];
  const seen = new Set<string>();
  const out: SchemaError[] = [];
  for (const e of validate.errors ?? []) {
    const line = { path: e.instancePath || '/', message: e.message ?? e.keyword };
    const key = `${line.path} ${line.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(line);
    if (out.length >= 100) break;
  }
  return out;
}

/**
 * Errors of a whole CVE record (empty: valid). A record in the PUBLISHED state is told only what the
 * Published form wants: not the Rejected form's complaints (rejectedReasons, state) nor the oneOf's own line.
 */
export function validateCveRecord(record: unknown): SchemaError[] {
  compile();
  const errors = errorsOf(whole!, record);
  const state = (record as { cveMetadata?: { state?: unknown } } | null)?.cveMetadata?.state;
  if (errors.length === 0 || state !== 'PUBLISHED') return errors;
  const published = errorsOf(publishedRecord!, record);
  return published.length ? published : errors;
}

/** Errors of a published record's CNA container (providerMetadata included). */
export function validateCnaContainer(container: unknown): SchemaError[] {
  compile();
  return errorsOf(cnaPublished!, container);
}
