// Strict CVSS v4.0 vector parser, following FIRST's rules: prefix CVSS:4.0/, metrics in the fixed
// order of CVSS4_METRICS, each at most once, all 11 base metrics, known metrics and values only,
// X only on optional metrics, case-sensitive, no empty component and no trailing '/'.
//
// The scan works on char codes and writes value indices into a caller's Uint8Array, so scoring a
// vector string allocates nothing unless it is invalid. Error messages are built only on failure.
import { invalidMetricValue, invalidVector, unknownMetric } from './errors.ts';
import {
  CVSS4_BASE_METRIC_COUNT,
  CVSS4_METRIC_COUNT,
  CVSS4_METRIC_INDEX,
  CVSS4_METRICS,
  type Cvss4MetricKey,
  isCvss4MetricKey,
} from './metrics.ts';

export const CVSS4_PREFIX = 'CVSS:4.0/';

const SLASH = 47; // '/'
const COLON = 58; // ':'
// Keys and values are compared as packed numbers (base-128 digits of their char codes), built
// while scanning, instead of slicing substrings. A non-ASCII char packs to NaN, which matches
// nothing, so packing cannot make two different texts equal.
const KEY_PACKED: readonly number[] = CVSS4_METRICS.map((m) => pack(m.key));
const VALUE_PACKED: readonly (readonly number[])[] = CVSS4_METRICS.map((m) =>
  m.values.map((v) => pack(v.code)),
);

function pack(text: string): number {
  let packed = 0;
  for (let i = 0; i < text.length; i++) packed = packChar(packed, text.charCodeAt(i));
  return packed;
}

function packChar(packed: number, c: number): number {
  return c < 128 ? packed * 128 + c : NaN;
}

/**
 * Parses `vector` into `out` (length CVSS4_METRIC_COUNT): out[m] is the index of metric m's value
 * in CVSS4_METRICS[m].values; absent optional metrics get 0 (X). Throws Cvss4Error when invalid.
 * Returns a bit mask of the metrics written in the vector (bit m set = metric m present).
 *
 * With `requireAllBase` false, missing base metrics are allowed (their slots stay 0 and their bit
 * unset); everything else is as strict. The calculator uses that to load a vector that lacks metrics.
 */
export function parseCvss4Into(vector: string, out: Uint8Array, requireAllBase = true): number {
  if (!vector.startsWith(CVSS4_PREFIX)) throw prefixError(vector);
  out.fill(0);
  const len = vector.length;
  if (len === CVSS4_PREFIX.length) throw invalidVector('no metrics after CVSS:4.0/');
  let pos = CVSS4_PREFIX.length;
  let next = 0; // lowest metric index still allowed
  let seen = 0;
  for (;;) {
    let colon = pos;
    let key = 0;
    let c = 0;
    while (colon < len && (c = vector.charCodeAt(colon)) !== COLON && c !== SLASH) {
      key = packChar(key, c);
      colon++;
    }
    if (colon === pos) throw invalidVector(pos === len ? "trailing '/'" : "empty metric ('//')");
    if (colon === len || c === SLASH) throw invalidVector(`'${vector.slice(pos, colon)}' is not KEY:VALUE`);

    // Metrics must come in order, so the key can only be the next expected one or a later one.
    let m = next;
    while (m < CVSS4_METRIC_COUNT && KEY_PACKED[m] !== key) m++;
    if (m === CVSS4_METRIC_COUNT) throw keyError(vector.slice(pos, colon), seen, next);
    if (requireAllBase && next < CVSS4_BASE_METRIC_COUNT && m > next) throw missingBase(next, vector, m);

    let end = colon + 1;
    let value = 0;
    while (end < len && (c = vector.charCodeAt(end)) !== SLASH) {
      value = packChar(value, c);
      end++;
    }
    const values = VALUE_PACKED[m];
    let v = 0;
    // An empty value packs to 0, which no real value does, so it is rejected here too.
    while (v < values.length && values[v] !== value) v++;
    if (v === values.length) throw valueError(m, vector.slice(colon + 1, end));

    out[m] = v;
    seen |= 1 << m;
    next = m + 1;
    if (end === len) break;
    pos = end + 1;
  }
  if (requireAllBase && next < CVSS4_BASE_METRIC_COUNT) throw missingBase(next, vector, -1);
  return seen >>> 0;
}

function prefixError(vector: string) {
  if (vector === '') return invalidVector('the vector is empty');
  if (vector.toUpperCase().startsWith(CVSS4_PREFIX))
    return invalidVector('the prefix must be CVSS:4.0/ in capitals');
  const version = /^CVSS:([^/]*)\//.exec(vector);
  if (version) return invalidVector(`only CVSS:4.0/ vectors are accepted, not CVSS:${version[1]}/`);
  return invalidVector('the vector must start with CVSS:4.0/');
}

function keyError(key: string, seen: number, next: number) {
  if (!isCvss4MetricKey(key)) return unknownMetric(key);
  const m = CVSS4_METRIC_INDEX[key];
  if (seen & (1 << m)) return invalidVector(`metric ${key} appears more than once`, key);
  return invalidVector(
    `metric ${key} is out of order: it must come before ${CVSS4_METRICS[next - 1].key}`,
    key,
  );
}

// A base metric was skipped: tell "written later, out of order" apart from "not there at all".
function missingBase(m: number, vector: string, found: number) {
  const key = CVSS4_METRICS[m].key;
  if (found >= 0 && vector.includes(`/${key}:`)) {
    return invalidVector(
      `metric ${key} is out of order: it must come before ${CVSS4_METRICS[found].key}`,
      key,
    );
  }
  return invalidVector(`base metric ${key} is missing`, key);
}

function valueError(m: number, value: string) {
  const def = CVSS4_METRICS[m];
  const allowed = def.values.map((v) => v.code);
  let note: string | undefined;
  if (value === 'S' && (def.key === 'SI' || def.key === 'SA' || def.key === 'MSC')) {
    note = 'S (Safety) is allowed only on MSI and MSA';
  } else if (value === 'X' && m < CVSS4_BASE_METRIC_COUNT) {
    note = 'base metrics cannot be X (Not Defined)';
  }
  return invalidMetricValue(def.key, value, allowed, note);
}

/** A parsed vector: value indices for scoring, and the metrics exactly as written. */
export interface ParsedCvss4 {
  /** Value index per metric in CVSS4_METRICS order; 0 (X) for absent optional metrics. */
  readonly indices: Uint8Array;
  /** Metrics written in the vector, including an explicit X. */
  readonly metrics: Readonly<Partial<Record<Cvss4MetricKey, string>>>;
}

/** Strictly parses a CVSS v4.0 vector. Throws Cvss4Error when it is invalid. */
export function parseCvss4(vector: string): ParsedCvss4 {
  const indices = new Uint8Array(CVSS4_METRIC_COUNT);
  const seen = parseCvss4Into(vector, indices);
  return { indices, metrics: metricsFrom(indices, seen) };
}

/**
 * Parses a vector that may lack base metrics (e.g. 'CVSS:4.0/AV:N/AC:L'), otherwise as strictly as
 * parseCvss4. Returns the metrics present. Throws Cvss4Error when it is invalid.
 */
export function parseCvss4Partial(vector: string): Partial<Record<Cvss4MetricKey, string>> {
  const indices = new Uint8Array(CVSS4_METRIC_COUNT);
  return metricsFrom(indices, parseCvss4Into(vector, indices, false));
}

function metricsFrom(indices: Uint8Array, seen: number): Partial<Record<Cvss4MetricKey, string>> {
  const metrics: Partial<Record<Cvss4MetricKey, string>> = {};
  CVSS4_METRICS.forEach((def, m) => {
    if (seen & (1 << m)) metrics[def.key] = def.values[indices[m]].code;
  });
  return metrics;
}

/** True when `vector` is a valid, complete CVSS v4.0 vector. */
export function isValidCvss4Vector(vector: string): boolean {
  try {
    parseCvss4Into(vector, scratch);
    return true;
  } catch {
    return false;
  }
}

const scratch = new Uint8Array(CVSS4_METRIC_COUNT);
