// Bad input, part 1 of 3: hostile ids in every path parameter of every route, from each of the four
// callers. Nothing may answer 5xx, and a refused request may not have written a row anywhere
// (../../testing/bad-input.ts).
import { expect, it } from 'vitest';
import { HOSTILE_IDS, fill, routesByCaller, useFuzzer } from '../../testing/bad-input.ts';

const fuzzer = useFuzzer('ids');

it('hostile ids in every path parameter', { timeout: 900_000 }, async () => {
  const f = fuzzer();
  const routes = f.table.filter((r) => r.url.includes(':'));
  // No hostile id names a real object, so every request must be refused: each caller's probes of a route
  // are one refused group (each answer ≥ 400, the rows read once after the group).
  for (const { route, who, client } of routesByCaller(f, routes)) {
    await f.refusedGroup(`${who} ${route.method} ${route.url}`, async () => {
      for (const id of HOSTILE_IDS) await f.probe(who, client, route.method, fill(route.url, id));
    });
  }
  // Every route with a parameter, every caller, every id (sign-out skipped for the signed-in callers).
  expect(f.stats.requests).toBeGreaterThan(routes.length * 3 * HOSTILE_IDS.length);
});
