// The CVSS score record (SPEC §3): what the calculator saves and what a server stores.
// Field names and values follow the CVSS 4.0 JSON schema as bundled in CVE JSON 5 (cvssV4_0):
// attackVector: 'NETWORK', userInteraction: 'PASSIVE', modifiedSubIntegrityImpact: 'SAFETY', ...
//
// Server side: never trust a client's score. Validate the vector with cvss4VectorSchema and build
// the record with cvss4Record(vector), which computes score and severity itself; a client's
// baseScore/baseSeverity are to be ignored, not compared.
import { CVSS4_METRICS } from './metrics.ts';
import { parseCvss4, type ParsedCvss4 } from './parse.ts';
import { scoreCvss4Tenths } from './score.ts';
import { cvss4Severity, type Cvss4Severity } from './severity.ts';
import { cvss4CanonicalVector } from './vector-string.ts';

type MetricDef = (typeof CVSS4_METRICS)[number];
type JsonValue<D extends MetricDef> = D['values'][number]['json'];
type BaseFields = { -readonly [D in Extract<MetricDef, { group: 'base' }> as D['field']]: JsonValue<D> };
// Optional metrics appear only when chosen; X (NOT_DEFINED) is the same as leaving them out.
type OptionalFields = {
  -readonly [D in Exclude<MetricDef, { group: 'base' }> as D['field']]?: Exclude<JsonValue<D>, 'NOT_DEFINED'>;
};

export type Cvss4ScoreRecord = {
  version: '4.0';
  /** Canonical vector: FIRST order, X left out. */
  vectorString: string;
  /** Score of the whole vector (CVSS-B, -BT, -BE or -BTE), 0.0..10.0. */
  baseScore: number;
  baseSeverity: Cvss4Severity;
} & BaseFields &
  OptionalFields;

/** Score record of a vector (string or parsed). Throws Cvss4Error on an invalid vector. */
export function cvss4Record(vector: string | ParsedCvss4): Cvss4ScoreRecord {
  const parsed = typeof vector === 'string' ? parseCvss4(vector) : vector;
  const baseScore = scoreCvss4Tenths(parsed.indices) / 10;
  const record: Record<string, string | number> = {
    version: '4.0',
    vectorString: cvss4CanonicalVector(parsed),
    baseScore,
    baseSeverity: cvss4Severity(baseScore),
  };
  CVSS4_METRICS.forEach((def, m) => {
    const value = def.values[parsed.indices[m]];
    if (value.code !== 'X') record[def.field] = value.json;
  });
  return record as Cvss4ScoreRecord;
}
