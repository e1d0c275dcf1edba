// Live threads over a real HTTP socket (fetch reading the event stream as a browser's EventSource would):
// who may open the stream, what it carries, that access is checked again while it is open, that a client
// going away leaves no subscriber, and — on PostgreSQL — that a post written through one app instance
// reaches a stream held by another instance on the same database (two replicas behind a load balancer).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  LocalFileStorage,
  createServer,
  openPostgres,
  serverKitPlugin,
  users,
} from '@cvdp/server-kit';
import { coordinationService } from '../app.ts';
import { accountRoutes } from '../accounts/routes.ts';
import { caseParticipants, cases } from '../cases/tables.ts';
import { postReactions, posts } from '../posts/tables.ts';
import { threadParticipants, threads } from '../threads/tables.ts';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { THREAD_EVENTS_CHANNEL, threadEventHub } from './hub.ts';
import { MAX_STREAMS_PER_USER, liveRoutes } from './routes.ts';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = await listen(t.app);
});
afterAll(() => t.close());

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface SseEvent {
  event: string;
  data: unknown;
}

/** An EventSource-like reader: the events so far, the raw text, and whether the server ended the stream. */
async function openStream(base: string, client: TestClient, threadId: number) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const abort = new AbortController();
  const response = await fetch(`${base}/api/case/thread/${threadId}/events/`, {
    headers: { accept: 'text/event-stream', cookie },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const state = { raw: '', ended: false };
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.raw += value;
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data !== undefined) events.push({ event: name, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted by the test
    }
    state.ended = true;
  })();
  const stream = {
    response,
    events,
    state,
    /** Waits for the n-th event of this name. */
    async next(name: string, n = 1, ms = 10_000) {
      await until(() => events.filter((e) => e.event === name).length >= n, ms);
      return events.filter((e) => e.event === name)[n - 1];
    },
    async close() {
      abort.abort();
      await reading;
    },
    ended: () => state.ended,
  };
  if (response.status === 200) await stream.next('ready');
  return stream;
}

/** A case with a coordinator (staff) and a vendor participant, signed in, and an open thread. */
async function world(app: TestApp = t) {
  const coordinator = await app.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  const vendor = await app.signIn({ roles: ['reporter'], name: 'Vera Vendor' });
  const [c] = await app.db
    .insert(cases)
    .values({ title: 'Live', createdBy: coordinator.user.id })
    .returning();
  const [, vendorRow] = await app.db
    .insert(caseParticipants)
    .values([
      { caseId: c.id, userId: coordinator.user.id, role: 'owner' },
      { caseId: c.id, userId: vendor.user.id, role: 'vendor' },
    ])
    .returning();
  const [thread] = await app.db
    .insert(threads)
    .values({ caseId: c.id, subject: 'Coordination', createdBy: coordinator.user.id })
    .returning();
  return { caseId: c.id, coordinator, vendor, vendorParticipantId: vendorRow.id, thread };
}

/** A post written straight into the table: the trigger of migration 0007 announces it at commit. */
async function writePost(threadId: number, caseId: number, authorId: number, content = 'hello', app = t) {
  const [post] = await app.db
    .insert(posts)
    .values({ threadId, caseId, authorId, content, html: `<p>${content}</p>` })
    .returning();
  return post;
}

const hub = () => threadEventHub(t.app.notifications);

describe('GET /api/case/thread/{id}/events/', () => {
  it('answers 401 signed out, 406 to a request that does not ask for an event stream, and 404 for a thread the caller may not read', async () => {
    const { thread, caseId, coordinator } = await world();
    const url = `/api/case/thread/${thread.id}/events/`;
    const sse = { headers: { accept: 'text/event-stream' } };
    expect((await t.anonymous().get(url, sse)).statusCode).toBe(401);

    const json = await coordinator.get(url, { headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(406);
    expect(json.json().detail).toMatch(/text\/event-stream/);
    expect((await coordinator.get(url)).statusCode).toBe(406);

    const stranger = await t.signIn({ roles: ['reporter'] });
    expect((await stranger.get(url, sse)).statusCode).toBe(404);
    expect((await coordinator.get('/api/case/thread/2147483647/events/', sse)).statusCode).toBe(404);
    expect((await coordinator.get('/api/case/thread/abc/events/', sse)).statusCode).toBe(404);

    // A restricted thread is closed to a participant it is not restricted to.
    const other = await t.signIn({ roles: ['reporter'] });
    const [row] = await t.db
      .insert(caseParticipants)
      .values({ caseId, userId: other.user.id, role: 'vendor' })
      .returning();
    const [restricted] = await t.db
      .insert(threads)
      .values({ caseId, subject: 'Only for one', restricted: true, createdBy: coordinator.user.id })
      .returning();
    const opened = await openStream(origin, coordinator, restricted.id);
    expect(opened.response.status).toBe(200);
    await opened.close();
    expect((await other.get(`/api/case/thread/${restricted.id}/events/`, sse)).statusCode).toBe(404);
    await t.db.insert(threadParticipants).values({ threadId: restricted.id, participantId: row.id });
    const allowed = await openStream(origin, other, restricted.id);
    expect(allowed.response.status).toBe(200);
    await allowed.close();
  });

  it('pushes the thread’s new posts, edits and reactions as they commit — not other threads’ — and leaves no subscriber when the client goes', async () => {
    const { thread, caseId, coordinator, vendor } = await world();
    const [otherThread] = await t.db
      .insert(threads)
      .values({ caseId, subject: 'Another', createdBy: coordinator.user.id })
      .returning();
    const stream = await openStream(origin, vendor, thread.id);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.events[0]).toEqual({ event: 'ready', data: { thread: thread.id } });
    expect(hub().count(thread.id)).toBe(1);
    expect(t.app.notifications.subscriberCount(THREAD_EVENTS_CHANNEL)).toBe(1);

    await writePost(otherThread.id, caseId, coordinator.user.id, 'elsewhere');
    const post = await writePost(thread.id, caseId, coordinator.user.id, 'A new post');
    expect((await stream.next('post')).data).toEqual({
      thread: thread.id,
      post: post.id,
      op: 'insert',
      table: 'posts',
    });
    await t.db.update(posts).set({ content: 'edited' }).where(eq(posts.id, post.id));
    expect((await stream.next('post', 2)).data).toMatchObject({ post: post.id, op: 'update' });
    await t.db.insert(postReactions).values({ postId: post.id, userId: vendor.user.id, reaction: 'heart' });
    expect((await stream.next('post', 3)).data).toMatchObject({
      post: post.id,
      op: 'insert',
      table: 'post_reactions',
    });
    await t.db
      .delete(postReactions)
      .where(and(eq(postReactions.postId, post.id), eq(postReactions.userId, vendor.user.id)));
    expect((await stream.next('post', 4)).data).toMatchObject({ op: 'delete', table: 'post_reactions' });
    // A rolled-back post is never announced.
    await t.db
      .transaction(async (tx) => {
        await tx.insert(posts).values({ threadId: thread.id, caseId, content: 'no', html: '' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    const postEvents = stream.events.filter((e) => e.event === 'post');
    expect(postEvents).toHaveLength(4);
    expect(postEvents.every((e) => (e.data as { thread: number }).thread === thread.id)).toBe(true);
    // Ids only: no text of any post is ever in the stream.
    expect(stream.state.raw).not.toMatch(/A new post|edited|elsewhere/);

    // Two tabs on the same thread share the process's one subscription; both leave, nothing stays.
    const second = await openStream(origin, coordinator, thread.id);
    expect(hub().count(thread.id)).toBe(2);
    expect(t.app.notifications.subscriberCount(THREAD_EVENTS_CHANNEL)).toBe(1);
    await stream.close();
    await until(() => hub().count(thread.id) === 1);
    await second.close();
    await until(() => hub().count() === 0);
    expect(t.app.notifications.subscriberCount(THREAD_EVENTS_CHANNEL)).toBe(0);
  });

  it('stops sending when the caller loses access mid-stream: removed from the case, or the thread restricted away', async () => {
    const { thread, caseId, coordinator, vendor, vendorParticipantId } = await world();
    const stream = await openStream(origin, vendor, thread.id);
    const staffStream = await openStream(origin, coordinator, thread.id);
    await writePost(thread.id, caseId, coordinator.user.id);
    await stream.next('post');

    await t.db.delete(caseParticipants).where(eq(caseParticipants.id, vendorParticipantId));
    await writePost(thread.id, caseId, coordinator.user.id, 'after the removal');
    await staffStream.next('post', 2);
    await until(() => stream.ended());
    expect(stream.events.filter((e) => e.event === 'post')).toHaveLength(1);
    await until(() => hub().count(thread.id) === 1);
    await staffStream.close();

    // Restricted away: the thread is restricted to others (here: to nobody, so staff only).
    const again = await world();
    const live = await openStream(origin, again.vendor, again.thread.id);
    await t.db.update(threads).set({ restricted: true }).where(eq(threads.id, again.thread.id));
    await writePost(again.thread.id, again.caseId, again.coordinator.user.id, 'restricted now');
    await until(() => live.ended());
    expect(live.events.filter((e) => e.event === 'post')).toHaveLength(0);
    await until(() => hub().count() === 0);
  });

  it('caps the streams one user holds open: one more closes their oldest (told why), no one else’s', async () => {
    const { thread, vendor, coordinator } = await world();
    const others = await openStream(origin, coordinator, thread.id);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(origin, vendor, thread.id));
    expect(hub().count(thread.id)).toBe(MAX_STREAMS_PER_USER + 1);
    const newest = await openStream(origin, vendor, thread.id);
    const oldest = streams[0];
    expect((await oldest.next('closed')).data).toEqual({ thread: thread.id, reason: 'too_many_streams' });
    await until(() => oldest.ended());
    await until(() => hub().count(thread.id) === MAX_STREAMS_PER_USER + 1);
    for (const s of [...streams.slice(1), newest, others]) expect(s.ended()).toBe(false);
    expect(others.events.some((e) => e.event === 'closed')).toBe(false);
    // Closing a stream frees its place: the next one closes nobody.
    await newest.close();
    await until(() => hub().count(thread.id) === MAX_STREAMS_PER_USER);
    const again = await openStream(origin, vendor, thread.id);
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
    for (const s of [...streams, again, others]) await s.close();
    await until(() => hub().count(thread.id) === 0);
  });

  it('closing the app ends its open streams instead of waiting for the clients', async () => {
    const other = await createTestApp();
    const base = await listen(other.app);
    const { thread, vendor } = await world(other);
    const stream = await openStream(base, vendor, thread.id);
    await other.close();
    await until(() => stream.ended());
  });
});

describe('heartbeats and the periodic access check (short intervals)', () => {
  let s: TestApp;
  let base: string;
  beforeAll(async () => {
    s = await createTestApp({
      register: async (app) => {
        await app.register(accountRoutes);
        await app.register(liveRoutes, { heartbeatMs: 50, recheckMs: 100 });
      },
    });
    base = await listen(s.app);
  });
  afterAll(() => s.close());

  it('sends heartbeats while nothing happens, and ends the stream without an event once access is gone', async () => {
    const { thread, vendor, vendorParticipantId } = await world(s);
    const stream = await openStream(base, vendor, thread.id);
    await until(() => (stream.state.raw.match(/: heartbeat/g) ?? []).length >= 2);
    expect(stream.ended()).toBe(false);
    await s.db.delete(caseParticipants).where(eq(caseParticipants.id, vendorParticipantId));
    await until(() => stream.ended(), 5_000);
    expect(stream.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('signing out, or the account being deactivated, ends the stream too', async () => {
    const { thread, vendor, coordinator } = await world(s);
    const signedOut = await openStream(base, vendor, thread.id);
    const deactivated = await openStream(base, coordinator, thread.id);
    await new Promise((r) => setTimeout(r, 250));
    expect(signedOut.ended() || deactivated.ended()).toBe(false);
    expect((await vendor.post('/api/auth/logout/')).statusCode).toBeLessThan(300);
    await until(() => signedOut.ended(), 5_000);
    await s.db.update(users).set({ isActive: false }).where(eq(users.id, coordinator.user.id));
    await until(() => deactivated.ended(), 5_000);
    await until(() => threadEventHub(s.app.notifications).count() === 0);
  });
});

describe.runIf(inject('dbTemplate').kind === 'postgres')(
  'two app instances on one PostgreSQL database',
  () => {
    let other: Database;
    let appB: FastifyInstance;
    let originB: string;
    let filesDir: string;
    beforeAll(async () => {
      // Instance B: its own process-like stack — its own pool and its own LISTEN connection — on the same
      // database as instance A (`t`), as a second replica behind a load balancer would be.
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      other = await openPostgres(url, { max: 3 });
      filesDir = await mkdtemp(path.join(tmpdir(), 'cvdp-live-b-'));
      appB = createServer(t.config, { logger: false });
      await appB.register(serverKitPlugin, {
        db: other.db,
        config: t.config,
        storage: new LocalFileStorage(filesDir),
      });
      await appB.register(coordinationService);
      await appB.ready();
      originB = await listen(appB);
    });
    afterAll(async () => {
      await appB.close();
      await other.close();
      await rm(filesDir, { recursive: true, force: true });
    });

    it('a post written through instance A reaches a browser stream held by instance B', async () => {
      const { thread, coordinator, vendor } = await world();
      // Sessions live in the database: the vendor's cookie from A works on B.
      const stream = await openStream(originB, vendor, thread.id);
      expect(threadEventHub(appB.notifications).count(thread.id)).toBe(1);
      expect(hub().count()).toBe(0);

      const created = await coordinator.post(`/api/case/thread/${thread.id}/posts/`, {
        content: 'Written through instance A',
      });
      expect(created.statusCode).toBe(201);
      const event = await stream.next('post');
      expect(event.data).toEqual({
        thread: thread.id,
        post: created.json().id,
        op: 'insert',
        table: 'posts',
      });

      // Two listening connections on the database now: one per instance.
      const listening = await other.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'cvdp-listen'`,
      );
      expect((listening as { rows: { n: number }[] }).rows[0].n).toBeGreaterThanOrEqual(2);
      await stream.close();
      await until(() => threadEventHub(appB.notifications).count() === 0);
    });

    it('after instance B’s LISTEN connection is killed it reconnects, tells the stream to reload, and delivers again', async () => {
      const { thread, caseId, coordinator, vendor } = await world();
      const stream = await openStream(originB, vendor, thread.id);
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'cvdp-listen' and pid <> pg_backend_pid()`,
      );
      await stream.next('resync', 1, 15_000);
      const post = await writePost(thread.id, caseId, coordinator.user.id, 'after the reconnect');
      expect((await stream.next('post')).data).toMatchObject({ post: post.id });
      await stream.close();
    });
  },
);
