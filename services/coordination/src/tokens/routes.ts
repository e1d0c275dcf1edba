// API tokens: users manage their own; administrators can see and revoke anyone's.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  type ApiToken,
  apiTokenSchema,
  apiTokenWithKeySchema,
  idParam,
  idParams,
  tokenCreateSchema,
} from '@cvdp/core';
import { HttpError, apiTokens, createApiToken, noContent, recordActivity, routes } from '@cvdp/server-kit';

const tokenView = (t: typeof apiTokens.$inferSelect): ApiToken => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  user: t.userId,
  created: t.createdAt.toISOString(),
  last_used: t.lastUsedAt?.toISOString() ?? null,
  revoked: t.revokedAt?.toISOString() ?? null,
});

export async function tokenRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const mine = { access: 'user' as const, tags: ['tokens'] };
  const admin = { access: ['admin'] as const, tags: ['tokens'] };

  async function revoke(actorId: number, id: number, ownerId?: number) {
    const where = and(
      eq(apiTokens.id, id),
      isNull(apiTokens.revokedAt),
      ownerId ? eq(apiTokens.userId, ownerId) : undefined,
    );
    const rows = await db.transaction(async (tx) => {
      const r = await tx
        .update(apiTokens)
        .set({ revokedAt: new Date() })
        .where(where)
        .returning({ id: apiTokens.id });
      if (r.length)
        await recordActivity(tx, { actorId, verb: 'revoked', objectType: 'api_token', objectId: id });
      return r;
    });
    if (!rows.length) throw new HttpError(404, 'Not found.');
  }

  r.get(
    '/api/user/tokens/',
    {
      ...mine,
      summary: "The caller's API tokens (never their keys)",
      response: { 200: z.array(apiTokenSchema) },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, request.user!.id))
        .orderBy(desc(apiTokens.createdAt));
      return rows.map(tokenView);
    },
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
    async (request, reply) => {
      const { name } = request.body;
      const { key, token } = await db.transaction(async (tx) => {
        const created = await createApiToken(tx, request.user!.id, name);
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'created',
          objectType: 'api_token',
          objectId: created.token.id,
        });
        return created;
      });
      return reply.status(201).send({ ...tokenView(token), key });
    },
  );

  r.delete(
    '/api/user/tokens/:id/',
    { ...mine, summary: 'Revoke one of my tokens', params: idParams, response: { 204: noContent } },
    async (request, reply) => {
      const { id } = request.params;
      await revoke(request.user!.id, id, request.user!.id);
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
    async (request) => {
      const { user } = request.query;
      const rows = await db
        .select()
        .from(apiTokens)
        .where(user ? eq(apiTokens.userId, user) : undefined)
        .orderBy(desc(apiTokens.createdAt))
        .limit(500);
      return rows.map(tokenView);
    },
  );

  r.delete(
    '/manage/tokens/:id/',
    { ...admin, summary: "Revoke anyone's token", params: idParams, response: { 204: noContent } },
    async (request, reply) => {
      const { id } = request.params;
      await revoke(request.user!.id, id);
      return reply.status(204).send();
    },
  );
}
