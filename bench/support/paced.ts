// People at a desk, not a load loop: `clients` clients each sending one request every `intervalMs`, each on
// its own random phase, so the requests arrive spread over each interval (50 clients at 1 s ≈ one request
// every 20 ms) — what a room of people whose pages poll feels. Autocannon's `overallRate` releases each
// second's requests together (bursts of up to 50 at once); `connections` back to back measures saturation.
// Open loop: a client's next request leaves on its schedule even if the last has not come back (a slow
// answer does not thin out the load, so it cannot hide itself).
import { percentile, type ScenarioRow } from './harness.ts';

export interface PacedOptions {
  clients: number;
  /** Each client's period (default 1,000 ms). */
  intervalMs?: number;
  /** Seconds measured, after one interval that warms up and spreads the phases. */
  duration: number;
  headers?: Record<string, string>;
  /** A seeded random phase (0 ≤ x < 1) per client; Math.random by default. */
  random?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Every client's requests to `origin + path`, timed from leaving to the last byte of the answer. */
export async function runPaced(
  origin: string,
  name: string,
  path: string,
  o: PacedOptions,
): Promise<ScenarioRow> {
  const interval = o.intervalMs ?? 1000;
  const random = o.random ?? Math.random;
  const start = performance.now() + interval; // the first interval warms up
  const end = start + o.duration * 1000;
  const times: number[] = [];
  let failed = 0;
  let bytes = 0;
  const inFlight = new Set<Promise<void>>();

  const one = async (measured: boolean) => {
    const t = performance.now();
    try {
      const response = await fetch(`${origin}${path}`, { headers: o.headers });
      const body = await response.arrayBuffer();
      if (!measured) return;
      times.push(performance.now() - t);
      bytes += body.byteLength;
      if (response.status < 200 || response.status > 299) failed++;
    } catch {
      if (measured) failed++;
    }
  };

  const client = async () => {
    // Its own phase in the warm-up interval, then every `interval` from there.
    let next = performance.now() + random() * interval;
    while (next < end) {
      await sleep(next - performance.now());
      const request = one(next >= start);
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
      next += interval;
    }
  };

  await Promise.all(Array.from({ length: o.clients }, client));
  await Promise.all(inFlight);
  times.sort((a, b) => a - b);
  const round = (ms: number | undefined) => +(ms ?? 0).toFixed(1);
  return {
    scenario: name,
    'p50 ms': round(percentile(times, 50)),
    'p90 ms': round(percentile(times, 90)),
    'p99 ms': round(percentile(times, 99)),
    'max ms': round(times.at(-1)),
    'req/s': Math.round(times.length / o.duration),
    'MB/s': +(bytes / o.duration / 1e6).toFixed(1),
    requests: times.length,
    failed,
  };
}
