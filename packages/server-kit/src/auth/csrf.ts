// CSRF by double submit: a readable `csrftoken` cookie that every unsafe request repeats in X-CSRFToken.
// Token-authenticated requests carry no ambient credentials, so they are exempt.
//
// A plain double submit only proves that whoever sent the request could set the cookie, and a sibling
// subdomain can set cookies for ours. So once signed in, the token is bound to the session:
//   token = nonce "." base64url(HMAC-SHA256(key, nonce "." sha256(session id)))
// and a signed-in request passes only with a token made for its own session (checked with timingSafeEqual),
// even when cookie and header agree. Before sign-in (sign-in and registration themselves, against login
// CSRF) the plain double submit stays: there is no session to bind to.
//
// The key is CVDP_SECRET_KEY when set. Without it the session id itself keys the HMAC: the services are
// stateless and every replica must agree without sharing anything else, and the session id is a secret the
// attacker cannot learn (random, HttpOnly, never readable from a sibling subdomain or from script), so a
// token for a session can still only come from the server that knows that session's id.
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { newSecret, safeEqual, sha256 } from './secrets.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';

function csrfMac(nonce: string, sessionId: string, secretKey: string | undefined): string {
  return createHmac('sha256', secretKey ?? sessionId)
    .update(`${nonce}.${sha256(sessionId)}`)
    .digest('base64url');
}

/** A fresh token bound to the session. */
export function boundCsrfToken(sessionId: string, secretKey?: string): string {
  const nonce = newSecret(16);
  return `${nonce}.${csrfMac(nonce, sessionId, secretKey)}`;
}

/** Whether the token was made for this session (constant-time comparison of the MAC). */
export function isCsrfTokenBoundTo(token: string, sessionId: string, secretKey?: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return safeEqual(token.slice(dot + 1), csrfMac(token.slice(0, dot), sessionId, secretKey));
}

/**
 * The CSRF token last found bound to each session, for one app (one key): a signed-in reader sends the same
 * token with every request, and checking it costs an HMAC and a hash. Exact — whether a token is bound to a
 * session depends only on the token, the session id and the app's key — so a remembered pair needs no
 * re-check. Sessions are held by their id's sha256, as everywhere else; the oldest go past `max`.
 */
export class BoundTokenMemo {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  has(sessionId: string, token: string): boolean {
    return this.tokens.get(sha256(sessionId)) === token;
  }

  add(sessionId: string, token: string) {
    const key = sha256(sessionId);
    this.tokens.delete(key);
    this.tokens.set(key, token);
    if (this.tokens.size > this.max) this.tokens.delete(this.tokens.keys().next().value!);
  }
}

/** The key the server kit was configured with (CVDP_SECRET_KEY), if any. */
function configuredKey(reply: FastifyReply): string | undefined {
  return (reply.server as { config?: { secretKey?: string } }).config?.secretKey;
}

/**
 * Sets the `csrftoken` cookie: bound to `sessionId` when given (at sign-in, give the new session's id),
 * a plain random token otherwise (before sign-in).
 */
export function issueCsrfCookie(reply: FastifyReply, secure: boolean, sessionId?: string | null) {
  const value = sessionId ? boundCsrfToken(sessionId, configuredKey(reply)) : newSecret(24);
  reply.setCookie(CSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
  return value;
}

/**
 * Every answer leaves the client with a usable token: a plain one when it has none, and one bound to the
 * session when it is signed in and its token is missing or not made for this session (older sessions,
 * a cookie planted from elsewhere), so the page's next write works.
 */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  sessionId?: string | null,
  memo?: BoundTokenMemo,
) {
  const token = request.cookies[CSRF_COOKIE];
  if (sessionId) {
    if (!token) {
      issueCsrfCookie(reply, secure, sessionId);
    } else if (!memo?.has(sessionId, token)) {
      if (isCsrfTokenBoundTo(token, sessionId, configuredKey(reply))) memo?.add(sessionId, token);
      else issueCsrfCookie(reply, secure, sessionId);
    }
  } else if (!token) {
    issueCsrfCookie(reply, secure);
  }
}

/**
 * Unsafe requests repeat the cookie in X-CSRFToken; when signed in by session (`sessionId`), the token must
 * moreover be bound to that session.
 */
export function checkCsrf(request: FastifyRequest, sessionId?: string | null, secretKey?: string) {
  if (!UNSAFE.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw new HttpError(403, CSRF_FAILED);
  }
  if (sessionId && !isCsrfTokenBoundTo(header, sessionId, secretKey)) throw new HttpError(403, CSRF_FAILED);
}

/** Each `Set-Cookie` line of the answer so far as [name, value, whole line]. */
function setCookieLines(reply: FastifyReply): [string, string, string][] {
  const header = reply.getHeader('set-cookie');
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.map((line) => {
    const pair = line.split(';', 1)[0];
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim(), line];
  });
}

/**
 * onSend (after the cookie plugin wrote Set-Cookie): when the answer starts a session (sets a session
 * cookie), the CSRF cookie it carries is bound to that session, whatever the route issued. Sign-in routes
 * should pass the new session id to issueCsrfCookie; this keeps any that do not from handing out tokens
 * every later write would fail with.
 */
export function bindCsrfCookieToNewSession(
  reply: FastifyReply,
  secure: boolean,
  sessionCookieNames: string[],
) {
  const lines = setCookieLines(reply);
  const started = lines.find(
    ([name, value, line]) =>
      sessionCookieNames.includes(name) && value !== '' && !/;\s*max-age=0/i.test(line),
  );
  if (!started) return;
  const sessionId = decodeURIComponent(started[1]);
  const csrf = lines.find(([name]) => name === CSRF_COOKIE);
  if (csrf && isCsrfTokenBoundTo(decodeURIComponent(csrf[1]), sessionId, configuredKey(reply))) return;
  reply.removeHeader('set-cookie');
  const others = lines.filter(([name]) => name !== CSRF_COOKIE).map(([, , line]) => line);
  if (others.length) reply.header('set-cookie', others);
  // The cookie plugin's onSend already ran, so this is written at once.
  issueCsrfCookie(reply, secure, sessionId);
}
