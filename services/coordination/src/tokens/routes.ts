// API tokens: users manage their own; administrators can see and revoke anyone's.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiTokenSchema, apiTokenWithKeySchema, idParam, idParams, tokenCreateSchema } from '@cvdp/core';
import { HttpError, noContent, routes } from '@cvdp/server-kit';
import { createToken, listTokens, revokeToken } from './store.ts';

/** The admin list shows the latest tokens only. */
const ADMIN_LIST_LIMIT = 500;

export async function tokenRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const mine = { access: 'user' as const, tags: ['tokens'] };
  const admin = { access: ['admin'] as const, tags: ['tokens'] };

  async function revoke(actorId: number, id: number, ownerId?: number) {
    if (!(await revokeToken(db, actorId, id, ownerId))) throw new HttpError(404, 'Not found.');
  }

  r.get(
    '/api/user/tokens/',
    {
      ...mine,
      summary: "The caller's API tokens (never their keys)",
      response: { 200: z.array(apiTokenSchema) },
    },
    (request) => listTokens(db, request.user!.id),
  );

  /** The key is shown once, in this answer; only its hash is kept. */
  r.post(
    '/api/user/tokens/',
    {
      ...mine,
      summary: 'Create an API token (its key is shown once)',
      body: tokenCreateSchema,
      response: { 201: apiTokenWithKeySchema },
    },
    async (request, reply) =>
      reply.status(201).send(await createToken(db, request.user!.id, request.body.name)),
  );

  r.delete(
    '/api/user/tokens/:id/',
    { ...mine, summary: 'Revoke one of my tokens', params: idParams, response: { 204: noContent } },
    async (request, reply) => {
      await revoke(request.user!.id, request.params.id, request.user!.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/manage/tokens/',
    {
      ...admin,
      summary: "Everyone's tokens (filter by user)",
      query: z.object({ user: idParam.optional() }),
      response: { 200: z.array(apiTokenSchema) },
    },
    (request) => listTokens(db, request.query.user, ADMIN_LIST_LIMIT),
  );

  r.delete(
    '/manage/tokens/:id/',
    { ...admin, summary: "Revoke anyone's token", params: idParams, response: { 204: noContent } },
    async (request, reply) => {
      await revoke(request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
