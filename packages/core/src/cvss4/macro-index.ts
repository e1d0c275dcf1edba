// Dense integer index of a macro vector, so the hot path looks scores up in a typed array instead
// of building six-digit strings. Index = eq1*90 + eq2*45 + j*9 + eq4*3 + eq5, where j numbers the
// five reachable EQ3/EQ6 pairs 00, 01, 10, 11, 21 (20 cannot occur: EQ3 level 2 means no H among
// VC/VI/VA, so EQ6 is 1).
import { CVSS4_MACRO_VECTOR_SCORES } from './lookup-table.ts';

export const MACRO_VECTOR_COUNT = 270;

export function eq36Joint(eq3: number, eq6: number): number {
  return eq3 === 2 ? 4 : eq3 * 2 + eq6;
}

export function macroIndex(
  eq1: number,
  eq2: number,
  eq3: number,
  eq4: number,
  eq5: number,
  eq6: number,
): number {
  return eq1 * 90 + eq2 * 45 + eq36Joint(eq3, eq6) * 9 + eq4 * 3 + eq5;
}

/** Six-digit macro vector of each index, e.g. MACRO_VECTOR_STRINGS[0] === '000000'. */
export const MACRO_VECTOR_STRINGS: readonly string[] = buildStrings();

/** FIRST's table in tenths (0.1 -> 1, 10.0 -> 100), by macro index. */
export const MACRO_VECTOR_TENTHS: Uint8Array = buildTenths();

function buildStrings(): string[] {
  const out: string[] = new Array<string>(MACRO_VECTOR_COUNT);
  const pairs = ['00', '01', '10', '11', '21'];
  for (let eq1 = 0; eq1 < 3; eq1++)
    for (let eq2 = 0; eq2 < 2; eq2++)
      for (let j = 0; j < 5; j++)
        for (let eq4 = 0; eq4 < 3; eq4++)
          for (let eq5 = 0; eq5 < 3; eq5++) {
            const [eq3, eq6] = pairs[j];
            out[eq1 * 90 + eq2 * 45 + j * 9 + eq4 * 3 + eq5] = `${eq1}${eq2}${eq3}${eq4}${eq5}${eq6}`;
          }
  return out;
}

function buildTenths(): Uint8Array {
  const out = new Uint8Array(MACRO_VECTOR_COUNT);
  MACRO_VECTOR_STRINGS.forEach((macro, i) => {
    const score = CVSS4_MACRO_VECTOR_SCORES[macro];
    // Fail at load time rather than score silently wrong if the table were ever damaged.
    if (score === undefined) throw new Error(`CVSS v4.0 lookup table lacks macro vector ${macro}`);
    out[i] = Math.round(score * 10);
  });
  return out;
}
