import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
    },
  });
});
afterAll(() => t.close());

interface OpenApi {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema: unknown }[];
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }
    >
  >;
}

/** Operations whose description names no success answer, or a JSON answer without its shape. */
function operationsWithoutAnswers(doc: OpenApi): string[] {
  const missing: string[] = [];
  for (const [url, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (url.includes('/api/docs')) continue;
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      const shapeless = success.some(
        ([, r]) => r.content?.['application/json'] && !r.content['application/json'].schema,
      );
      if (!success.length || shapeless) missing.push(`${method.toUpperCase()} ${url}`);
    }
  }
  return missing;
}

it('serves each service its own OpenAPI description, generated from the route schemas, to staff', async () => {
  const coordinator = await t.signIn({ roles: ['coordinator'] });
  const base1 = await coordinator.get('/api/docs/json');
  expect(base1.statusCode).toBe(200);
  const doc = base1.json<OpenApi>();
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info.title).toMatch(/coordination/);
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/report/',
      '/api/cases/{id}/',
      '/api/case/{id}/artifacts/',
      '/manage/users/',
    ]),
  );
  expect(Object.keys(doc.paths).some((p) => p.startsWith('/scoring'))).toBe(false);
  // The query schema of a list is described: page and page_size.
  const list = doc.paths['/api/case/{id}/artifacts/'].get.parameters!.map((p) => `${p.in}:${p.name}`);
  expect(list).toEqual(expect.arrayContaining(['path:id', 'query:page', 'query:page_size']));
  expect((await coordinator.get('/api/docs/')).statusCode).toBe(200);

  const base2 = await coordinator.get('/scoring/api/docs/json');
  expect(base2.statusCode).toBe(200);
  expect(Object.keys(base2.json<OpenApi>().paths)).toContain('/scoring/api/users/');

  // Every operation shows its answer (issue 23): the route's response schema, by status.
  expect(operationsWithoutAnswers(doc)).toEqual([]);
  expect(operationsWithoutAnswers(base2.json<OpenApi>())).toEqual([]);
  const token = doc.paths['/api/user/tokens/'].post.responses!['201'].content!['application/json'].schema;
  expect(JSON.stringify(token)).toContain('"key"');
});

it('refuses the docs to reporters and to anonymous callers', async () => {
  const reporter = await t.signIn();
  expect((await reporter.get('/api/docs/json')).statusCode).toBe(403);
  expect((await t.anonymous().get('/api/docs/json')).statusCode).toBe(401);
  expect((await reporter.get('/scoring/api/docs/json')).statusCode).toBe(403);
});
