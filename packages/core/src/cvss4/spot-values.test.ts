// FIRST calculator spot values from the reference notes (cvss4.md), including the rounding trap
// and each threat/environmental pitfall, plus the shape of the 270-entry lookup table.
import { describe, expect, it } from 'vitest';
import {
  CVSS4_MACRO_VECTOR_SCORES,
  cvss4MacroVector,
  cvss4Record,
  cvss4Severity,
  scoreCvss4,
} from './index.ts';
import { MACRO_VECTOR_STRINGS } from './macro-index.ts';

const ROW1 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H';
const ROW2 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
const ROW3 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N';

// [vector, macro vector, score, severity]
const SPOT_VALUES: [string, string, number, string][] = [
  [ROW1, '000100', 10.0, 'CRITICAL'],
  [ROW2, '000200', 9.3, 'CRITICAL'],
  [ROW3, '002201', 0.0, 'NONE'],
  ['CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:L/VI:L/VA:L/SC:L/SI:L/SA:L', '212201', 1.0, 'LOW'],
  // Pre-rounding value is 8.55 exactly; naive float rounding gives 8.5.
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H', '101100', 8.6, 'HIGH'],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', '100200', 8.5, 'HIGH'],
  ['CVSS:4.0/AV:A/AC:H/AT:P/PR:L/UI:P/VC:H/VI:H/VA:H/SC:L/SI:L/SA:L', '210200', 5.4, 'MEDIUM'],
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:H/SC:H/SI:N/SA:N', '011100', 9.0, 'CRITICAL'],
  [`${ROW1}/E:U`, '000120', 9.1, 'CRITICAL'],
  [`${ROW1}/E:P`, '000110', 9.3, 'CRITICAL'],
  [`${ROW2}/CR:L/IR:L/AR:L`, '000201', 8.9, 'HIGH'],
  [`${ROW2}/MSI:S`, '000000', 10.0, 'CRITICAL'],
  [`${ROW2}/MAV:P`, '200200', 7.0, 'HIGH'],
  [`${ROW2}/S:P/AU:Y/R:I/V:C/RE:H/U:Red`, '000200', 9.3, 'CRITICAL'],
  [`${ROW3}/MVC:H`, '001200', 8.7, 'HIGH'],
  [`${ROW1}/MVC:N/MVI:N/MVA:N/MSC:N/MSI:N/MSA:N`, '002201', 0.0, 'NONE'],
];

describe('spot values of the FIRST calculator', () => {
  it.each(SPOT_VALUES)('%s → %s, %d, %s', (vector, macro, score, severity) => {
    expect(scoreCvss4(vector)).toBe(score);
    expect(cvss4MacroVector(vector)).toBe(macro);
    expect(cvss4Severity(score)).toBe(severity);
    expect(cvss4Record(vector)).toMatchObject({ baseScore: score, baseSeverity: severity, version: '4.0' });
  });

  it('treat explicit X exactly like a left-out metric', () => {
    const allX = `${ROW2}/E:X/CR:X/IR:X/AR:X/MAV:X/MAC:X/MAT:X/MPR:X/MUI:X/MVC:X/MVI:X/MVA:X/MSC:X/MSI:X/MSA:X/S:X/AU:X/R:X/V:X/RE:X/U:X`;
    expect(scoreCvss4(allX)).toBe(9.3);
    expect(cvss4MacroVector(allX)).toBe('000200');
  });
});

describe('macro-vector lookup table', () => {
  it('has exactly the 270 reachable macro vectors (EQ3/EQ6 never 20)', () => {
    const keys = Object.keys(CVSS4_MACRO_VECTOR_SCORES);
    expect(keys).toHaveLength(270);
    expect(new Set(keys)).toEqual(new Set(MACRO_VECTOR_STRINGS));
    expect(keys.some((k) => k[2] === '2' && k[5] === '0')).toBe(false);
  });

  it('holds one-decimal scores from 0.1 to 10', () => {
    const values = Object.values(CVSS4_MACRO_VECTOR_SCORES);
    expect(Math.min(...values)).toBe(0.1);
    expect(Math.max(...values)).toBe(10);
    expect(values.every((v) => Math.round(v * 10) / 10 === v)).toBe(true);
  });
});

describe('severity bands (SPEC §4)', () => {
  it.each([
    [0, 'NONE'],
    [0.1, 'LOW'],
    [3.9, 'LOW'],
    [4.0, 'MEDIUM'],
    [6.9, 'MEDIUM'],
    [7.0, 'HIGH'],
    [8.9, 'HIGH'],
    [9.0, 'CRITICAL'],
    [10, 'CRITICAL'],
  ])('%d is %s', (score, severity) => {
    expect(cvss4Severity(score)).toBe(severity);
  });
});
