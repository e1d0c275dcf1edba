// Building vector strings back from metrics, and the CVSS nomenclature of a vector.
import {
  CVSS4_BASE_METRIC_COUNT,
  CVSS4_BASE_METRICS,
  CVSS4_METRICS,
  type Cvss4MetricKey,
} from './metrics.ts';
import { CVSS4_PREFIX, type ParsedCvss4 } from './parse.ts';

/** The calculator's starting point (SPEC §4): no impact at all, score 0. */
export const CVSS4_DEFAULT_VECTOR = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N';

/**
 * Vector string of the given metrics in FIRST's order. X and absent metrics are left out (X is
 * the same as leaving a metric out), so equal vectors get equal strings. It does not validate:
 * with base metrics missing the result is an incomplete vector, which the calculator shows as such.
 */
export function cvss4VectorString(metrics: Readonly<Partial<Record<Cvss4MetricKey, string>>>): string {
  let out = CVSS4_PREFIX.slice(0, -1);
  for (const { key } of CVSS4_METRICS) {
    const value = metrics[key];
    if (value !== undefined && value !== 'X') out += `/${key}:${value}`;
  }
  return out;
}

/** Canonical vector string of a parsed vector (FIRST order, no X). */
export function cvss4CanonicalVector(parsed: ParsedCvss4): string {
  let out = CVSS4_PREFIX.slice(0, -1);
  CVSS4_METRICS.forEach((def, m) => {
    const v = parsed.indices[m];
    // Base metrics have no X, so index 0 there is a real value.
    if (m < CVSS4_BASE_METRIC_COUNT || v !== 0) out += `/${def.key}:${def.values[v].code}`;
  });
  return out;
}

/** True when all 11 base metrics are set, which the calculator needs before it saves a record. */
export function hasAllCvss4BaseMetrics(metrics: Readonly<Partial<Record<Cvss4MetricKey, string>>>): boolean {
  return CVSS4_BASE_METRICS.every((key) => metrics[key] !== undefined);
}

export type Cvss4Nomenclature = 'CVSS-B' | 'CVSS-BT' | 'CVSS-BE' | 'CVSS-BTE';

/**
 * FIRST nomenclature: which metric groups the score used. Threat = E set (not X); environmental =
 * any of CR..MSA set (not X). Supplemental metrics never count, as they do not change the score.
 */
export function cvss4Nomenclature(parsed: ParsedCvss4): Cvss4Nomenclature {
  let threat = false;
  let environmental = false;
  CVSS4_METRICS.forEach((def, m) => {
    if (parsed.indices[m] === 0) return;
    if (def.group === 'threat') threat = true;
    else if (def.group === 'environmental') environmental = true;
  });
  if (threat) return environmental ? 'CVSS-BTE' : 'CVSS-BT';
  return environmental ? 'CVSS-BE' : 'CVSS-B';
}
