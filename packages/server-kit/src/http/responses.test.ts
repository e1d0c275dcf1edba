// Response schemas (issue 23): the answer is written from the route's schema, so a key the schema does not
// name never reaches the client, and the OpenAPI description shows the answer's shape.
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { installRouteSchemas, routes } from './routes.ts';
import { noContent } from './responses.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installRouteSchemas(app);
  const r = routes(app);
  const user = z.object({ id: z.number(), name: z.string() });
  r.get('/user/', { summary: 'A user', access: 'public', response: { 200: user } }, async () => ({
    id: 1,
    name: 'Ada',
    password_hash: 'secret',
  }));
  r.delete('/user/', { summary: 'Gone', access: 'public', response: { 204: noContent } }, async (_, reply) =>
    reply.status(204).send(),
  );
  r.get('/broken/', { summary: 'Wrong shape', access: 'public', response: { 200: user } }, async () => ({
    id: 'one',
  }));
  await app.ready();
});
afterAll(() => app.close());

it('drops what the schema does not name', async () => {
  const res = await app.inject({ method: 'GET', url: '/user/' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ id: 1, name: 'Ada' });
  expect(res.body).not.toContain('secret');
});

it('answers 204 with no body', async () => {
  const res = await app.inject({ method: 'DELETE', url: '/user/' });
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
});

it('refuses to send an answer that is not the declared shape (our fault: a 500, never the wrong JSON)', async () => {
  const res = await app.inject({ method: 'GET', url: '/broken/' });
  expect(res.statusCode).toBe(500);
  expect(res.body).not.toContain('one');
});
