// The session cache (session-cache.ts) on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// hits without a statement; two apps on one database stand for two replicas — a sign-out, a deactivation,
// a role or group change made anywhere reaches the other through NOTIFY; expired sessions are refused; and
// without a live LISTEN every request reads the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type Db, openPostgres } from '../db/database.ts';
import {
  type NotificationsListener,
  type SubscribeOptions,
  notificationsOf,
  pgliteNotifications,
  postgresNotifications,
} from '../db/notifications-listener.ts';
import { groupMembers, groups, users } from '../db/schema/index.ts';
import { createServer } from '../http/create-server.ts';
import { serverKitPlugin } from '../server-kit-plugin.ts';
import { LocalFileStorage } from '../storage/index.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createSession, destroySession, readSessionCookie } from './sessions.ts';
import { AUTH_CHANGES_CHANNEL, SessionCache } from './session-cache.ts';

let database: Database;
/** A second handle on the same database, with its own LISTEN: the other replica. */
let replica: { db: Db; notifications: NotificationsListener; close(): Promise<void> };
let filesDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase(inject('dbTemplate'));
  filesDir = await mkdtemp(path.join(tmpdir(), 'cvdp-session-cache-'));
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const db = drizzlePglite({ client: client as PGlite }) as unknown as Db;
    const notifications = pgliteNotifications(client as PGlite);
    replica = { db, notifications, close: () => notifications.close() };
  } else {
    const url = (client as { options: { connectionString: string } }).options.connectionString;
    replica = await openPostgres(url, { max: 2 });
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await replica?.close();
  await database?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

async function buildApp(
  db: Db,
  notifications: NotificationsListener,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig({}), logLevel: 'silent', ...overrides };
  const app = createServer(config, { logger: false });
  await app.register(serverKitPlugin, {
    db,
    config,
    notifications,
    storage: new LocalFileStorage(filesDir),
  });
  app.get('/whoami', { preHandler: app.requireUser }, async (request) => request.user);
  // Sign-out as the accounts route does it (ownAuth: no CSRF dance for this test route).
  app.post('/logout', { config: { ownAuth: true } }, async (request, reply) => {
    const id = readSessionCookie(request, config);
    if (id) await destroySession(db, id);
    return reply.status(204).send();
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** Statements a database handle sends (both drivers go through their client's query()). */
function countStatements(db: Db) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const counter = {
    n: 0,
    stop: () => void (client.query = original),
  };
  client.query = function (this: unknown, ...args: unknown[]) {
    counter.n++;
    return original.apply(this, args);
  };
  return counter;
}

let userCount = 0;
async function signedInUser(idleSeconds = 1200) {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `cache${++userCount}-${process.pid}@example.test`,
      name: `Cache ${userCount}`,
      passwordHash: 'x',
      roles: ['reporter'],
      pending: false,
    })
    .returning();
  const sessionId = await createSession(database.db, user.id, idleSeconds);
  return { user, sessionId };
}

const whoami = (app: FastifyInstance, sessionId: string) =>
  app.inject({ method: 'GET', url: '/whoami', cookies: { cvdp_session: sessionId } });

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

let markers = 0;
/**
 * Resolves, on `wait()`, once `listener` (hence a cache subscribed on it before) has heard `payload` sent
 * after this call: a marker (a user id no one has) first lets every earlier notification go by.
 */
async function heard(listener: NotificationsListener, payload: string) {
  const seen: string[] = [];
  const stop = await listener.subscribe(AUTH_CHANGES_CHANNEL, (p) => seen.push(p));
  const marker = String(-++markers);
  await database.db.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${marker})`);
  await until(() => seen.includes(marker));
  const from = seen.length;
  return {
    wait: async () => {
      await until(() => seen.slice(from).some((p) => p === payload || p === '*'));
      stop();
    },
  };
}

describe('session cache', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildApp(database.db, notificationsOf(database.db));
    b = await buildApp(replica.db, replica.notifications);
    await a.sessionCache!.ready;
    await b.sessionCache!.ready;
  });

  it('is on by default and off with CVDP_SESSION_CACHE=off', async () => {
    expect(loadConfig({}).sessionCache).toBe(true);
    expect(loadConfig({ CVDP_SESSION_CACHE: 'off' }).sessionCache).toBe(false);
    const off = await buildApp(database.db, notificationsOf(database.db), { sessionCache: false });
    expect(off.sessionCache).toBeNull();
    const { sessionId } = await signedInUser();
    const count = countStatements(database.db);
    try {
      expect((await whoami(off, sessionId)).statusCode).toBe(200);
      expect((await whoami(off, sessionId)).statusCode).toBe(200);
      expect(count.n).toBe(2);
    } finally {
      count.stop();
    }
  });

  it('answers a cached session without a statement, with what the database path answers', async () => {
    const { user, sessionId } = await signedInUser();
    const first = await whoami(a, sessionId);
    expect(first.statusCode).toBe(200);
    const count = countStatements(database.db);
    try {
      const second = await whoami(a, sessionId);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(second.json()).toMatchObject({
        id: user.id,
        email: user.email,
        roles: ['reporter'],
        groupIds: [],
      });
      expect(count.n).toBe(0);
    } finally {
      count.stop();
    }
  });

  it('a sign-out on app A ends the session on A at once and on app B after the NOTIFY', async () => {
    const { user, sessionId } = await signedInUser();
    expect((await whoami(a, sessionId)).statusCode).toBe(200);
    expect((await whoami(b, sessionId)).statusCode).toBe(200);
    const notice = await heard(replica.notifications, String(user.id));
    const out = await a.inject({ method: 'POST', url: '/logout', cookies: { cvdp_session: sessionId } });
    expect(out.statusCode).toBe(204);
    expect((await whoami(a, sessionId)).statusCode).toBe(401);
    await notice.wait();
    expect((await whoami(b, sessionId)).statusCode).toBe(401);
  });

  it('a session deleted in the database (no local drop) ends on both apps through NOTIFY alone', async () => {
    const { user, sessionId } = await signedInUser();
    expect((await whoami(a, sessionId)).statusCode).toBe(200);
    expect((await whoami(b, sessionId)).statusCode).toBe(200);
    const countB = countStatements(replica.db);
    try {
      expect((await whoami(b, sessionId)).statusCode).toBe(200);
      expect(countB.n).toBe(0); // B serves it from memory: the NOTIFY is what ends it
    } finally {
      countB.stop();
    }
    const noticeA = await heard(notificationsOf(database.db), String(user.id));
    const noticeB = await heard(replica.notifications, String(user.id));
    await database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    await noticeA.wait();
    await noticeB.wait();
    expect((await whoami(a, sessionId)).statusCode).toBe(401);
    expect((await whoami(b, sessionId)).statusCode).toBe(401);
  });

  it('deactivation, a role change and a removed group membership are seen right after the NOTIFY', async () => {
    const { user, sessionId } = await signedInUser();
    const [group] = await database.db
      .insert(groups)
      .values({ name: `Cache group ${process.pid}-${userCount}` })
      .returning();
    await database.db.insert(groupMembers).values({ groupId: group.id, userId: user.id });
    expect((await whoami(b, sessionId)).json()).toMatchObject({ roles: ['reporter'], groupIds: [group.id] });

    let notice = await heard(replica.notifications, String(user.id));
    await database.db.execute(sql`update users set roles = '{coordinator}' where id = ${user.id}`);
    await notice.wait();
    expect((await whoami(b, sessionId)).json()).toMatchObject({ roles: ['coordinator'] });

    notice = await heard(replica.notifications, String(user.id));
    await database.db.execute(sql`delete from group_members where user_id = ${user.id}`);
    await notice.wait();
    expect((await whoami(b, sessionId)).json()).toMatchObject({ groupIds: [] });

    notice = await heard(replica.notifications, String(user.id));
    await database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    await notice.wait();
    expect((await whoami(b, sessionId)).statusCode).toBe(401);
  });

  it('a sign-in (last_login_at) does not notify', async () => {
    const { user, sessionId } = await signedInUser();
    await whoami(b, sessionId);
    const payloads: string[] = [];
    const stop = await replica.notifications.subscribe(AUTH_CHANGES_CHANNEL, (p) => {
      if (!p.startsWith('ping:')) payloads.push(p); // the caches' heartbeats
    });
    await database.db.execute(sql`update users set last_login_at = now() where id = ${user.id}`);
    await database.db.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, '-1000')`);
    await until(() => payloads.includes('-1000'));
    stop();
    expect(payloads).toEqual(['-1000']);
  });

  it('refuses an idle-expired session and one past its absolute lifetime', async () => {
    const idle = await buildApp(database.db, notificationsOf(database.db), { sessionIdleSeconds: 1 });
    const short = await buildApp(database.db, notificationsOf(database.db), {
      sessionMaxAgeSeconds: 1,
      sessionIdleSeconds: 3600,
    });
    await idle.sessionCache!.ready;
    await short.sessionCache!.ready;
    const forIdle = await signedInUser(1);
    const forShort = await signedInUser(3600);
    expect((await whoami(idle, forIdle.sessionId)).statusCode).toBe(200);
    expect((await whoami(short, forShort.sessionId)).statusCode).toBe(200);
    expect(idle.sessionCache!.size).toBe(1);
    expect(short.sessionCache!.size).toBe(1);
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await whoami(idle, forIdle.sessionId)).statusCode).toBe(401);
    expect((await whoami(short, forShort.sessionId)).statusCode).toBe(401);
    expect(idle.sessionCache!.size).toBe(0);
    expect(short.sessionCache!.size).toBe(0);
  });
});

/** A listener the test drives: the subscription resolves, drops and comes back when told. */
function controlledListener(real: NotificationsListener) {
  let options: SubscribeOptions = {};
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  const listener: NotificationsListener = {
    async subscribe(channel, onNotify, opts = {}) {
      options = opts;
      const stop = await real.subscribe(channel, onNotify);
      await held;
      return stop;
    },
    subscriberCount: (channel) => real.subscriberCount(channel),
    close: async () => {},
  };
  return {
    listener,
    release,
    disconnect: () => options.onDisconnect?.(),
    reconnect: () => options.onReconnect?.(),
  };
}

describe('session cache without a live LISTEN', () => {
  it('reads the database on every request before the LISTEN, while disconnected, and uses memory again after', async () => {
    const control = controlledListener(notificationsOf(database.db));
    const app = await buildApp(database.db, control.listener);
    const { sessionId } = await signedInUser();
    const count = countStatements(database.db);
    const statementsFor = async (requests: number) => {
      const before = count.n;
      for (let i = 0; i < requests; i++) expect((await whoami(app, sessionId)).statusCode).toBe(200);
      return count.n - before;
    };
    try {
      expect(await statementsFor(3)).toBe(3); // not subscribed yet
      control.release();
      await app.sessionCache!.ready;
      expect(await statementsFor(3)).toBe(1); // one fill, then memory
      control.disconnect();
      expect(app.sessionCache!.size).toBe(0);
      expect(await statementsFor(3)).toBe(3);
      control.reconnect();
      expect(await statementsFor(3)).toBe(1);
    } finally {
      count.stop();
    }
  });

  it.runIf(inject('dbTemplate').kind === 'postgres')(
    'PostgreSQL: a killed LISTEN connection turns the cache off until it has listened again',
    async () => {
      const app = await buildApp(replica.db, replica.notifications);
      await app.sessionCache!.ready;
      const { sessionId } = await signedInUser();
      expect((await whoami(app, sessionId)).statusCode).toBe(200);
      expect(app.sessionCache!.size).toBe(1);
      const states: boolean[] = [];
      const cache = app.sessionCache!;
      const stop = await replica.notifications.subscribe('cvdp_test_cache_probe', () => {}, {
        onDisconnect: () => states.push(cache.live),
        onReconnect: () => states.push(cache.live),
      });
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and application_name = 'cvdp-listen'`,
      );
      // The cache subscribed first, so it is told first: off at the loss, on again once re-LISTENed.
      await until(() => states.length === 2);
      expect(states).toEqual([false, true]);
      expect(app.sessionCache!.size).toBe(0);
      stop();
      expect((await whoami(app, sessionId)).statusCode).toBe(200);
      expect(app.sessionCache!.size).toBe(1);
    },
  );
});

/** A listener whose notifications the test hands over itself (delayed, or lost). */
function handListener() {
  let onNotify: (payload: string) => void = () => {};
  const listener: NotificationsListener = {
    subscribe: async (_channel, handler) => {
      onNotify = handler;
      return () => {};
    },
    subscriberCount: () => 1,
    close: async () => {},
  };
  return { listener, deliver: (payload: string) => onNotify(payload) };
}

describe('session cache heartbeat', () => {
  const limits = { maxEntries: 10, ttlMs: 30_000, heartbeatMs: 50 };
  const session = (userId: number) => ({
    user: { id: userId, email: 'h@example.test', name: 'H', roles: [], groupIds: [] },
    lastSeenAt: Date.now(),
    expiresAt: Date.now() + 60_000,
    createdAt: Date.now(),
  });

  it('stays in use while its pings come back through the database', async () => {
    // A LISTEN connection of its own: the shared one of `database` may still be reconnecting after the
    // killed-connection test above, and its reconnect would (rightly) empty the cache mid-test.
    const client = (database.db as unknown as { $client: unknown }).$client;
    const listener =
      database.kind === 'pglite'
        ? pgliteNotifications(client as PGlite)
        : postgresNotifications({ ...(client as { options: pg.ClientConfig }).options });
    // A heartbeat slow enough for a loaded test machine (a ping may take two beats: 2 s).
    const cache = new SessionCache({ ...limits, heartbeatMs: 1_000 });
    cache.start(listener, null, (payload) =>
      database.db.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${payload})`),
    );
    onTestFinished(() => listener.close());
    try {
      await cache.ready;
      cache.store('h1', session(1), cache.version);
      await new Promise((r) => setTimeout(r, 3_200));
      expect(cache.live).toBe(true);
      expect(cache.get('h1')).toBeDefined();
    } finally {
      cache.stop();
    }
  });

  it('stays on when a ping comes back a beat late (a stalled event loop is not a lost connection)', async () => {
    const { listener, deliver } = handListener();
    const cache = new SessionCache({ ...limits, heartbeatMs: 100 });
    // Each ping is heard 1.5 beats after it was sent: after the next beat, before the one after.
    cache.start(listener, null, async (payload) => {
      setTimeout(() => deliver(payload), 150);
    });
    try {
      await cache.ready;
      cache.store('h1', session(1), cache.version);
      await new Promise((r) => setTimeout(r, 700));
      expect(cache.live).toBe(true);
      expect(cache.get('h1')).toBeDefined();
    } finally {
      cache.stop();
    }
  });

  it('is off (and empty) while its pings are lost, and on again once one comes back', async () => {
    const { listener, deliver } = handListener();
    let lose = false;
    const cache = new SessionCache(limits);
    cache.start(listener, null, async (payload) => {
      if (!lose) setTimeout(() => deliver(payload), 1);
    });
    try {
      await cache.ready;
      cache.store('h1', session(1), cache.version);
      lose = true;
      await until(() => !cache.live);
      expect(cache.size).toBe(0);
      expect(cache.get('h1')).toBeUndefined();
      lose = false;
      await until(() => cache.live);
    } finally {
      cache.stop();
    }
  });

  it('is off while the database cannot be reached to send a ping', async () => {
    const cache = new SessionCache(limits);
    let fail = false;
    cache.start(notificationsOf(database.db), null, async (payload) => {
      if (fail) throw new Error('no database');
      await database.db.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${payload})`);
    });
    try {
      await cache.ready;
      fail = true;
      await until(() => !cache.live);
      fail = false;
      await until(() => cache.live);
    } finally {
      cache.stop();
    }
  });
});

describe('session cache sync()', () => {
  it('returns once a change committed before it has been heard', async () => {
    const app = await buildApp(replica.db, replica.notifications);
    await app.sessionCache!.ready;
    const { user, sessionId } = await signedInUser();
    expect((await whoami(app, sessionId)).json()).toMatchObject({ roles: ['reporter'] });
    for (const role of ['coordinator', 'scorer', 'admin']) {
      await database.db.execute(sql`update users set roles = ${`{${role}}`} where id = ${user.id}`);
      await app.sessionCache!.sync();
      expect((await whoami(app, sessionId)).json()).toMatchObject({ roles: [role] });
    }
  });
});
