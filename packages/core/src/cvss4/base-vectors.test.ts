// Exactness over the whole base space: every one of the 104,976 base vectors must score exactly as
// ae-cvss-calculator (which matches FIRST's calculator on all of them) and have its macro vector. The
// calculator's answers for all of them are a checked-in golden table (golden/, `npm run golden:cvss4`),
// so the whole space costs a second; a fresh random sample is still checked against the calculator live
// on every run, and the table must come from the installed calculator.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cvss4MacroVector,
  cvss4Nomenclature,
  cvss4Severity,
  parseCvss4,
  scoreCvss4,
  scoreCvss4Indices,
} from './index.ts';
import { allBaseVectors, seededRandom } from '../../testing/cvss4/test-vectors.ts';
import { BASE_GOLDEN, goldenHeader, readGolden, referenceLine } from '../../testing/cvss4/golden/oracle.ts';

const ours = (vector: string) =>
  [scoreCvss4(vector), cvss4MacroVector(vector), cvss4Nomenclature(parseCvss4(vector))].join(' ');

const installedVersion = (
  JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('ae-cvss-calculator/package.json'), 'utf8'),
  ) as { version: string }
).version;

describe('all 104,976 base vectors', () => {
  const vectors = [...allBaseVectors()];
  const golden = readGolden(BASE_GOLDEN);

  it('are enumerated completely and without repeats', () => {
    expect(vectors).toHaveLength(104_976);
    expect(new Set(vectors).size).toBe(104_976);
  });

  it('have a golden table written by the installed ae-cvss-calculator, one line per vector', () => {
    expect(golden.header).toBe(goldenHeader('base', installedVersion));
    expect(golden.lines).toHaveLength(vectors.length);
  });

  it('score, macro vector and nomenclature equal the golden table on every vector', () => {
    const mismatches: string[] = [];
    vectors.forEach((vector, i) => {
      // Exact equality of the printed number: 8.600000000000001 would be wrong even though it shows as 8.6.
      const actual = ours(vector);
      if (actual !== golden.lines[i]) mismatches.push(`${vector}: ${actual}, expected ${golden.lines[i]}`);
    });
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(mismatches).toHaveLength(0);
  });

  it('equal ae-cvss-calculator live on a fresh random sample of 3,000', () => {
    const seed = Math.floor(Math.random() * 2 ** 32);
    const random = seededRandom(seed);
    const mismatches: string[] = [];
    for (let n = 0; n < 3_000; n++) {
      const vector = vectors[Math.floor(random() * vectors.length)];
      const expected = referenceLine(vector);
      if (ours(vector) !== expected) mismatches.push(`${vector}: ${ours(vector)}, expected ${expected}`);
    }
    expect(mismatches.slice(0, 10), `sample seed ${seed}`).toEqual([]);
  });

  it('score the same through the numeric fast path as through the string', () => {
    let differ = 0;
    for (const vector of vectors) {
      if (scoreCvss4Indices(parseCvss4(vector).indices) !== scoreCvss4(vector)) differ++;
    }
    expect(differ).toBe(0);
  });

  it('have the distribution FIRST gives (counts per band, 63 distinct scores from 0 to 10)', () => {
    const bands: Record<string, number> = {};
    const distinct = new Set<number>();
    let lowestNonZero = 10;
    for (const vector of vectors) {
      const score = scoreCvss4(vector);
      const band = cvss4Severity(score);
      bands[band] = (bands[band] ?? 0) + 1;
      distinct.add(score);
      if (score > 0 && score < lowestNonZero) lowestNonZero = score;
    }
    expect(bands).toEqual({ NONE: 144, LOW: 15_438, MEDIUM: 57_559, HIGH: 29_278, CRITICAL: 2_557 });
    expect(distinct.size).toBe(63); // 0 included
    expect(lowestNonZero).toBe(1);
    expect(Math.max(...distinct)).toBe(10);
  });
});
