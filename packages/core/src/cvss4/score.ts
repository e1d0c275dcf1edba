// FIRST's CVSS v4.0 score, computed exactly in integers.
//
// Everything is in tenths: table values, per-metric distances (FIRST's 0.1 steps) and EQ depths.
// FIRST's score is value - mean(term_i) with term_i = (value - lower_i) * distance_i / depth_i.
// Multiplied by 840·n (840 = lcm of all depths, n = number of EQs with a lower macro vector) this is
// an integer, so the final round-half-up is exact: no float can land on 8.549999999999999 instead
// of 8.55 (the trap that makes naive rounding wrong on 522 base vectors). It agrees with FIRST's
// Math.round((x + 1e-6) * 10) / 10 on every vector (see cvss4.md, Rounding).
//
// The hot path allocates nothing: levels go into a reused buffer, the table is a Uint8Array.
import {
  effectiveLevels,
  LEVEL_COUNT,
  L_AC,
  L_AT,
  L_AV,
  L_AR,
  L_CR,
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
import { eq1Level, eq2Level, eq3Level, eq4Level, eq5Level, eq6Level } from './macro-vector.ts';
import { eq36Joint, MACRO_VECTOR_TENTHS as TABLE } from './macro-index.ts';
import { CVSS4_METRIC_COUNT } from './metrics.ts';
import { parseCvss4Into } from './parse.ts';

const levels = new Int32Array(LEVEL_COUNT);

// Level sums of FIRST's "highest severity vectors" per EQ level. All candidates of one level have
// the same sum, and only sums enter the score, so no search over candidates is needed.
const EQ1_MAX_SUM = [0, 1, 3];
const EQ2_MAX_SUM = [0, 1];
const EQ36_MAX_SUM = [0, 3, 1, 3, 3]; // by joint index 00, 01, 10, 11, 21
const EQ4_MAX_SUM = [1, 3, 6];
// 840 / depth, where depth is FIRST's "max severity" of the level in 0.1 steps:
// EQ1 1,4,5; EQ2 1,2; EQ3+EQ6 7,6,8,8,10; EQ4 6,5,4.
const LCM = 840;
const EQ1_WEIGHT = [840, 210, 168];
const EQ2_WEIGHT = [840, 420];
const EQ36_WEIGHT = [120, 140, 105, 105, 84];
const EQ4_WEIGHT = [140, 168, 210];

/**
 * Score of a parsed vector in tenths (0..100), from value indices in CVSS4_METRICS order
 * (see parseCvss4Into). This is the fast path: no strings, no allocation.
 */
export function scoreCvss4Tenths(idx: ArrayLike<number>): number {
  const l = levels;
  effectiveLevels(idx, l);
  const vc = l[L_VC];
  const vi = l[L_VI];
  const va = l[L_VA];
  // No impact at all (on the effective values) scores 0 whatever the rest is.
  if (vc === 2 && vi === 2 && va === 2 && l[L_SC] === 3 && l[L_SI] === 3 && l[L_SA] === 3) return 0;

  const eq1 = eq1Level(l);
  const eq2 = eq2Level(l);
  const eq4 = eq4Level(l);
  const eq5 = eq5Level(l);
  const j36 = eq36Joint(eq3Level(l), eq6Level(l));
  const macro = eq1 * 90 + eq2 * 45 + j36 * 9 + eq4 * 3 + eq5;
  const value = TABLE[macro];

  // An EQ whose next lower macro vector does not exist (its digit is already the last level)
  // contributes no term and does not count in n. Every other lower macro vector is in the table.
  let n = 0;
  let sum = 0;
  if (eq1 < 2) {
    const d = l[L_AV] + l[L_PR] + l[L_UI] - EQ1_MAX_SUM[eq1];
    sum += (value - TABLE[macro + 90]) * d * EQ1_WEIGHT[eq1];
    n++;
  }
  if (eq2 < 1) {
    const d = l[L_AC] + l[L_AT] - EQ2_MAX_SUM[eq2];
    sum += (value - TABLE[macro + 45]) * d * EQ2_WEIGHT[eq2];
    n++;
  }
  if (j36 < 4) {
    // EQ3 and EQ6 step together: 00 -> max(01, 10), 01 -> 11, 10 -> 11, 11 -> 21, 21 -> none.
    const lower =
      j36 === 0 ? Math.max(TABLE[macro + 9], TABLE[macro + 18]) : TABLE[macro + (j36 === 1 ? 18 : 9)];
    const d = vc + vi + va + l[L_CR] + l[L_IR] + l[L_AR] - EQ36_MAX_SUM[j36];
    sum += (value - lower) * d * EQ36_WEIGHT[j36];
    n++;
  }
  if (eq4 < 2) {
    const d = l[L_SC] + l[L_SI] + l[L_SA] - EQ4_MAX_SUM[eq4];
    sum += (value - TABLE[macro + 3]) * d * EQ4_WEIGHT[eq4];
    n++;
  }
  // EQ5's distance is always 0, so its term is 0, but it still counts in the mean (E:A, E:P, E:X).
  if (eq5 < 2) n++;
  if (n === 0) return value;

  // score·10 = value - sum / (840·n); round half up exactly: floor(x + 1/2) = floor((2·num + den) / (2·den)).
  const den = LCM * n;
  const num = value * den - sum;
  const tenths = Math.floor((2 * num + den) / (2 * den));
  return tenths < 0 ? 0 : tenths > 100 ? 100 : tenths;
}

/** Score (0.0..10.0, one decimal) of value indices in CVSS4_METRICS order. */
export function scoreCvss4Indices(idx: ArrayLike<number>): number {
  return scoreCvss4Tenths(idx) / 10;
}

const parsed = new Uint8Array(CVSS4_METRIC_COUNT);

/**
 * Score of a whole CVSS v4.0 vector (base, threat and environmental metrics; supplemental metrics
 * never change it), 0.0..10.0 rounded to one decimal. Throws Cvss4Error on an invalid vector.
 */
export function scoreCvss4(vector: string): number {
  parseCvss4Into(vector, parsed);
  return scoreCvss4Tenths(parsed) / 10;
}
