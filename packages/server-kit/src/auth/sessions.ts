// Server-side sessions: the cookie holds a random id, the table holds its sha256. Sessions end after the
// idle timeout and, however active, after their absolute lifetime (CVDP_SESSION_MAX_AGE).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import { DEFAULT_SESSION_MAX_AGE_SECONDS } from '../config.ts';
import { newSecret, sha256 } from './secrets.ts';
import { AUTH_USER_COLUMNS, type AuthUser, type UserRow, toAuthUser } from './auth-user.ts';
import { type SessionCache, forgetCachedSession, forgetCachedUser } from './session-cache.ts';

/** The cookie's name over plain HTTP; behind HTTPS it carries the `__Host-` prefix (sessionCookieName). */
export const SESSION_COOKIE = 'cvdp_session';
/** Touching the row on every request would write on every read; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Behind HTTPS the name is `__Host-cvdp_session`: browsers then only accept it Secure, for Path=/ and
 * without Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export function sessionCookieName(config: { secureCookies: boolean }): string {
  return config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The session id the request carries (valid or not), under the name the config gives the cookie. */
export function readSessionCookie(
  request: FastifyRequest,
  config: { secureCookies: boolean },
): string | null {
  return request.cookies[sessionCookieName(config)] || null;
}

export function setSessionCookie(reply: FastifyReply, id: string, config: { secureCookies: boolean }) {
  reply.setCookie(sessionCookieName(config), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: { secureCookies: boolean }) {
  // Browsers ignore a `__Host-` cookie without Secure, the clearing one included.
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

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

type SessionRow = UserRow & {
  last_seen_at: string | Date;
  expires_at: string | Date;
  created_at: string | Date;
};

/** Its own arrays: a route that changes request.user must not change the cached user. */
const copyOf = (user: AuthUser): AuthUser => ({
  ...user,
  roles: [...user.roles],
  groupIds: [...user.groupIds],
});

/**
 * The user behind a live session, in one query (this runs on every signed-in request), sliding the
 * session's expiry; null when the session is unknown, idle too long or older than its absolute lifetime,
 * or the user may no longer sign in. With a live `cache` (session-cache.ts) a session seen within the touch
 * interval is answered from memory.
 */
export async function resolveSessionUser(
  db: Db,
  id: string,
  idleSeconds: number,
  maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS,
  cache?: SessionCache | null,
): Promise<AuthUser | null> {
  const idHash = sha256(id);
  // Short idle timeouts need more frequent touches, or an active session would lapse.
  const touchEvery = Math.min(TOUCH_INTERVAL_MS, idleSeconds * 250);
  const hit = cache?.get(idHash);
  if (hit) {
    const now = Date.now();
    // The same conditions as the query's and the touch's; anything else (expired, due a touch) is the
    // database's to answer.
    if (
      hit.expiresAt > now &&
      hit.createdAt > now - maxAgeSeconds * 1000 &&
      now - hit.lastSeenAt <= touchEvery
    )
      return copyOf(hit.user);
  }
  const version = cache?.version ?? 0;
  const result = await db.execute(sql`
    select s.last_seen_at, s.expires_at, s.created_at, ${AUTH_USER_COLUMNS}
      from sessions s join users u on u.id = s.user_id
     where s.id_hash = ${idHash} and s.expires_at > now()
       and s.created_at > now() - ${maxAgeSeconds} * interval '1 second'
       and u.is_active and not u.pending`);
  const row = (result as { rows: SessionRow[] }).rows[0];
  if (!row) {
    cache?.discard(idHash);
    return null;
  }
  let lastSeenAt = new Date(row.last_seen_at).getTime();
  let expiresAt = new Date(row.expires_at).getTime();
  if (Date.now() - lastSeenAt > touchEvery) {
    lastSeenAt = Date.now();
    expiresAt = lastSeenAt + idleSeconds * 1000;
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(lastSeenAt), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.idHash, idHash));
  }
  const user = toAuthUser(row)!;
  cache?.store(
    idHash,
    { user: copyOf(user), lastSeenAt, expiresAt, createdAt: new Date(row.created_at).getTime() },
    version,
  );
  return user;
}

export async function destroySession(db: Db, id: string) {
  const idHash = sha256(id);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  // This replica at once; the others at the NOTIFY.
  forgetCachedSession(idHash);
}

/** After a password change: every other session of the user ends. */
export async function destroyOtherSessions(db: Db, userId: number, keepId?: string) {
  const keep = keepId ? sha256(keepId) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keep)));
  // Inside a transaction this runs before the commit: the NOTIFY at commit covers a read in between.
  forgetCachedUser(userId);
}

/**
 * Deletes the sessions that have ended: idle past their expiry, or older than the maximum age. Such a
 * session is refused already when it is presented; this keeps the table from growing with every sign-in.
 * Returns how many were deleted.
 */
export async function purgeExpiredSessions(
  db: Db,
  maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date()),
        lt(sessions.createdAt, new Date(Date.now() - maxAgeSeconds * 1000)),
      ),
    )
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}
