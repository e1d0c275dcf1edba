// One CVE JSON 5.x document → what the queue stores: the checks that make it a CVE record we can read
// (the structure of every field we read, not the whole 5.1 schema — README.md in this folder says why), the queue
// columns, and every CWE/CVSS/CPE/SSVC/KEV value with its provenance ('cna' or 'adp:<shortName>').
// Pure: no database, no HTTP.
import { createHash } from 'node:crypto';

/** CVE Services refuses records over 3.8 MB; so do we (3.8 MiB of JSON). */
export const MAX_RECORD_BYTES = Math.floor(3.8 * 1024 * 1024);

/**
 * Deepest nesting of objects and arrays a record may have. Real CVE records reach 14; a record nested far
 * deeper (100,000 levels) would overflow the stack of JSON.stringify and every walk after the parse.
 */
export const MAX_RECORD_DEPTH = 64;

export type EnrichmentKind = 'cwe' | 'cvss' | 'cpe' | 'ssvc' | 'kev';

export interface EnrichmentValue {
  kind: EnrichmentKind;
  /** 'cna' | 'adp:<shortName>' | 'scorer' */
  source: string;
  value: string;
  version?: string | null;
  score?: number | null;
  severity?: string | null;
  detail?: unknown;
}

export interface ParsedRecord {
  cveId: string;
  state: 'PUBLISHED' | 'REJECTED';
  dataVersion: string;
  assigner: string;
  title: string;
  description: string;
  vendors: string[];
  products: string[];
  datePublished: Date | null;
  dateUpdated: Date | null;
  dateReserved: Date | null;
  kev: boolean;
  kevDateAdded: string | null;
  hasSsvc: boolean;
  /** From the record alone (ours, when scored, replaces them in the store). */
  cwes: string[];
  score: number | null;
  severity: string | null;
  searchText: string;
  record: Record<string, unknown>;
  /** `record` as JSON text (the text its hash is of), so writing it does not serialise it again. */
  recordJson: string;
  contentHash: string;
  enrichment: EnrichmentValue[];
}

export class RecordError extends Error {}

export const CVE_ID_PATTERN = /^CVE-[0-9]{4}-[0-9]{4,19}$/;
const CWE_PATTERN = /^CWE-[1-9][0-9]{0,5}$/;
const CWE_IN_TEXT = /\bCWE-([1-9][0-9]{0,5})\b/;
const CVSS_KEYS: Record<string, string> = {
  cvssV4_0: '4.0',
  cvssV3_1: '3.1',
  cvssV3_0: '3.0',
  cvssV2_0: '2.0',
};
const VERSION_RANK: Record<string, number> = { '4.0': 4, '3.1': 3, '3.0': 2, '2.0': 1 };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(message: string): never {
  throw new RecordError(message);
}

/** An optional array field: absent is empty, anything but an array is an error naming the field. */
function arrayAt(obj: Json, key: string, where: string): unknown[] {
  const v = obj[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) fail(`${where}.${key} must be an array.`);
  return v;
}

function objectsAt(obj: Json, key: string, where: string): Json[] {
  const items = arrayAt(obj, key, where);
  items.forEach((item, i) => {
    if (!isObject(item)) fail(`${where}.${key}[${i}] must be an object.`);
  });
  return items as Json[];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function dateAt(obj: Json, key: string, where: string): Date | null {
  const v = obj[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') fail(`${where}.${key} must be a date-time string.`);
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) fail(`${where}.${key} is not a date-time: ${v.slice(0, 40)}`);
  return d;
}

/** The English text of a descriptions-like list ({lang, value}), else the first. */
function englishValue(list: Json[]): string {
  const en = list.find((d) => /^en\b/i.test(str(d.lang))) ?? list[0];
  return en ? str(en.value).trim() : '';
}

const normalise = (s: unknown) => (typeof s === 'string' ? s : '').trim().toLowerCase();

function sourceOf(container: Json, fallback: string): string {
  const meta = isObject(container.providerMetadata) ? container.providerMetadata : {};
  const name = str(meta.shortName) || str(meta.orgId) || fallback;
  return name;
}

/** Reads one container (the CNA's or an ADP's): its values with `source`, its vendors and products. */
function readContainer(container: Json, source: string, where: string, out: EnrichmentValue[]) {
  const seen = new Set<string>();
  const add = (v: EnrichmentValue) => {
    const key = `${v.kind}\u0000${v.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(v);
  };
  const vendors: string[] = [];
  const products: string[] = [];

  objectsAt(container, 'problemTypes', where).forEach((p, i) => {
    for (const d of objectsAt(p, 'descriptions', `${where}.problemTypes[${i}]`)) {
      const id = str(d.cweId).trim().toUpperCase();
      let cwe = CWE_PATTERN.test(id) ? id : '';
      if (!cwe && normalise(d.type) === 'cwe') {
        const m = CWE_IN_TEXT.exec(str(d.description));
        if (m) cwe = `CWE-${m[1]}`;
      }
      if (cwe) add({ kind: 'cwe', source, value: cwe, detail: { description: str(d.description) } });
    }
  });

  objectsAt(container, 'metrics', where).forEach((m, i) => {
    for (const [key, version] of Object.entries(CVSS_KEYS)) {
      const block = m[key];
      if (block === undefined) continue;
      if (!isObject(block)) fail(`${where}.metrics[${i}].${key} must be an object.`);
      const vector = str(block.vectorString).trim();
      if (!vector) fail(`${where}.metrics[${i}].${key}.vectorString is missing.`);
      const score =
        typeof block.baseScore === 'number' && Number.isFinite(block.baseScore) ? block.baseScore : null;
      if (score !== null && (score < 0 || score > 10))
        fail(`${where}.metrics[${i}].${key}.baseScore is out of range.`);
      add({
        kind: 'cvss',
        source,
        value: vector,
        version,
        score,
        severity: str(block.baseSeverity).toUpperCase() || (score === null ? null : severityOf(score)),
        detail: block,
      });
    }
    const other = m.other;
    if (other === undefined) return;
    if (!isObject(other)) fail(`${where}.metrics[${i}].other must be an object.`);
    const content = other.content;
    if (other.type === 'ssvc') {
      if (!isObject(content)) fail(`${where}.metrics[${i}].other.content must be an object.`);
      const options: Record<string, string> = {};
      for (const o of arrayAt(content, 'options', `${where}.metrics[${i}].other.content`)) {
        if (isObject(o)) for (const [k, v] of Object.entries(o)) options[k] = normalise(v);
      }
      const value = `E:${options['Exploitation'] ?? ''}/A:${options['Automatable'] ?? ''}/TI:${options['Technical Impact'] ?? ''}`;
      add({ kind: 'ssvc', source, value, version: str(content.version) || null, detail: content });
    } else if (other.type === 'kev') {
      if (!isObject(content)) fail(`${where}.metrics[${i}].other.content must be an object.`);
      add({ kind: 'kev', source, value: str(content.dateAdded), detail: content });
    }
  });

  objectsAt(container, 'affected', where).forEach((a, i) => {
    const vendor = str(a.vendor).trim();
    const product = str(a.product).trim();
    if (vendor && vendor !== 'n/a') vendors.push(vendor);
    if (product && product !== 'n/a') products.push(product);
    for (const cpe of arrayAt(a, 'cpes', `${where}.affected[${i}]`)) {
      if (typeof cpe === 'string' && cpe.trim()) add({ kind: 'cpe', source, value: cpe.trim() });
    }
  });
  return { vendors, products };
}

export function severityOf(score: number): string {
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  if (score >= 0.1) return 'LOW';
  return 'NONE';
}

/** CNA first, then ADPs; within a source the newest CVSS version. */
export function pickCvss(values: EnrichmentValue[]): EnrichmentValue | null {
  const cvss = values.filter((v) => v.kind === 'cvss' && v.score !== null && v.score !== undefined);
  const rank = (v: EnrichmentValue) => (v.source === 'cna' ? 10 : 0) + (VERSION_RANK[v.version ?? ''] ?? 0);
  return cvss.sort((a, b) => rank(b) - rank(a))[0] ?? null;
}

/** The record's CWEs: the CNA's, or else the ADPs'. */
export function pickCwes(values: EnrichmentValue[]): string[] {
  const cna = values.filter((v) => v.kind === 'cwe' && v.source === 'cna').map((v) => v.value);
  const list = cna.length ? cna : values.filter((v) => v.kind === 'cwe').map((v) => v.value);
  return [...new Set(list)];
}

const uniq = (list: string[]) => [...new Set(list)];

/** Hash of what the record says (its JSON as parsed), so a re-formatted but equal file is unchanged. */
export function contentHashOf(record: unknown): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex');
}

/**
 * Parses and checks one file's bytes. Throws RecordError with a one-line reason for anything that is not a
 * CVE JSON 5.x record we can read.
 */
export function parseCveRecord(bytes: Buffer | string): ParsedRecord {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  if (size > MAX_RECORD_BYTES) fail(`The record is larger than 3.8 MB (${size} bytes).`);
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (nestingDepth(text) > MAX_RECORD_DEPTH)
    fail(`The record is nested deeper than ${MAX_RECORD_DEPTH} levels.`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    fail(`Not valid JSON: ${(error as Error).message.slice(0, 120)}`);
  }
  try {
    // PostgreSQL stores neither NUL nor lone surrogates; only a record escaping them needs the full walk.
    if (text.includes('\0') || /\\u(0000|d[89a-f])/i.test(text)) checkStorable(doc);
    return readCveRecord(doc);
  } catch (error) {
    // Whatever else a pathological record exhausts, it is that record's failure, not the run's.
    if (error instanceof RangeError) fail(`The record cannot be read: ${error.message.slice(0, 120)}.`);
    throw error;
  }
}

/**
 * The deepest nesting of brackets outside strings, read from the text in one pass without recursion (so a
 * record too deep to walk is measured before anything walks it). Stops counting once past the limit.
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > MAX_RECORD_DEPTH) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

function checkStorable(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes('\0')) fail('The record contains a NUL character, which cannot be stored.');
    if (!value.isWellFormed()) fail('The record contains a lone surrogate, which cannot be stored.');
  } else if (Array.isArray(value)) {
    value.forEach(checkStorable);
  } else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      checkStorable(k);
      checkStorable(v);
    }
  }
}

export function readCveRecord(doc: unknown): ParsedRecord {
  if (!isObject(doc)) fail('Not a CVE record: the document is not a JSON object.');
  if (doc.dataType !== 'CVE_RECORD') fail('Not a CVE record: dataType is not "CVE_RECORD".');
  const dataVersion = str(doc.dataVersion);
  if (!/^5\.[0-9]+(\.[0-9]+)?$/.test(dataVersion))
    fail(`Unsupported dataVersion "${dataVersion.slice(0, 20)}" (5.x expected).`);
  const meta = doc.cveMetadata;
  if (!isObject(meta)) fail('cveMetadata is missing.');
  const cveId = str(meta.cveId).toUpperCase();
  if (!CVE_ID_PATTERN.test(cveId))
    fail(`cveMetadata.cveId is not a CVE id: "${str(meta.cveId).slice(0, 40)}".`);
  const state = meta.state;
  if (state !== 'PUBLISHED' && state !== 'REJECTED') fail('cveMetadata.state must be PUBLISHED or REJECTED.');
  const containers = doc.containers;
  if (!isObject(containers)) fail('containers is missing.');
  const cna = containers.cna;
  if (!isObject(cna)) fail('containers.cna is missing.');
  const adps = objectsAt(containers, 'adp', 'containers');

  const descriptions = objectsAt(
    cna,
    state === 'PUBLISHED' ? 'descriptions' : 'rejectedReasons',
    'containers.cna',
  );
  if (state === 'PUBLISHED' && descriptions.length === 0) fail('containers.cna.descriptions is missing.');
  const description = englishValue(descriptions);

  const enrichment: EnrichmentValue[] = [];
  const fromCna = readContainer(cna, 'cna', 'containers.cna', enrichment);
  const vendors = [...fromCna.vendors];
  const products = [...fromCna.products];
  adps.forEach((adp, i) => {
    const from = readContainer(adp, `adp:${sourceOf(adp, `adp${i}`)}`, `containers.adp[${i}]`, enrichment);
    vendors.push(...from.vendors);
    products.push(...from.products);
  });

  const recordJson = JSON.stringify(doc);
  const kev = enrichment.find((v) => v.kind === 'kev') ?? null;
  const cvss = pickCvss(enrichment);
  const cwes = pickCwes(enrichment);
  const title = str(cna.title).trim();
  const uVendors = uniq(vendors);
  const uProducts = uniq(products);
  const searchText = [
    cveId,
    title,
    description,
    ...uVendors,
    ...uProducts,
    ...enrichment.filter((v) => v.kind === 'cwe').map((v) => v.value),
  ]
    .join(' ')
    .toLowerCase();
  return {
    cveId,
    state,
    dataVersion,
    assigner: str(meta.assignerShortName),
    title,
    description,
    vendors: uVendors,
    products: uProducts,
    datePublished: dateAt(meta, 'datePublished', 'cveMetadata'),
    dateUpdated: dateAt(meta, 'dateUpdated', 'cveMetadata'),
    dateReserved: dateAt(meta, 'dateReserved', 'cveMetadata'),
    kev: kev !== null,
    kevDateAdded: kev && /^\d{4}-\d{2}-\d{2}$/.test(kev.value) ? kev.value : null,
    hasSsvc: enrichment.some((v) => v.kind === 'ssvc'),
    cwes,
    score: cvss?.score ?? null,
    severity: cvss?.severity ?? null,
    searchText,
    record: doc,
    recordJson,
    contentHash: createHash('sha256').update(recordJson).digest('hex'),
    enrichment,
  };
}
