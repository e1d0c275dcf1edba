// What every service process shares, registered once at the root: cookies, security headers, error shape,
// who-is-asking (session or token), CSRF, multipart limits, /healthz.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { type NotificationsListener, notificationsOf } from './db/notifications-listener.ts';
import { installErrorHandling, HttpError } from './http/errors.ts';
import { installRouteSchemas } from './http/routes.ts';
import { assertStorableText } from './http/text-safety.ts';
import { type AuthUser, type Role, hasRole, loadAuthUser } from './auth/auth-user.ts';
import {
  SESSION_COOKIE,
  purgeExpiredSessions,
  readSessionCookie,
  resolveSessionUser,
  sessionCookieName,
} from './auth/sessions.ts';
import { AUTH_CHANGES_CHANNEL, SessionCache } from './auth/session-cache.ts';
import { parseTokenHeader, resolveApiToken } from './auth/api-tokens.ts';
import { BoundTokenMemo, bindCsrfCookieToNewSession, checkCsrf, ensureCsrfCookie } from './auth/csrf.ts';
import path from 'node:path';
import { type FileStorage, LocalFileStorage, S3FileStorage } from './storage/index.ts';
import { OutboundHttp } from './outbound/outbound-http.ts';
import { type Clock, OffsetClock, systemClock } from './clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Uploaded files (artifacts): a local folder by default, S3-compatible storage with CVDP_S3_URL. */
    storage: FileStorage;
    /** The one client for calls to other servers (outbound/): address policy, no cross-origin redirects. */
    outbound: OutboundHttp;
    /** The time scheduled work acts on (clock.ts): the system clock, or a test's ManualClock. */
    clock: Clock;
    /** PostgreSQL LISTEN/NOTIFY on one dedicated connection per process, fanned out to subscribers. */
    notifications: NotificationsListener;
    /** Signed-in sessions kept in memory (auth/session-cache.ts); null with CVDP_SESSION_CACHE=off. */
    sessionCache: SessionCache | null;
    /** preHandler: 401 unless signed in. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler factory: 401 unless signed in, 403 unless the user holds one of the roles. */
    requireRole: (...roles: Role[]) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    authMethod: 'session' | 'token' | null;
    sessionId: string | null;
  }
}

export interface ServerKitOptions {
  db: Db;
  config: Config;
  /**
   * Where uploads go; by default S3 when `config.s3` is set, else the folder `${config.dataDir}/files`.
   * Tests pass a temporary one.
   */
  storage?: FileStorage;
  /** The database's listener (`Database.notifications`); by default `notificationsOf(db)`, the same one. */
  notifications?: NotificationsListener;
  /** The time scheduled work acts on; the system clock unless a test passes its own. */
  clock?: Clock;
}

export const NOT_SIGNED_IN = 'Authentication credentials were not provided.';

async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  const key = parseTokenHeader(request.headers.authorization);
  if (key) {
    const userId = await resolveApiToken(app.db, key);
    if (userId === null) throw new HttpError(401, 'Invalid token.');
    request.user = await loadAuthUser(app.db, userId);
    if (!request.user) throw new HttpError(401, 'Invalid token.');
    request.authMethod = 'token';
    return;
  }
  const sessionId = readSessionCookie(request, app.config);
  if (!sessionId) return;
  request.user = await resolveSessionUser(
    app.db,
    sessionId,
    app.config.sessionIdleSeconds,
    app.config.sessionMaxAgeSeconds,
    app.sessionCache,
  );
  if (request.user) {
    request.authMethod = 'session';
    request.sessionId = sessionId;
  }
}

/** The store the configuration asks for: S3 with CVDP_S3_URL, else the local folder. */
export function defaultStorage(config: Config): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(path.join(config.dataDir, 'files'));
}

/**
 * Ended sessions are deleted once the app is ready and then every `sessionPurgeSeconds`. Every replica
 * runs it: the DELETE is idempotent and cheap (by its indexes' worth of ended rows), so no lock or leader
 * is needed. A failure is logged and tried again at the next tick.
 */
function startSessionPurge(app: FastifyInstance, db: Db, config: Config) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const purge = () => {
    running ??= purgeExpiredSessions(db, config.sessionMaxAgeSeconds)
      .then((deleted) => {
        if (deleted) app.log.info({ deleted }, 'deleted ended sessions');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'deleting ended sessions failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, config.sessionPurgeSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

async function serverKit(
  app: FastifyInstance,
  { db, config, storage, notifications, clock }: ServerKitOptions,
) {
  app.decorate('db', db);
  app.decorate('clock', clock ?? (config.testClock ? new OffsetClock() : systemClock));
  app.decorate('config', config);
  const listener = notifications ?? notificationsOf(db);
  if ('log' in listener && listener.log === null) listener.log = app.log;
  app.decorate('notifications', listener);
  const sessionCache = config.sessionCache ? new SessionCache() : null;
  app.decorate('sessionCache', sessionCache);
  if (sessionCache) {
    // In use once its LISTEN is in place; requests before that read the database.
    sessionCache.start(listener, app.log, (payload) =>
      db.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${payload})`),
    );
    app.addHook('onClose', async () => sessionCache.stop());
  }
  const files = storage ?? defaultStorage(config);
  app.decorate('storage', files);
  if (!storage && files instanceof S3FileStorage) {
    // The endpoint and bucket only: the key pair never reaches a log.
    app.log.info(
      { endpoint: new URL(config.s3!.endpoint).origin, bucket: config.s3!.bucket },
      'files are stored in S3',
    );
    app.addHook('onClose', async () => files.close());
  }
  const outbound = new OutboundHttp({ allow: config.outboundAllow });
  app.decorate('outbound', outbound);
  app.addHook('onClose', () => outbound.close());
  startSessionPurge(app, db, config);
  // A process killed mid-upload leaves its temporary file behind: sweep old ones at start.
  const swept = await files.sweepStaleUploads?.();
  if (swept) app.log.info({ swept }, 'removed temporary files of interrupted uploads');
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  app.decorateRequest('sessionId', null);

  installErrorHandling(app);
  installRouteSchemas(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Bootstrap sets inline style attributes (modals, popovers); scripts stay 'self' only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  });
  // Form posts (e.g. assign/unassign take `users[]`, `reason`) alongside JSON and multipart.
  await app.register(formbody);
  // An empty body is valid for calls that take none (the logout call posts an empty body), whatever
  // content type the client declared; anything else goes through Fastify's safe JSON parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    void jsonParser(request, text, done);
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 5, fields: 50, fieldSize: 2 * 1024 * 1024, parts: 60 },
  });

  const boundTokens = new BoundTokenMemo();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Calls of another instance (routes with ownAuth): their preHandler checks the caller; no cookie counts.
    if (request.routeOptions.config?.ownAuth) return;
    ensureCsrfCookie(request, reply, config.secureCookies);
    await authenticate(app, request);
    // Signed in by session: the CSRF token must be the one bound to this session (auth/csrf.ts).
    const sessionId = request.authMethod === 'session' ? request.sessionId : null;
    if (sessionId) ensureCsrfCookie(request, reply, config.secureCookies, sessionId, boundTokens);
    if (request.authMethod !== 'token') checkCsrf(request, sessionId, config.secretKey);
  });

  const sessionCookieNames = [...new Set([SESSION_COOKIE, sessionCookieName(config)])];
  app.addHook('onSend', async (request, reply, payload) => {
    // JSON answers (errors included) are per user and per moment: no cache keeps them. Static assets and
    // the page set their own Cache-Control.
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^application\/(?:[\w.+-]*\+)?json\b/i.test(type) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    bindCsrfCookieToNewSession(reply, config.secureCookies, sessionCookieNames);
    return payload;
  });

  // Text PostgreSQL cannot store (NUL, lone surrogates) is refused before any route sees it.
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    if (request.body && typeof request.body === 'object' && !request.isMultipart())
      assertStorableText(request.body);
  });

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      if (!request.user) throw new HttpError(401, NOT_SIGNED_IN);
      if (!hasRole(request.user, ...roles)) {
        throw new HttpError(403, 'You do not have permission to perform this action.');
      }
    };
  });

  app.get('/healthz', async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}

export const serverKitPlugin = fp(serverKit, { name: 'cvdp-server-kit', fastify: '5.x' });
