// Exactness over the whole base space: every one of the 104,976 base vectors must score exactly
// as ae-cvss-calculator (which matches FIRST's calculator on all of them) and have its macro vector.
import { Cvss4P0 } from 'ae-cvss-calculator';
import { describe, expect, it } from 'vitest';
import { cvss4MacroVector, cvss4Severity, parseCvss4, scoreCvss4, scoreCvss4Indices } from './index.ts';
import { allBaseVectors } from './test-vectors.ts';

describe('all 104,976 base vectors', () => {
  const vectors = [...allBaseVectors()];

  it('are enumerated completely and without repeats', () => {
    expect(vectors).toHaveLength(104_976);
    expect(new Set(vectors).size).toBe(104_976);
  });

  it('score and macro vector equal ae-cvss-calculator on every vector', () => {
    const mismatches: string[] = [];
    for (const vector of vectors) {
      const reference = new Cvss4P0(vector);
      const expectedScore = reference.calculateScores().overall;
      const expectedMacro = reference.getMacroVector().toString();
      const score = scoreCvss4(vector);
      const macro = cvss4MacroVector(vector);
      // Exact equality: 8.600000000000001 would be wrong even though it displays as 8.6.
      if (score !== expectedScore || macro !== expectedMacro) {
        mismatches.push(`${vector}: ${score} ${macro}, expected ${expectedScore} ${expectedMacro}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(mismatches).toHaveLength(0);
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
