// Every route declares its answers (issue 23): a response schema per success status, so the OpenAPI
// description of both services shows each answer's shape and serialization writes only what the schema
// names. Read from the app's route table: a route added without one fails here the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRouteAnswers, type RouteAnswers } from '../testing/route-responses.ts';

let routes: RouteAnswers[];
let close: () => Promise<void>;
beforeAll(async () => {
  ({ routes, close } = await readRouteAnswers());
});
afterAll(() => close());

describe('response schemas', () => {
  it('every route declares a success answer', () => {
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes
      .filter((r) => !r.statuses.some((s) => /^[23]/.test(s)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, `${missing.length} routes declare no answer:\n${missing.join('\n')}\n`).toEqual([]);
  });
});
