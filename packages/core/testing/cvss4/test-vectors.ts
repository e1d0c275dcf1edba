// Vector generators shared by the exactness tests (not part of the public API).
import { CVSS4_BASE_METRIC_COUNT, CVSS4_METRICS } from '../../src/cvss4/metrics.ts';

/** Every one of the 104,976 base vectors, in odometer order (last metric fastest). */
export function* allBaseVectors(): Generator<string> {
  const base = CVSS4_METRICS.slice(0, CVSS4_BASE_METRIC_COUNT);
  const digits = new Array<number>(base.length).fill(0);
  for (;;) {
    yield 'CVSS:4.0/' + base.map((def, m) => `${def.key}:${def.values[digits[m]].code}`).join('/');
    let m = base.length - 1;
    while (m >= 0 && ++digits[m] === base[m].values.length) digits[m--] = 0;
    if (m < 0) return;
  }
}

/** Deterministic PRNG (mulberry32), so a failing random vector can be reproduced. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random full vector: every base metric, and each optional metric left out half the time,
 * otherwise any of its values including an explicit X.
 */
export function randomFullVector(random: () => number): string {
  const parts: string[] = [];
  CVSS4_METRICS.forEach((def, m) => {
    if (m >= CVSS4_BASE_METRIC_COUNT && random() < 0.5) return;
    parts.push(`${def.key}:${def.values[Math.floor(random() * def.values.length)].code}`);
  });
  return 'CVSS:4.0/' + parts.join('/');
}
