// Server-side sessions: the cookie holds a random id, the table holds its sha256. Idle sessions expire.
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import { newSecret, sha256 } from './secrets.ts';
import { AUTH_USER_COLUMNS, type AuthUser, type UserRow, toAuthUser } from './auth-user.ts';

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

/**
 * The user behind a live session, in one query (this runs on every signed-in request), sliding the
 * session's expiry; null when the session is unknown or expired or the user may no longer sign in.
 */
export async function resolveSessionUser(db: Db, id: string, idleSeconds: number): Promise<AuthUser | null> {
  const idHash = sha256(id);
  const result = await db.execute(sql`
    select s.last_seen_at, ${AUTH_USER_COLUMNS}
      from sessions s join users u on u.id = s.user_id
     where s.id_hash = ${idHash} and s.expires_at > now() and u.is_active and not u.pending`);
  const row = (result as { rows: (UserRow & { last_seen_at: string | Date })[] }).rows[0];
  if (!row) return null;
  // Short idle timeouts need more frequent touches, or an active session would lapse.
  const touchEvery = Math.min(TOUCH_INTERVAL_MS, idleSeconds * 250);
  if (Date.now() - new Date(row.last_seen_at).getTime() > touchEvery) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + idleSeconds * 1000) })
      .where(eq(sessions.idHash, idHash));
  }
  return toAuthUser(row);
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
