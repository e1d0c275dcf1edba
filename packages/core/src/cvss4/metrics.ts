// CVSS v4.0 metric definitions: keys, full names, values and their JSON-schema names.
//
// The order of CVSS4_METRICS is FIRST's fixed vector order, and a metric's position in it is its
// integer index everywhere in the engine (parsed vectors are Uint8Arrays indexed by it).
// Value order matters too: a value's position is its index in that array. Base values are listed
// from most to least severe (SPEC §9 order), and optional metrics put X (Not Defined) first so that
// index 0 always means "not defined". score.ts relies on both orders to turn indices into FIRST's
// severity levels with plain arithmetic.

export type Cvss4MetricGroup = 'base' | 'threat' | 'environmental' | 'supplemental';

export interface Cvss4MetricValueDefinition {
  /** Code used in the vector string, e.g. 'N'. */
  readonly code: string;
  /** Human name, e.g. 'Network'. */
  readonly name: string;
  /** Name in the CVSS 4.0 JSON schema / CVE JSON 5 cvssV4_0, e.g. 'NETWORK'. */
  readonly json: string;
}

export interface Cvss4MetricDefinition {
  readonly key: string;
  readonly name: string;
  /** Property name in the CVSS 4.0 JSON schema / CVE JSON 5 cvssV4_0. */
  readonly field: string;
  readonly group: Cvss4MetricGroup;
  readonly values: readonly Cvss4MetricValueDefinition[];
}

const X = { code: 'X', name: 'Not Defined', json: 'NOT_DEFINED' } as const;
const AV_VALUES = [
  { code: 'N', name: 'Network', json: 'NETWORK' },
  { code: 'A', name: 'Adjacent', json: 'ADJACENT' },
  { code: 'L', name: 'Local', json: 'LOCAL' },
  { code: 'P', name: 'Physical', json: 'PHYSICAL' },
] as const;
const AC_VALUES = [
  { code: 'L', name: 'Low', json: 'LOW' },
  { code: 'H', name: 'High', json: 'HIGH' },
] as const;
const AT_VALUES = [
  { code: 'N', name: 'None', json: 'NONE' },
  { code: 'P', name: 'Present', json: 'PRESENT' },
] as const;
const PR_VALUES = [
  { code: 'N', name: 'None', json: 'NONE' },
  { code: 'L', name: 'Low', json: 'LOW' },
  { code: 'H', name: 'High', json: 'HIGH' },
] as const;
const UI_VALUES = [
  { code: 'N', name: 'None', json: 'NONE' },
  { code: 'P', name: 'Passive', json: 'PASSIVE' },
  { code: 'A', name: 'Active', json: 'ACTIVE' },
] as const;
const IMPACT_VALUES = [
  { code: 'H', name: 'High', json: 'HIGH' },
  { code: 'L', name: 'Low', json: 'LOW' },
  { code: 'N', name: 'None', json: 'NONE' },
] as const;
// Only MSI and MSA take S (Safety); base SI/SA and MSC do not (FIRST rejects SI:S).
const SAFETY_IMPACT_VALUES = [X, { code: 'S', name: 'Safety', json: 'SAFETY' }, ...IMPACT_VALUES] as const;
const REQUIREMENT_VALUES = [
  X,
  { code: 'H', name: 'High', json: 'HIGH' },
  { code: 'M', name: 'Medium', json: 'MEDIUM' },
  { code: 'L', name: 'Low', json: 'LOW' },
] as const;

export const CVSS4_METRICS = [
  { key: 'AV', name: 'Attack Vector', field: 'attackVector', group: 'base', values: AV_VALUES },
  { key: 'AC', name: 'Attack Complexity', field: 'attackComplexity', group: 'base', values: AC_VALUES },
  { key: 'AT', name: 'Attack Requirements', field: 'attackRequirements', group: 'base', values: AT_VALUES },
  { key: 'PR', name: 'Privileges Required', field: 'privilegesRequired', group: 'base', values: PR_VALUES },
  { key: 'UI', name: 'User Interaction', field: 'userInteraction', group: 'base', values: UI_VALUES },
  {
    key: 'VC',
    name: 'Vulnerable System Confidentiality Impact',
    field: 'vulnConfidentialityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'VI',
    name: 'Vulnerable System Integrity Impact',
    field: 'vulnIntegrityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'VA',
    name: 'Vulnerable System Availability Impact',
    field: 'vulnAvailabilityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'SC',
    name: 'Subsequent System Confidentiality Impact',
    field: 'subConfidentialityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'SI',
    name: 'Subsequent System Integrity Impact',
    field: 'subIntegrityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'SA',
    name: 'Subsequent System Availability Impact',
    field: 'subAvailabilityImpact',
    group: 'base',
    values: IMPACT_VALUES,
  },
  {
    key: 'E',
    name: 'Exploit Maturity',
    field: 'exploitMaturity',
    group: 'threat',
    values: [
      X,
      { code: 'A', name: 'Attacked', json: 'ATTACKED' },
      { code: 'P', name: 'POC', json: 'PROOF_OF_CONCEPT' },
      { code: 'U', name: 'Unreported', json: 'UNREPORTED' },
    ],
  },
  {
    key: 'CR',
    name: 'Confidentiality Requirements',
    field: 'confidentialityRequirement',
    group: 'environmental',
    values: REQUIREMENT_VALUES,
  },
  {
    key: 'IR',
    name: 'Integrity Requirements',
    field: 'integrityRequirement',
    group: 'environmental',
    values: REQUIREMENT_VALUES,
  },
  {
    key: 'AR',
    name: 'Availability Requirements',
    field: 'availabilityRequirement',
    group: 'environmental',
    values: REQUIREMENT_VALUES,
  },
  {
    key: 'MAV',
    name: 'Modified Attack Vector',
    field: 'modifiedAttackVector',
    group: 'environmental',
    values: [X, ...AV_VALUES],
  },
  {
    key: 'MAC',
    name: 'Modified Attack Complexity',
    field: 'modifiedAttackComplexity',
    group: 'environmental',
    values: [X, ...AC_VALUES],
  },
  {
    key: 'MAT',
    name: 'Modified Attack Requirements',
    field: 'modifiedAttackRequirements',
    group: 'environmental',
    values: [X, ...AT_VALUES],
  },
  {
    key: 'MPR',
    name: 'Modified Privileges Required',
    field: 'modifiedPrivilegesRequired',
    group: 'environmental',
    values: [X, ...PR_VALUES],
  },
  {
    key: 'MUI',
    name: 'Modified User Interaction',
    field: 'modifiedUserInteraction',
    group: 'environmental',
    values: [X, ...UI_VALUES],
  },
  {
    key: 'MVC',
    name: 'Modified Vulnerable System Confidentiality',
    field: 'modifiedVulnConfidentialityImpact',
    group: 'environmental',
    values: [X, ...IMPACT_VALUES],
  },
  {
    key: 'MVI',
    name: 'Modified Vulnerable System Integrity',
    field: 'modifiedVulnIntegrityImpact',
    group: 'environmental',
    values: [X, ...IMPACT_VALUES],
  },
  {
    key: 'MVA',
    name: 'Modified Vulnerable System Availability',
    field: 'modifiedVulnAvailabilityImpact',
    group: 'environmental',
    values: [X, ...IMPACT_VALUES],
  },
  {
    key: 'MSC',
    name: 'Modified Subsequent System Confidentiality',
    field: 'modifiedSubConfidentialityImpact',
    group: 'environmental',
    values: [X, ...IMPACT_VALUES],
  },
  {
    key: 'MSI',
    name: 'Modified Subsequent System Integrity',
    field: 'modifiedSubIntegrityImpact',
    group: 'environmental',
    values: SAFETY_IMPACT_VALUES,
  },
  {
    key: 'MSA',
    name: 'Modified Subsequent System Availability',
    field: 'modifiedSubAvailabilityImpact',
    group: 'environmental',
    values: SAFETY_IMPACT_VALUES,
  },
  {
    key: 'S',
    name: 'Safety',
    field: 'Safety',
    group: 'supplemental',
    values: [
      X,
      { code: 'N', name: 'Negligible', json: 'NEGLIGIBLE' },
      { code: 'P', name: 'Present', json: 'PRESENT' },
    ],
  },
  {
    key: 'AU',
    name: 'Automatable',
    field: 'Automatable',
    group: 'supplemental',
    values: [X, { code: 'N', name: 'No', json: 'NO' }, { code: 'Y', name: 'Yes', json: 'YES' }],
  },
  {
    key: 'R',
    name: 'Recovery',
    field: 'Recovery',
    group: 'supplemental',
    values: [
      X,
      { code: 'A', name: 'Automatic', json: 'AUTOMATIC' },
      { code: 'U', name: 'User', json: 'USER' },
      { code: 'I', name: 'Irrecoverable', json: 'IRRECOVERABLE' },
    ],
  },
  {
    key: 'V',
    name: 'Value Density',
    field: 'valueDensity',
    group: 'supplemental',
    values: [
      X,
      { code: 'D', name: 'Diffuse', json: 'DIFFUSE' },
      { code: 'C', name: 'Concentrated', json: 'CONCENTRATED' },
    ],
  },
  {
    key: 'RE',
    name: 'Vulnerability Response Effort',
    field: 'vulnerabilityResponseEffort',
    group: 'supplemental',
    values: [
      X,
      { code: 'L', name: 'Low', json: 'LOW' },
      { code: 'M', name: 'Moderate', json: 'MODERATE' },
      { code: 'H', name: 'High', json: 'HIGH' },
    ],
  },
  {
    key: 'U',
    name: 'Provider Urgency',
    field: 'providerUrgency',
    group: 'supplemental',
    values: [
      X,
      { code: 'Clear', name: 'Clear', json: 'CLEAR' },
      { code: 'Green', name: 'Green', json: 'GREEN' },
      { code: 'Amber', name: 'Amber', json: 'AMBER' },
      { code: 'Red', name: 'Red', json: 'RED' },
    ],
  },
] as const satisfies readonly Cvss4MetricDefinition[];

type MetricDef = (typeof CVSS4_METRICS)[number];
export type Cvss4MetricKey = MetricDef['key'];
export type Cvss4BaseMetricKey = Extract<MetricDef, { group: 'base' }>['key'];
/** Value codes of one metric, e.g. Cvss4MetricValue<'AV'> = 'N' | 'A' | 'L' | 'P'. */
export type Cvss4MetricValue<K extends Cvss4MetricKey> = Extract<
  MetricDef,
  { key: K }
>['values'][number]['code'];

/** Number of metrics in a vector (11 base + 1 threat + 14 environmental + 6 supplemental). */
export const CVSS4_METRIC_COUNT = CVSS4_METRICS.length;
/** Base metrics come first; indices 0..10. */
export const CVSS4_BASE_METRIC_COUNT = 11;

export const CVSS4_METRIC_KEYS: readonly Cvss4MetricKey[] = CVSS4_METRICS.map((m) => m.key);
export const CVSS4_BASE_METRICS: readonly Cvss4BaseMetricKey[] = CVSS4_METRICS.slice(
  0,
  CVSS4_BASE_METRIC_COUNT,
).map((m) => m.key as Cvss4BaseMetricKey);

// Builds a per-metric record; typed through a loop because Object.fromEntries loses the key type.
function byMetric<T>(value: (def: Cvss4MetricDefinition, index: number) => T): Record<Cvss4MetricKey, T> {
  const out = {} as Record<Cvss4MetricKey, T>;
  CVSS4_METRICS.forEach((def, index) => {
    out[def.key] = value(def, index);
  });
  return out;
}

/** Metric index by key, e.g. CVSS4_METRIC_INDEX.AV === 0. */
export const CVSS4_METRIC_INDEX: Readonly<Record<Cvss4MetricKey, number>> = byMetric((_def, index) => index);

export function cvss4MetricDefinition(key: Cvss4MetricKey): Cvss4MetricDefinition {
  return CVSS4_METRICS[CVSS4_METRIC_INDEX[key]];
}

export function isCvss4MetricKey(key: string): key is Cvss4MetricKey {
  return Object.hasOwn(CVSS4_METRIC_INDEX, key);
}

/** Label used by the calculator, e.g. 'Attack Vector (AV)'. */
export function cvss4MetricLabel(key: Cvss4MetricKey): string {
  return `${cvss4MetricDefinition(key).name} (${key})`;
}

export interface Cvss4MetricOption {
  readonly value: string;
  /** e.g. 'Network (N)' */
  readonly label: string;
}

export interface Cvss4BaseMetricOptions {
  readonly key: Cvss4BaseMetricKey;
  /** e.g. 'Attack Vector (AV)' */
  readonly label: string;
  readonly options: readonly Cvss4MetricOption[];
}

/** The 11 base metrics with their options in SPEC §9 order, as the calculator shows them. */
export const CVSS4_BASE_METRIC_OPTIONS: readonly Cvss4BaseMetricOptions[] = CVSS4_BASE_METRICS.map((key) => ({
  key,
  label: cvss4MetricLabel(key),
  options: cvss4MetricDefinition(key).values.map((v) => ({ value: v.code, label: `${v.name} (${v.code})` })),
}));

/** Every metric's value codes, X first for optional metrics (SPEC §9). */
export const CVSS4_METRIC_VALUES: Readonly<Record<Cvss4MetricKey, readonly string[]>> = byMetric((def) =>
  def.values.map((v) => v.code),
);
