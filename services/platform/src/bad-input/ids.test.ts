// Bad input, part 1 of 3: hostile ids in every path parameter of every route, from each of the four
// callers. Nothing may answer 5xx, and a refused request may not have written a row anywhere
// (../../testing/bad-input.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOSTILE_IDS, createFuzzer, fill, routesByCaller, type Fuzzer } from '../../testing/bad-input.ts';

let f: Fuzzer;
beforeAll(async () => {
  f = await createFuzzer();
}, 120_000);
afterAll(async () => {
  console.log(
    `bad input (ids): ${f.stats.requests} requests, ${f.stats.refusalsChecked} refusals checked for writes`,
  );
  await f.t.close();
});

it('hostile ids in every path parameter', { timeout: 900_000 }, async () => {
  const routes = f.table.filter((r) => r.url.includes(':'));
  for (const { route, who, client } of routesByCaller(f, routes)) {
    for (const id of HOSTILE_IDS) await f.probe(who, client, route.method, fill(route.url, id));
  }
  // Every route with a parameter, every caller, every id (sign-out skipped for the signed-in callers).
  expect(f.stats.requests).toBeGreaterThan(routes.length * 3 * HOSTILE_IDS.length);
});
