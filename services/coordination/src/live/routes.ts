// GET /api/case/thread/{id}/events/ — a thread, live: Server-Sent Events (@fastify/sse) for whoever may
// read the thread (policy: thread.read; 404 otherwise, decided when the stream opens).
//
// What the page gets (ids only, never text — it refetches what changed, through the normal calls and their
// access checks):
//   event: ready    data: {"thread":12}                          subscribed: (re)load the thread now
//   event: post     data: {"thread":12,"post":345,"op":"insert","table":"posts"}   a ThreadEvent (core)
//   event: resync   data: {"thread":12}                          the server's LISTEN connection dropped and
//                                                                came back: events may be missing, reload
//   event: closed   data: {"thread":12,"reason":"too_many_streams"}  the caller opened more than
//                                                                MAX_STREAMS_PER_USER streams: this, their
//                                                                oldest, is closed (the page polls instead;
//                                                                it does not reconnect)
//   : heartbeat                                                  every 15 s, so proxies keep the stream open
//
// The signal comes from PostgreSQL NOTIFY (hub.ts), so a post written through any replica reaches streams on
// every replica. Access is checked again before each batch of events is sent and every minute without
// events: a caller who lost it (removed from the case or its group, the thread restricted away or deleted,
// signed out, session expired, token revoked) gets nothing more — the stream ends, and the browser's
// reconnect then gets the 404. Closing the app ends every stream; a client that goes away leaves no
// subscriber behind.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifySSE } from '@fastify/sse';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { idParams, type ThreadEvent } from '@cvdp/core';
import {
  type Db,
  HttpError,
  apiTokens,
  loadAuthUser,
  parseTokenHeader,
  sessions,
  sha256,
} from '@cvdp/server-kit';
import { readableThread } from '../threads/access.ts';
import { threadEventHub } from './hub.ts';

/**
 * How many streams one user may hold open at once (per process): each holds a connection and a periodic
 * access check, so an unbounded number would let one account tie the server up. Opening one more closes
 * their oldest (tabs left open the longest are the least likely to be looked at).
 */
export const MAX_STREAMS_PER_USER = 8;

export interface LiveRouteOptions {
  /** Streams one user may hold open at once (default MAX_STREAMS_PER_USER). */
  maxStreamsPerUser?: number;
  /** Between heartbeat comments, ms (default 15 s). */
  heartbeatMs?: number;
  /** Between access checks when no event comes, ms (default 60 s). */
  recheckMs?: number;
}

/** How the stream's caller signed in, to see later whether that still holds (without touching it). */
type Credential = { kind: 'session'; hash: string; maxAgeSeconds: number } | { kind: 'token'; hash: string };

async function credentialHolds(db: Db, credential: Credential): Promise<boolean> {
  if (credential.kind === 'session') {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(sessions)
      .where(
        and(
          eq(sessions.idHash, credential.hash),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.createdAt, sql`now() - ${credential.maxAgeSeconds} * interval '1 second'`),
        ),
      );
    return !!row;
  }
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(apiTokens)
    .where(and(eq(apiTokens.keyHash, credential.hash), isNull(apiTokens.revokedAt)));
  return !!row;
}

/**
 * May the caller still read the thread? Anything else than a yes ends the stream — a database error too: the
 * browser reconnects and the opening checks decide again.
 */
async function stillReadable(
  db: Db,
  log: FastifyBaseLogger,
  userId: number,
  credential: Credential,
  threadId: number,
) {
  try {
    if (!(await credentialHolds(db, credential))) return false;
    const user = await loadAuthUser(db, userId);
    if (!user) return false;
    await readableThread(db, user, threadId);
    return true;
  } catch (error) {
    if (!(error instanceof HttpError)) log.warn({ err: error }, 'thread events: access check failed');
    return false;
  }
}

/** EventSource sends `Accept: text/event-stream`; anything that does not ask for it gets a clear 406. */
async function acceptsEventStream(request: FastifyRequest) {
  const accept = request.headers.accept ?? '';
  if (!/(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept)) {
    throw new HttpError(
      406,
      'This call is a stream of Server-Sent Events: send Accept: text/event-stream (EventSource does).',
    );
  }
}

export async function liveRoutes(app: FastifyInstance, options: LiveRouteOptions = {}) {
  const { db } = app;
  const recheckMs = options.recheckMs ?? 60_000;
  await app.register(fastifySSE, { heartbeatInterval: options.heartbeatMs ?? 15_000 });
  const hub = threadEventHub(app.notifications);
  /** Every open stream's closer: the app ends them all when it closes (or it would wait for the clients). */
  const open = new Set<() => void>();
  const maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  /** Each user's open streams, oldest first: the closer that tells the client why. */
  const byUser = new Map<number, (() => void)[]>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.route({
    method: 'GET',
    url: '/api/case/thread/:id/events/',
    sse: 'only',
    schema: {
      summary:
        "A thread's changes as Server-Sent Events (ready, post {thread, post, op, table}, resync; heartbeats)",
      tags: ['threads'],
      params: idParams,
    },
    preHandler: [
      app.requireUser,
      acceptsEventStream,
      async (request) => {
        await readableThread(db, request.user!, (request.params as { id: number }).id);
      },
    ],
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const threadId = (request.params as { id: number }).id;
      const userId = request.user!.id;
      const token = parseTokenHeader(request.headers.authorization);
      const credential: Credential =
        request.authMethod === 'token' && token
          ? { kind: 'token', hash: sha256(token) }
          : {
              kind: 'session',
              hash: sha256(request.sessionId ?? ''),
              maxAgeSeconds: app.config.sessionMaxAgeSeconds,
            };
      const sse = reply.sse;
      sse.keepAlive();

      let stopped = false;
      let leave: (() => void) | null = null;
      let timer: NodeJS.Timeout | null = null;
      const pending: ThreadEvent[] = [];
      let draining = false;
      let checkDue = false;

      const stop = () => {
        if (stopped) return;
        stopped = true;
        open.delete(stop);
        forget();
        if (timer) clearInterval(timer);
        leave?.();
        leave = null;
        sse.close();
      };
      open.add(stop);
      sse.onClose(stop);

      const send = async (event: string, data: unknown) => {
        if (stopped || !sse.isConnected) return;
        await sse.send({ event, data });
      };

      // Counted from now on; over the cap, the user's oldest stream is told why and closed.
      const evict = () => {
        forget();
        void send('closed', { thread: threadId, reason: 'too_many_streams' })
          .catch(() => undefined)
          .finally(stop);
      };
      const forget = () => {
        const list = byUser.get(userId);
        const at = list?.indexOf(evict) ?? -1;
        if (at >= 0) list!.splice(at, 1);
        if (list?.length === 0) byUser.delete(userId);
      };
      const mine = byUser.get(userId) ?? [];
      byUser.set(userId, mine);
      mine.push(evict);
      while (mine.length > maxPerUser) mine[0]();

      // Events arriving while a check runs wait for the next one, so one check covers a burst.
      const drain = async () => {
        if (draining) return;
        draining = true;
        try {
          while (!stopped && (pending.length > 0 || checkDue)) {
            checkDue = false;
            const batch = pending.splice(0);
            if (!(await stillReadable(db, request.log, userId, credential, threadId))) {
              stop();
              return;
            }
            for (const event of batch) await send('post', event);
          }
        } catch (error) {
          request.log.info({ err: error }, 'thread events: stream ended');
          stop();
        } finally {
          draining = false;
        }
      };

      try {
        leave = await hub.add(threadId, {
          event: (event) => {
            pending.push(event);
            void drain();
          },
          resync: () => void send('resync', { thread: threadId }).catch(() => stop()),
        });
      } catch (error) {
        stop();
        throw error;
      }
      if (stopped) {
        // The client left while we subscribed.
        leave();
        return;
      }
      timer = setInterval(() => {
        checkDue = true;
        void drain();
      }, recheckMs);
      timer.unref();
      await send('ready', { thread: threadId });
    },
  });
}
