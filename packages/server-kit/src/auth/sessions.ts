// Server-side sessions: the cookie holds a random id, the table holds its sha256. Sessions end after the
// idle timeout and, however active, after their absolute lifetime (CVDP_SESSION_MAX_AGE).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import { DEFAULT_SESSION_MAX_AGE_SECONDS } from '../config.ts';
import { newSecret, sha256 } from './secrets.ts';
import { AUTH_USER_COLUMNS, type AuthUser, type UserRow, toAuthUser } from './auth-user.ts';

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

/**
 * The user behind a live session, in one query (this runs on every signed-in request), sliding the
 * session's expiry; null when the session is unknown, idle too long or older than its absolute lifetime,
 * or the user may no longer sign in.
 */
export async function resolveSessionUser(
  db: Db,
  id: string,
  idleSeconds: number,
  maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS,
): Promise<AuthUser | null> {
  const idHash = sha256(id);
  const result = await db.execute(sql`
    select s.last_seen_at, ${AUTH_USER_COLUMNS}
      from sessions s join users u on u.id = s.user_id
     where s.id_hash = ${idHash} and s.expires_at > now()
       and s.created_at > now() - ${maxAgeSeconds} * interval '1 second'
       and u.is_active and not u.pending`);
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

export async function purgeExpiredSessions(db: Db, maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date()),
        lt(sessions.createdAt, new Date(Date.now() - maxAgeSeconds * 1000)),
      ),
    );
}
