// API token queries and changes: a user's tokens or everyone's, creating one (its key returned once) and
// revoking one. Every change writes its activity row in its own transaction. No HTTP here.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiToken } from '@cvdp/core';
import { type Db, apiTokens, createApiToken, recordActivity } from '@cvdp/server-kit';

type TokenRow = typeof apiTokens.$inferSelect;

export const tokenView = (t: TokenRow): ApiToken => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  user: t.userId,
  created: t.createdAt.toISOString(),
  last_used: t.lastUsedAt?.toISOString() ?? null,
  revoked: t.revokedAt?.toISOString() ?? null,
});

/** Tokens newest first: one user's (all of them), or everyone's (the latest 500). */
export async function listTokens(db: Db, userId: number | undefined, limit?: number): Promise<ApiToken[]> {
  const query = db
    .select()
    .from(apiTokens)
    .where(userId ? eq(apiTokens.userId, userId) : undefined)
    .orderBy(desc(apiTokens.createdAt));
  return (await (limit ? query.limit(limit) : query)).map(tokenView);
}

/** A new token of the user: its view and its key (only its hash is kept). */
export function createToken(db: Db, userId: number, name: string) {
  return db.transaction(async (tx) => {
    const created = await createApiToken(tx, userId, name);
    await recordActivity(tx, {
      actorId: userId,
      verb: 'created',
      objectType: 'api_token',
      objectId: created.token.id,
    });
    return { ...tokenView(created.token), key: created.key };
  });
}

/** Revokes a token not yet revoked (of `ownerId` when given); false when there is none. */
export async function revokeToken(db: Db, actorId: number, id: number, ownerId?: number): Promise<boolean> {
  const where = and(
    eq(apiTokens.id, id),
    isNull(apiTokens.revokedAt),
    ownerId ? eq(apiTokens.userId, ownerId) : undefined,
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(where)
      .returning({ id: apiTokens.id });
    if (rows.length)
      await recordActivity(tx, { actorId, verb: 'revoked', objectType: 'api_token', objectId: id });
    return rows.length > 0;
  });
}
