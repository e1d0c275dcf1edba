// The reference the CVSS 4.0 exactness tests compare against: ae-cvss-calculator (which matches FIRST's
// calculator on every base vector), and the golden tables written from it. Test support only — never
// imported by product code.
import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ae from 'ae-cvss-calculator';
import { allBaseVectors, randomFullVector, seededRandom } from '../test-vectors.ts';

// The calculator is CommonJS: Node's ESM loader sees only its default export.
const { Cvss4P0 } = ae;

/** The seeded sample of full vectors (threat, environmental and supplemental metrics). */
export const FULL_SAMPLE = 20_000;
export const FULL_SEED = 0x5eed_c0de;

export function fullVectors(): string[] {
  const random = seededRandom(FULL_SEED);
  return Array.from({ length: FULL_SAMPLE }, () => randomFullVector(random));
}

/** What the reference says of one vector: score, macro vector and nomenclature, as one line. */
export function referenceLine(vector: string): string {
  const reference = new Cvss4P0(vector);
  return [
    reference.calculateScores().overall,
    reference.getMacroVector().toString(),
    reference.getNomenclature(),
  ].join(' ');
}

export const GOLDEN_DIR = import.meta.dirname;
export const BASE_GOLDEN = path.join(GOLDEN_DIR, 'base-vectors.golden.txt.gz');
export const FULL_GOLDEN = path.join(GOLDEN_DIR, 'full-vectors.golden.txt.gz');

/**
 * A golden table: a header line naming what it was made from, then one reference line per vector in the
 * order the generator yields them (the vectors themselves are not stored: the generators are deterministic
 * and the tests check the counts).
 */
export function encodeGolden(header: string, lines: Iterable<string>): Buffer {
  return gzipSync([header, ...lines].join('\n') + '\n', { level: 9 });
}

export function readGolden(file: string): { header: string; lines: string[] } {
  const [header, ...lines] = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  return { header, lines };
}

export function goldenHeader(kind: 'base' | 'full', version: string): string {
  return kind === 'base'
    ? `cvss4 base vectors: all 104976 in odometer order; ae-cvss-calculator ${version}; score macro nomenclature`
    : `cvss4 full vectors: ${FULL_SAMPLE} seeded (0x${FULL_SEED.toString(16)}); ae-cvss-calculator ${version}; score macro nomenclature`;
}

export function* baseReferenceLines(): Generator<string> {
  for (const vector of allBaseVectors()) yield referenceLine(vector);
}
