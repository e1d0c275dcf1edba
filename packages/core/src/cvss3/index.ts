// CVSS 3.1 and 3.0 vectors: a strict parser of our own (so an error names the metric, e.g. "AV: …") and
// the scores from `ae-cvss-calculator` (FIRST's formulas for both versions, incl. 3.1's changed Roundup and
// modified-impact terms). Not exported from core's index: the library is only for pages and servers that
// score 3.x vectors — import '@cvdp/core/cvss3/index'.
//
// FIRST's rules (CVSS v3.1 specification §6): the vector starts with CVSS:3.1/ (or CVSS:3.0/), all eight
// base metrics are present, temporal and environmental metrics are optional (X = Not Defined), a metric
// appears at most once, and readers must accept metrics in any order. The normalised vector lists the
// metrics in FIRST's order and leaves out X (the same as leaving a metric out), so equal vectors get equal
// strings.
import ae from 'ae-cvss-calculator';

export type Cvss3Version = '3.1' | '3.0';
export type Cvss3Group = 'base' | 'temporal' | 'environmental';
export type Cvss3Severity = 'None' | 'Low' | 'Medium' | 'High' | 'Critical';

export interface Cvss3MetricDefinition {
  key: string;
  name: string;
  group: Cvss3Group;
  /** Value codes; optional metrics also take X (Not Defined). */
  values: readonly string[];
}

const m = (key: string, name: string, group: Cvss3Group, values: string[]): Cvss3MetricDefinition => ({
  key,
  name,
  group,
  values: group === 'base' ? values : ['X', ...values],
});

/** Every CVSS 3.x metric in FIRST's order (Table 15 of the 3.1 specification). */
export const CVSS3_METRICS: readonly Cvss3MetricDefinition[] = [
  m('AV', 'Attack Vector', 'base', ['N', 'A', 'L', 'P']),
  m('AC', 'Attack Complexity', 'base', ['L', 'H']),
  m('PR', 'Privileges Required', 'base', ['N', 'L', 'H']),
  m('UI', 'User Interaction', 'base', ['N', 'R']),
  m('S', 'Scope', 'base', ['U', 'C']),
  m('C', 'Confidentiality', 'base', ['H', 'L', 'N']),
  m('I', 'Integrity', 'base', ['H', 'L', 'N']),
  m('A', 'Availability', 'base', ['H', 'L', 'N']),
  m('E', 'Exploit Code Maturity', 'temporal', ['H', 'F', 'P', 'U']),
  m('RL', 'Remediation Level', 'temporal', ['U', 'W', 'T', 'O']),
  m('RC', 'Report Confidence', 'temporal', ['C', 'R', 'U']),
  m('CR', 'Confidentiality Requirement', 'environmental', ['H', 'M', 'L']),
  m('IR', 'Integrity Requirement', 'environmental', ['H', 'M', 'L']),
  m('AR', 'Availability Requirement', 'environmental', ['H', 'M', 'L']),
  m('MAV', 'Modified Attack Vector', 'environmental', ['N', 'A', 'L', 'P']),
  m('MAC', 'Modified Attack Complexity', 'environmental', ['L', 'H']),
  m('MPR', 'Modified Privileges Required', 'environmental', ['N', 'L', 'H']),
  m('MUI', 'Modified User Interaction', 'environmental', ['N', 'R']),
  m('MS', 'Modified Scope', 'environmental', ['U', 'C']),
  m('MC', 'Modified Confidentiality', 'environmental', ['H', 'L', 'N']),
  m('MI', 'Modified Integrity', 'environmental', ['H', 'L', 'N']),
  m('MA', 'Modified Availability', 'environmental', ['H', 'L', 'N']),
];

const BY_KEY = new Map(CVSS3_METRICS.map((d) => [d.key, d]));
const PREFIX = /^CVSS:(3\.[01])\//;

/** Why a vector was refused; `metric` is the metric concerned, when there is one. */
export class Cvss3Error extends Error {
  override readonly name = 'Cvss3Error';
  constructor(
    message: string,
    readonly metric?: string,
  ) {
    super(message);
  }
}

const metricError = (metric: string, reason: string) => new Cvss3Error(`${metric}: ${reason}`, metric);

export interface ParsedCvss3 {
  version: Cvss3Version;
  /** The metrics as written (X included), by key. */
  metrics: Readonly<Record<string, string>>;
  /** FIRST's order, X left out. */
  vector: string;
}

/** Strictly parses a CVSS 3.1 or 3.0 vector. Throws Cvss3Error naming the metric when it is invalid. */
export function parseCvss3(input: string): ParsedCvss3 {
  const prefix = PREFIX.exec(input);
  if (!prefix) {
    const other = /^CVSS:([^/]*)\//.exec(input);
    throw new Cvss3Error(
      other
        ? `CVSS:${other[1].slice(0, 20)}/ is not a CVSS 3.0 or 3.1 vector.`
        : 'A CVSS 3.x vector starts with CVSS:3.1/ or CVSS:3.0/.',
    );
  }
  const version = prefix[1] as Cvss3Version;
  const rest = input.slice(prefix[0].length);
  if (rest === '') throw new Cvss3Error(`No metrics after CVSS:${version}/.`);
  const metrics: Record<string, string> = {};
  for (const part of rest.split('/')) {
    if (part === '') throw new Cvss3Error(input.endsWith('/') ? "Trailing '/'." : "Empty metric ('//').");
    const [key, value, ...extra] = part.split(':');
    const def = BY_KEY.get(key);
    if (!def) throw metricError(key.slice(0, 20), `not a CVSS ${version} metric.`);
    if (value === undefined || extra.length)
      throw metricError(key, `'${part.slice(0, 40)}' is not ${key}:VALUE.`);
    if (key in metrics) throw metricError(key, 'appears more than once.');
    if (!def.values.includes(value)) {
      throw metricError(key, `${def.name} takes ${def.values.join(', ')}, not '${value.slice(0, 20)}'.`);
    }
    metrics[key] = value;
  }
  const missing = CVSS3_METRICS.find((d) => d.group === 'base' && !(d.key in metrics));
  if (missing) throw metricError(missing.key, `the base metric ${missing.name} is missing.`);
  let vector = `CVSS:${version}`;
  for (const d of CVSS3_METRICS) {
    const value = metrics[d.key];
    if (value !== undefined && value !== 'X') vector += `/${d.key}:${value}`;
  }
  return { version, metrics, vector };
}

/** FIRST's qualitative rating (3.1 specification §5). */
export function cvss3Severity(score: number): Cvss3Severity {
  if (score >= 9) return 'Critical';
  if (score >= 7) return 'High';
  if (score >= 4) return 'Medium';
  if (score >= 0.1) return 'Low';
  return 'None';
}

export interface Cvss3Score {
  version: Cvss3Version;
  /** Normalised (see parseCvss3). */
  vector: string;
  baseScore: number;
  /** Present when a temporal metric is set (not X). */
  temporalScore: number | null;
  /** Present when an environmental metric is set (not X). */
  environmentalScore: number | null;
  /** The most specific of the three: environmental, else temporal, else base. */
  score: number;
  severity: Cvss3Severity;
  baseSeverity: Cvss3Severity;
}

/** Parses and scores a CVSS 3.1 or 3.0 vector. Throws Cvss3Error when it is invalid. */
export function scoreCvss3(input: string): Cvss3Score {
  const parsed = parseCvss3(input);
  const calculator = parsed.version === '3.1' ? new ae.Cvss3P1(parsed.vector) : new ae.Cvss3P0(parsed.vector);
  const scores = calculator.calculateScores();
  const set = (group: Cvss3Group) =>
    CVSS3_METRICS.some((d) => d.group === group && (parsed.metrics[d.key] ?? 'X') !== 'X');
  const baseScore = scores.base ?? 0;
  const temporalScore = set('temporal') ? (scores.temporal ?? baseScore) : null;
  const environmentalScore = set('environmental') ? (scores.environmental ?? null) : null;
  const score = environmentalScore ?? temporalScore ?? baseScore;
  return {
    version: parsed.version,
    vector: parsed.vector,
    baseScore,
    temporalScore,
    environmentalScore,
    score,
    severity: cvss3Severity(score),
    baseSeverity: cvss3Severity(baseScore),
  };
}
