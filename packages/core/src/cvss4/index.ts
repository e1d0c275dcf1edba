// CVSS v4.0 scoring engine: exact FIRST scores, shared by the browser calculator and the servers.
export { Cvss4Error, CVSS4_INVALID_VECTOR_MESSAGE, type Cvss4ErrorCode } from './errors.ts';
export {
  CVSS4_BASE_METRIC_COUNT,
  CVSS4_BASE_METRIC_OPTIONS,
  CVSS4_BASE_METRICS,
  CVSS4_METRIC_COUNT,
  CVSS4_METRIC_INDEX,
  CVSS4_METRIC_KEYS,
  CVSS4_METRIC_VALUES,
  CVSS4_METRICS,
  cvss4MetricDefinition,
  cvss4MetricLabel,
  isCvss4MetricKey,
  type Cvss4BaseMetricKey,
  type Cvss4BaseMetricOptions,
  type Cvss4MetricDefinition,
  type Cvss4MetricGroup,
  type Cvss4MetricKey,
  type Cvss4MetricOption,
  type Cvss4MetricValue,
  type Cvss4MetricValueDefinition,
} from './metrics.ts';
export {
  CVSS4_PREFIX,
  isValidCvss4Vector,
  parseCvss4,
  parseCvss4Into,
  parseCvss4Partial,
  type ParsedCvss4,
} from './parse.ts';
export { scoreCvss4, scoreCvss4Indices, scoreCvss4Tenths } from './score.ts';
export {
  CVSS4_EQ_DESCRIPTIONS,
  cvss4EqLevels,
  cvss4MacroVector,
  type Cvss4EqDescription,
  type Cvss4EqLevels,
  type Cvss4EqName,
} from './macro-vector.ts';
export { CVSS4_MACRO_VECTOR_SCORES } from './lookup-table.ts';
export { CVSS4_SEVERITIES, cvss4Severity, type Cvss4Severity } from './severity.ts';
export {
  CVSS4_DEFAULT_VECTOR,
  cvss4CanonicalVector,
  cvss4Nomenclature,
  cvss4VectorString,
  hasAllCvss4BaseMetrics,
  type Cvss4Nomenclature,
} from './vector-string.ts';
export { cvss4Record, type Cvss4ScoreRecord } from './record.ts';
export { cvss4VectorSchema } from './schema.ts';

/** SPEC §5/§8: shown when the calculator lacks a base metric (two spaces after the full stop). */
export const CVSS_INCOMPLETE_MESSAGE = 'All fields are required.  Check all metrics and try again';
