// Exactness with threat, environmental and supplemental metrics: a seeded random sample of full
// vectors (optional metrics left out, set, or set to an explicit X) against ae-cvss-calculator — through
// its golden table (golden/, `npm run golden:cvss4`) for the seeded 20,000, and live for a fresh random
// sample on every run.
import ae from 'ae-cvss-calculator';
import { describe, expect, it } from 'vitest';
import { cvss4MacroVector, cvss4Nomenclature, cvss4Record, parseCvss4, scoreCvss4 } from './index.ts';
import { randomFullVector, seededRandom } from '../../testing/cvss4/test-vectors.ts';
import {
  FULL_GOLDEN,
  FULL_SAMPLE,
  fullVectors,
  readGolden,
  referenceLine,
} from '../../testing/cvss4/golden/oracle.ts';

const { Cvss4P0 } = ae;
const SAMPLE = FULL_SAMPLE;

const ours = (vector: string) =>
  [scoreCvss4(vector), cvss4MacroVector(vector), cvss4Nomenclature(parseCvss4(vector))].join(' ');

describe(`${SAMPLE.toLocaleString('en')} seeded random full vectors`, () => {
  const vectors = fullVectors();
  const golden = readGolden(FULL_GOLDEN);

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

  it('score, macro vector and nomenclature equal the golden table (ae-cvss-calculator)', () => {
    expect(golden.header).toContain(`${SAMPLE} seeded`);
    expect(golden.lines).toHaveLength(SAMPLE);
    const mismatches: string[] = [];
    vectors.forEach((vector, i) => {
      const actual = ours(vector);
      if (actual !== golden.lines[i]) mismatches.push(`${vector}: ${actual} expected ${golden.lines[i]}`);
    });
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(mismatches).toHaveLength(0);
  });

  it('equal ae-cvss-calculator live on a fresh random sample of 2,000', () => {
    const seed = Math.floor(Math.random() * 2 ** 32);
    const random = seededRandom(seed);
    const mismatches: string[] = [];
    for (let n = 0; n < 2_000; n++) {
      const vector = randomFullVector(random);
      const expected = referenceLine(vector);
      if (ours(vector) !== expected) mismatches.push(`${vector}: ${ours(vector)} expected ${expected}`);
    }
    expect(mismatches.slice(0, 10), `sample seed ${seed}`).toEqual([]);
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
