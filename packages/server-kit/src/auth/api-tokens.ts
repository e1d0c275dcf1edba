// API tokens for machine clients and other instances: `Authorization: Token <key>`, stored as sha256.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiTokens } from '../db/schema/index.ts';
import { newSecret, sha256 } from './secrets.ts';

const KEY_PREFIX = 'cvdp_';

export async function createApiToken(db: Db, userId: number, name: string) {
  const key = KEY_PREFIX + newSecret(32);
  const [row] = await db
    .insert(apiTokens)
    .values({ userId, name, keyHash: sha256(key), prefix: key.slice(0, KEY_PREFIX.length + 6) })
    .returning();
  return { key, token: row };
}

/** The user id behind a live token, or null. Marks the token as used. */
export async function resolveApiToken(db: Db, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: apiTokens.id, userId: apiTokens.userId })
    .from(apiTokens)
    .where(and(eq(apiTokens.keyHash, sha256(key)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  return row.userId;
}

export function parseTokenHeader(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Token\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

/**
 * Every live token of the user ends (revoked, kept for the record). A password change calls this in its
 * transaction: whoever held the old password may have made tokens with it.
 */
export async function revokeAllApiTokens(db: Db, userId: number): Promise<number> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}
