// CVSS v4.0 scoring benchmark: the engine in @cvdp/core against ae-cvss-calculator, over all
// 104,976 base vectors. Run: npm run bench:cvss  (node --import tsx bench/cvss4-score.bench.ts)
// Options: --rounds=N engine rounds (default 9), --lib-rounds=N library rounds (default 1; one
// round takes ~25 s, the library being ~0.25 ms a vector).
import { performance } from 'node:perf_hooks';
// ae-cvss-calculator is a webpack CommonJS bundle: Node's ESM loader sees only its default export.
import ae from 'ae-cvss-calculator';
import { CVSS4_METRIC_COUNT, parseCvss4Into, scoreCvss4, scoreCvss4Tenths } from '@cvdp/core/cvss4/index';
import { allBaseVectors } from '@cvdp/core/testing/cvss4/test-vectors';

const { Cvss4P0 } = ae;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

interface Result {
  name: string;
  times: number[];
  checksum: number;
}

/** Runs `round` `rounds` times; each returns a checksum (sum of tenths) so no work is optimised away. */
function measure(name: string, rounds: number, round: () => number): Result {
  const times: number[] = [];
  let checksum = 0;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    checksum = round();
    times.push(performance.now() - start);
  }
  return { name, times, checksum };
}

const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
const best = (times: number[]) => sorted(times)[0];
const median = (times: number[]) => sorted(times)[Math.floor((times.length - 1) / 2)];
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en');

// Round-trip through JSON so the strings are flat, as they are when they arrive in a request body
// or from a database. Built by concatenation they would be V8 cons-strings ("ropes"), and every
// scan would pay for the indirection: that measured about twice as slow for both parsers.
const vectors: string[] = JSON.parse(JSON.stringify([...allBaseVectors()])) as string[];
const count = vectors.length;
const rounds = option('rounds', 9);
const libRounds = option('lib-rounds', 1);

// Numeric fast path input: every vector parsed once, outside the timing.
const parsed = vectors.map((v) => {
  const indices = new Uint8Array(CVSS4_METRIC_COUNT);
  parseCvss4Into(v, indices);
  return indices;
});

// Warm-up so the JIT has compiled the engine before timing.
for (let i = 0; i < 3; i++) for (const v of vectors) scoreCvss4(v);

const results = [
  measure('engine scoreCvss4(string): parse + score', rounds, () => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += Math.round(scoreCvss4(vectors[i]) * 10);
    return sum;
  }),
  measure('engine scoreCvss4Tenths(indices): numeric fast path', rounds, () => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += scoreCvss4Tenths(parsed[i]);
    return sum;
  }),
  measure('ae-cvss-calculator new Cvss4P0(v).calculateScores().overall', libRounds, () => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += Math.round(new Cvss4P0(vectors[i]).calculateScores().overall * 10);
    return sum;
  }),
];

console.log(`CVSS v4.0 scoring of all ${fmt(count)} base vectors (Node ${process.version})\n`);
for (const { name, times } of results) {
  console.log(name);
  console.log(
    `  rounds ${times.length}, best ${best(times).toFixed(1)} ms (${fmt(perSecond(count, best(times)))} vectors/s),` +
      ` median ${median(times).toFixed(1)} ms (${fmt(perSecond(count, median(times)))} vectors/s)`,
  );
}
const [stringPath, fastPath, library] = results;
const ratio = (r: Result) => (median(library.times) / median(r.times)).toFixed(0);
console.log(
  `\nratio (median): string path ${ratio(stringPath)}x, numeric fast path ${ratio(fastPath)}x the library`,
);

// The three must agree on every score, or the speed figures compare different things.
const checksums = results.map((r) => r.checksum);
if (new Set(checksums).size !== 1) {
  console.error(`checksums differ: ${checksums.join(', ')}`);
  process.exitCode = 1;
} else {
  console.log(`checksum (sum of scores in tenths) ${fmt(checksums[0])}: engine and library agree`);
}
