// Bad input, part 2 of 3: hostile query strings and headers on every route, from each of the four
// callers. Nothing may answer 5xx, and a refused request may not have written a row anywhere
// (../../testing/bad-input.ts).
import { expect, it } from 'vitest';
import { HOSTILE_QUERY, fill, routesByCaller, sendProbes, useFuzzer } from '../../testing/bad-input.ts';

const fuzzer = useFuzzer('queries');

it('hostile query strings and headers on every route', { timeout: 900_000 }, async () => {
  const f = fuzzer();
  for (const g of routesByCaller(f, f.table)) {
    await sendProbes(f, g, async () => {
      for (const q of HOSTILE_QUERY)
        await f.probe(g.who, g.client, g.route.method, `${fill(g.route.url, '1')}?${q}`);
    });
  }
  expect(f.stats.requests).toBeGreaterThan(f.table.length * 3 * HOSTILE_QUERY.length);
});
