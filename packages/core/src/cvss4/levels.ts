// Effective severity levels of a parsed vector, in FIRST's 0.1 steps (0 = most severe).
//
// A modified metric other than X replaces its base metric everywhere (macro vector, distances and
// the "no impact" test). E:X counts as A and CR/IR/AR:X as H: FIRST takes the worst case.
// Index arithmetic depends on the value order in metrics.ts (base values most severe first,
// optional metrics with X at index 0).

/** Slots of a levels array. */
export const L_AV = 0; // N0 A1 L2 P3
export const L_AC = 1; // L0 H1
export const L_AT = 2; // N0 P1
export const L_PR = 3; // N0 L1 H2
export const L_UI = 4; // N0 P1 A2
export const L_VC = 5; // H0 L1 N2
export const L_VI = 6;
export const L_VA = 7;
export const L_SC = 8; // H1 L2 N3
export const L_SI = 9; // S0 H1 L2 N3
export const L_SA = 10;
export const L_E = 11; // A0 P1 U2
export const L_CR = 12; // H0 M1 L2
export const L_IR = 13;
export const L_AR = 14;
export const LEVEL_COUNT = 15;

// Metric indices (see CVSS4_METRICS order).
const E = 11;
const CR = 12;
const MAV = 15;
const MSC = 23;
const MSI = 24;
const MSA = 25;

/**
 * Writes the effective levels of `idx` (value indices in CVSS4_METRICS order) into `out`.
 * Allocation-free: the hot scoring path calls it with a reused buffer.
 */
export function effectiveLevels(idx: ArrayLike<number>, out: Int32Array): void {
  // AV AC AT PR UI VC VI VA: modified values are shifted by one because of X at index 0.
  for (let m = 0; m < 8; m++) {
    const modified = idx[MAV + m];
    out[m] = modified !== 0 ? modified - 1 : idx[m];
  }
  // SC/SI/SA start at level 1 (H), because level 0 is Safety, which only MSI/MSA can take.
  const msc = idx[MSC];
  out[L_SC] = msc !== 0 ? msc : idx[8] + 1;
  const msi = idx[MSI];
  out[L_SI] = msi !== 0 ? msi - 1 : idx[9] + 1;
  const msa = idx[MSA];
  out[L_SA] = msa !== 0 ? msa - 1 : idx[10] + 1;
  // E, CR, IR, AR: X (index 0) is the worst case, which is level 0 like A or H.
  const e = idx[E];
  out[L_E] = e !== 0 ? e - 1 : 0;
  for (let m = 0; m < 3; m++) {
    const req = idx[CR + m];
    out[L_CR + m] = req !== 0 ? req - 1 : 0;
  }
}
