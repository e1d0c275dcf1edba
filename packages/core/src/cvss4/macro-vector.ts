// Macro vector: the six equivalence-class levels EQ1..EQ6 of FIRST's CVSS v4.0 scoring, and what
// each level means (the calculator's breakdown shows these texts).
import {
  effectiveLevels,
  LEVEL_COUNT,
  L_AC,
  L_AR,
  L_AT,
  L_AV,
  L_CR,
  L_E,
  L_IR,
  L_PR,
  L_SA,
  L_SC,
  L_SI,
  L_UI,
  L_VA,
  L_VC,
  L_VI,
} from './levels.ts';
import { parseCvss4, type ParsedCvss4 } from './parse.ts';

export function eq1Level(l: Int32Array): number {
  const av = l[L_AV];
  const pr = l[L_PR];
  const ui = l[L_UI];
  if (av === 0 && pr === 0 && ui === 0) return 0;
  // AV:P forces level 2 even when PR or UI is N.
  if ((av === 0 || pr === 0 || ui === 0) && av !== 3) return 1;
  return 2;
}

export function eq2Level(l: Int32Array): number {
  return l[L_AC] === 0 && l[L_AT] === 0 ? 0 : 1;
}

export function eq3Level(l: Int32Array): number {
  const vc = l[L_VC];
  const vi = l[L_VI];
  // Level 0 needs only VC:H and VI:H; VA does not matter.
  if (vc === 0 && vi === 0) return 0;
  if (vc === 0 || vi === 0 || l[L_VA] === 0) return 1;
  return 2;
}

export function eq4Level(l: Int32Array): number {
  if (l[L_SI] === 0 || l[L_SA] === 0) return 0; // MSI:S or MSA:S
  if (l[L_SC] === 1 || l[L_SI] === 1 || l[L_SA] === 1) return 1;
  return 2;
}

export function eq5Level(l: Int32Array): number {
  return l[L_E];
}

export function eq6Level(l: Int32Array): number {
  return (l[L_CR] === 0 && l[L_VC] === 0) ||
    (l[L_IR] === 0 && l[L_VI] === 0) ||
    (l[L_AR] === 0 && l[L_VA] === 0)
    ? 0
    : 1;
}

export type Cvss4EqName = 'EQ1' | 'EQ2' | 'EQ3' | 'EQ4' | 'EQ5' | 'EQ6';

export interface Cvss4EqDescription {
  readonly eq: Cvss4EqName;
  /** What the equivalence class groups, e.g. 'Exploitability (AV, PR, UI)'. */
  readonly title: string;
  /** Condition of each level, index = level. */
  readonly levels: readonly string[];
}

/** FIRST's definitions of the EQ levels (CVSS v4.0 specification, table 24). */
export const CVSS4_EQ_DESCRIPTIONS: readonly Cvss4EqDescription[] = [
  {
    eq: 'EQ1',
    title: 'Exploitability: Attack Vector, Privileges Required, User Interaction (AV, PR, UI)',
    levels: [
      'AV:N and PR:N and UI:N',
      '(AV:N or PR:N or UI:N) and not (AV:N and PR:N and UI:N) and not AV:P',
      'AV:P or not (AV:N or PR:N or UI:N)',
    ],
  },
  {
    eq: 'EQ2',
    title: 'Exploitability: Attack Complexity, Attack Requirements (AC, AT)',
    levels: ['AC:L and AT:N', 'not (AC:L and AT:N)'],
  },
  {
    eq: 'EQ3',
    title: 'Vulnerable System impact (VC, VI, VA)',
    levels: ['VC:H and VI:H', 'not (VC:H and VI:H) and (VC:H or VI:H or VA:H)', 'not (VC:H or VI:H or VA:H)'],
  },
  {
    eq: 'EQ4',
    title: 'Subsequent System impact (SC, SI, SA; MSI/MSA Safety)',
    levels: [
      'MSI:S or MSA:S',
      'not (MSI:S or MSA:S) and (SC:H or SI:H or SA:H)',
      'not (MSI:S or MSA:S) and not (SC:H or SI:H or SA:H)',
    ],
  },
  {
    eq: 'EQ5',
    title: 'Exploit Maturity (E; not defined counts as Attacked)',
    levels: ['E:A', 'E:P', 'E:U'],
  },
  {
    eq: 'EQ6',
    title: 'Security Requirements with Vulnerable System impact (CR, IR, AR; not defined counts as High)',
    levels: [
      '(CR:H and VC:H) or (IR:H and VI:H) or (AR:H and VA:H)',
      'not (CR:H and VC:H) and not (IR:H and VI:H) and not (AR:H and VA:H)',
    ],
  },
];

export type Cvss4EqLevels = readonly [
  eq1: number,
  eq2: number,
  eq3: number,
  eq4: number,
  eq5: number,
  eq6: number,
];

/** The six EQ levels of a vector (string or parsed), e.g. [0, 0, 0, 1, 0, 0]. */
export function cvss4EqLevels(vector: string | ParsedCvss4): Cvss4EqLevels {
  const { indices } = typeof vector === 'string' ? parseCvss4(vector) : vector;
  const l = new Int32Array(LEVEL_COUNT);
  effectiveLevels(indices, l);
  return [eq1Level(l), eq2Level(l), eq3Level(l), eq4Level(l), eq5Level(l), eq6Level(l)];
}

/** Six-digit macro vector of a vector (string or parsed), e.g. '000100'. Throws when invalid. */
export function cvss4MacroVector(vector: string | ParsedCvss4): string {
  return cvss4EqLevels(vector).join('');
}
