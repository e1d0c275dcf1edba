// Bad input, part 3 of 3: hostile bodies (lone surrogates, NUL, ids past int4, 1 MB strings, deep JSON,
// broken JSON and multipart, unexpected types) on every unsafe route with a real id in the path, from each
// of the four callers. Nothing may answer 5xx, and a refused request may not have written a row anywhere
// (../../testing/bad-input.ts).
import { expect, it } from 'vitest';
import { bodyProbes, fill, routesByCaller, useFuzzer } from '../../testing/bad-input.ts';

const fuzzer = useFuzzer('bodies');

it('hostile bodies on every unsafe route (with a real id in the path)', { timeout: 900_000 }, async () => {
  const f = fuzzer();
  const routes = f.table.filter((r) => r.method !== 'GET');
  for (const { route, who, client } of routesByCaller(f, routes)) {
    for (const p of bodyProbes(route.bodyKeys))
      await f.probe(who, client, route.method, fill(route.url, '1'), p);
  }
  expect(f.stats.requests).toBeGreaterThan(routes.length * 3 * bodyProbes([]).length);
});
