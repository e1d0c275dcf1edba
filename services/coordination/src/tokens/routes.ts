// API tokens: users manage their own; administrators can see and revoke anyone's.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { tokenCreateSchema } from '@cvdp/core';
import {
  HttpError,
  apiTokens,
  createApiToken,
  parseBody,
  parseInput,
  parseQuery,
  recordActivity,
} from '@cvdp/server-kit';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tokenView = (t: typeof apiTokens.$inferSelect) => ({
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
  const signedIn = { preHandler: app.requireUser };
  const adminOnly = { preHandler: app.requireRole('admin') };

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

  app.get('/api/user/tokens/', signedIn, async (request) => {
    const rows = await db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, request.user!.id))
      .orderBy(desc(apiTokens.createdAt));
    return rows.map(tokenView);
  });

  /** The key is shown once, in this answer; only its hash is kept. */
  app.post('/api/user/tokens/', signedIn, async (request, reply) => {
    const { name } = parseBody(tokenCreateSchema, request.body);
    const { key, token } = await createApiToken(db, request.user!.id, name);
    await recordActivity(db, {
      actorId: request.user!.id,
      verb: 'created',
      objectType: 'api_token',
      objectId: token.id,
    });
    return reply.status(201).send({ ...tokenView(token), key });
  });

  app.delete('/api/user/tokens/:id/', signedIn, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await revoke(request.user!.id, id, request.user!.id);
    return reply.status(204).send();
  });

  app.get('/manage/tokens/', adminOnly, async (request) => {
    const { user } = parseQuery(
      z.object({ user: z.coerce.number().int().positive().optional() }),
      request.query,
    );
    const rows = await db
      .select()
      .from(apiTokens)
      .where(user ? eq(apiTokens.userId, user) : undefined)
      .orderBy(desc(apiTokens.createdAt))
      .limit(500);
    return rows.map(tokenView);
  });

  app.delete('/manage/tokens/:id/', adminOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await revoke(request.user!.id, id);
    return reply.status(204).send();
  });
}
