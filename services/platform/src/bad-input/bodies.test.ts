// Bad input, part 3 of 3: hostile bodies (lone surrogates, NUL, ids past int4, 1 MB strings, deep JSON,
// broken JSON and multipart, unexpected types) on every unsafe route with a real id in the path, from each
// of the four callers. Nothing may answer 5xx, and a refused request may not have written a row anywhere
// (../../testing/bad-input.ts).
import { expect, it } from 'vitest';
import {
  type Probe,
  bodyProbes,
  fill,
  lacksAccess,
  routesByCaller,
  sendProbes,
  useFuzzer,
} from '../../testing/bad-input.ts';

const fuzzer = useFuzzer('bodies');

it('hostile bodies on every unsafe route (with a real id in the path)', { timeout: 900_000 }, async () => {
  const f = fuzzer();
  const routes = f.table.filter((r) => r.method !== 'GET');
  // Authorization before validation (issue 24): a caller the route's declared access refuses, or (on a
  // case-bound route) the policy refuses its action in the case, gets 401, 403 (or 404 for a case they may
  // not see) for every body, however broken — the body of a call they may not make is never read.
  const answeredByBody: string[] = [];
  let refusedOutright = 0;
  // A route's probes are built once and sent by each caller (the 1 MB ones cost a JSON.stringify each).
  let probes: { route: (typeof routes)[number]; list: Probe[] } | undefined;
  for (const g of routesByCaller(f, routes)) {
    const { route, who, client } = g;
    if (probes?.route !== route) probes = { route, list: bodyProbes(route.bodyKeys) };
    const list = probes.list;
    await sendProbes(f, g, async () => {
      for (const p of list) {
        const res = await f.probe(who, client, route.method, fill(route.url, '1'), p);
        if (!lacksAccess(who, route, f.mayInCase)) continue;
        refusedOutright++;
        // 404 on a case-bound route: the caller may no longer see the case (an earlier call of the admin may
        // have removed them from it), which the case scope also settles before the body.
        const refused = [401, 403, ...(route.caseAction ? [404] : [])];
        if (!refused.includes(res.statusCode))
          answeredByBody.push(`${who} ${route.method} ${route.url} with ${p.label}: ${res.statusCode}`);
      }
    });
  }
  expect(answeredByBody.slice(0, 20)).toEqual([]);
  expect(refusedOutright).toBeGreaterThan(1_000);
  // The reporter (a participant of case 1) is refused by the policy on some case-bound routes: the run
  // covers the in-case rule, not only the declared roles.
  const refusedInCase = routes.filter((r) => r.caseAction && !f.mayInCase.reporter.has(r.caseAction));
  expect(refusedInCase.length).toBeGreaterThan(10);
  expect(f.stats.requests).toBeGreaterThan(routes.length * 3 * bodyProbes([]).length);
});
