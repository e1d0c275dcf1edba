// Server-side sessions: the cookie holds a random id, the table holds its sha256. Idle sessions expire.
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import { newSecret, sha256 } from './secrets.ts';

export const SESSION_COOKIE = 'cvdp_session';
/** Touching the row on every request would write on every read; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(db: Db, userId: number, idleSeconds: number, userAgent = '') {
  const id = newSecret();
  await db.insert(sessions).values({
    idHash: sha256(id),
    userId,
    expiresAt: new Date(Date.now() + idleSeconds * 1000),
    userAgent: userAgent.slice(0, 300),
  });
  return id;
}

/** Returns the user id of a live session, sliding its expiry; null when unknown or expired. */
export async function resolveSession(db: Db, id: string, idleSeconds: number): Promise<number | null> {
  const idHash = sha256(id);
  const [row] = await db
    .select({ userId: sessions.userId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  // Short idle timeouts need more frequent touches, or an active session would lapse.
  const touchEvery = Math.min(TOUCH_INTERVAL_MS, idleSeconds * 250);
  if (Date.now() - row.lastSeenAt.getTime() > touchEvery) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + idleSeconds * 1000) })
      .where(eq(sessions.idHash, idHash));
  }
  return row.userId;
}

export async function destroySession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(id)));
}

/** After a password change: every other session of the user ends. */
export async function destroyOtherSessions(db: Db, userId: number, keepId?: string) {
  const keep = keepId ? sha256(keepId) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keep)));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
