// Exactness with threat, environmental and supplemental metrics: a seeded random sample of full
// vectors (optional metrics left out, set, or set to an explicit X) against ae-cvss-calculator.
import { Cvss4P0 } from 'ae-cvss-calculator';
import { describe, expect, it } from 'vitest';
import { cvss4MacroVector, cvss4Nomenclature, cvss4Record, parseCvss4, scoreCvss4 } from './index.ts';
import { randomFullVector, seededRandom } from './test-vectors.ts';

const SAMPLE = 20_000;
const SEED = 0x5eed_c0de;

describe(`${SAMPLE.toLocaleString('en')} seeded random full vectors`, () => {
  const random = seededRandom(SEED);
  const vectors = Array.from({ length: SAMPLE }, () => randomFullVector(random));

  it('cover every optional metric, explicit X, MSI/MSA Safety and all E values', () => {
    const all = vectors.join('\n');
    for (const fragment of [
      '/E:X',
      '/E:U',
      '/CR:X',
      '/MSI:S',
      '/MSA:S',
      '/MAV:P',
      '/U:Amber',
      '/RE:X',
      '/S:P',
    ]) {
      expect(all).toContain(fragment);
    }
  });

  it('score, macro vector and nomenclature equal ae-cvss-calculator', () => {
    const mismatches: string[] = [];
    for (const vector of vectors) {
      const reference = new Cvss4P0(vector);
      const expected = [
        reference.calculateScores().overall,
        reference.getMacroVector().toString(),
        reference.getNomenclature(),
      ];
      const actual = [scoreCvss4(vector), cvss4MacroVector(vector), cvss4Nomenclature(parseCvss4(vector))];
      if (actual.join() !== expected.join())
        mismatches.push(`${vector}: ${actual.join()} expected ${expected.join()}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(mismatches).toHaveLength(0);
  });

  it('keep supplemental metrics out of the score', () => {
    const supplemental = /\/(S|AU|R|V|RE|U):[A-Za-z]+/g;
    for (const vector of vectors.slice(0, 2_000)) {
      expect(scoreCvss4(vector.replace(supplemental, ''))).toBe(scoreCvss4(vector));
    }
  });

  it('give records whose metric fields equal the library JSON-schema record (CVE JSON 5 names)', () => {
    for (const vector of vectors.slice(0, 2_000)) {
      const expected: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(
        new Cvss4P0(vector).createJsonSchema() as Record<string, unknown>,
      )) {
        if (field === 'vectorString' || value === 'NOT_DEFINED') continue; // our record leaves X out
        // The library writes MSC/MSI/MSA 'N' as NEGLIGIBLE; CVE JSON 5 cvssV4_0 (modifiedSubCType,
        // modifiedSubIaType) names it NONE, and that schema is the one the records are stored under.
        expected[field] = field.startsWith('modifiedSub') && value === 'NEGLIGIBLE' ? 'NONE' : value;
      }
      const { vectorString: _vectorString, ...record } = cvss4Record(vector);
      expect(record, vector).toEqual(expected);
    }
  });
});
