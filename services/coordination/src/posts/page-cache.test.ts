// The answer cache (page-cache.ts): a page of posts is served from memory while nothing it shows has
// changed, and never after — whoever made the change (this app, another replica, plain SQL) — and each
// caller gets their own answer (their reactions marked), never another caller's.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Thread } from '@cvdp/core';
import { groups, users } from '@cvdp/server-kit';
import { threads } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  postsOf,
  startThread,
  type World,
  writePost,
} from '../../testing/thread-test-helpers.ts';
import { answerCache } from './page-cache.ts';

let t: TestApp;
let coordinator: Client;
let w: World;
let thread: Thread;
let first: number;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  w = await makeWorld(t);
});
afterAll(() => t.close());

beforeEach(async () => {
  thread = await startThread(coordinator, w.caseId, { subject: 'Patch timeline' });
  first = (await writePost(w.vendorA.member, thread.id, 'First: the firmware patch is ready')).id;
  await writePost(coordinator, thread.id, 'Second: thanks, the advisory follows');
});

const contents = async (by: Client, query = '') =>
  (await postsOf(by, thread.id, query)).results.map((p) => p.content);

/** A change the app cannot see coming: plain SQL, as another replica or a transfer would write. */
const raw = (statement: ReturnType<typeof sql>) => t.db.execute(statement);

describe('a cached page', () => {
  it('is served from memory while the thread is unchanged (proved by a change made with the version triggers off)', async () => {
    const before = await contents(w.vendorB.member);
    expect(answerCache(t.db).size).toBeGreaterThan(0);
    await raw(sql`alter table posts disable trigger posts_version_update`);
    try {
      await raw(sql`update posts set content = 'changed behind the cache' where id = ${first}`);
      // No version bump: the cached page is what the reader gets.
      expect(await contents(w.vendorB.member)).toEqual(before);
    } finally {
      await raw(sql`alter table posts enable trigger posts_version_update`);
    }
    // Any later change to the thread's posts bumps the version and the page is read again, whole.
    await writePost(w.vendorA.member, thread.id, 'Third');
    expect(await contents(w.vendorB.member)).toEqual([
      'changed behind the cache',
      'Second: thanks, the advisory follows',
      'Third',
    ]);
  });

  it('is never served after a post is written, edited, pinned, removed or reacted to through the API', async () => {
    const reader = w.vendorB.member;
    await contents(reader);
    const third = await writePost(w.vendorA.member, thread.id, 'Third', first);
    expect(await contents(reader)).toContain('Third');
    expect((await postsOf(reader, thread.id)).results[0].replies).toBe(1);

    const edit = await w.vendorA.member.patch(`/api/case/thread/post/${first}/`, {
      content: 'First, edited',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const afterEdit = (await postsOf(reader, thread.id)).results[0];
    expect([afterEdit.content, afterEdit.edited]).toEqual(['First, edited', true]);

    const pin = await coordinator.patch(`/api/case/thread/post/${third.id}/`, { pinned: true });
    expect(pin.statusCode, pin.body).toBe(200);
    expect((await postsOf(reader, thread.id, '?pinned=1')).results.map((p) => p.id)).toEqual([third.id]);
    expect((await postsOf(reader, thread.id)).results.find((p) => p.id === third.id)?.pinned).toBe(true);

    const react = await w.vendorA.member.post(`/api/case/thread/post/${first}/react/`, {
      reaction: 'thumbs_up',
    });
    expect(react.statusCode, react.body).toBe(200);
    expect((await postsOf(reader, thread.id)).results[0].reactions).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: false },
    ]);

    const remove = await w.vendorA.member.delete(`/api/case/thread/post/${third.id}/`);
    expect(remove.statusCode, remove.body).toBe(204);
    expect((await postsOf(reader, thread.id)).results.find((p) => p.id === third.id)?.deleted).toBe(true);
  });

  it('is never served after a change made outside the app (another replica, a transfer: plain SQL)', async () => {
    await contents(w.vendorB.member);
    await raw(sql`update posts set content = 'edited elsewhere' where id = ${first}`);
    expect((await contents(w.vendorB.member))[0]).toBe('edited elsewhere');
    await raw(
      sql`insert into posts (thread_id, case_id, content, html) values (${thread.id}, ${w.caseId}, 'inserted elsewhere', '<p>inserted elsewhere</p>')`,
    );
    expect((await contents(w.vendorB.member)).at(-1)).toBe('inserted elsewhere');
    await raw(
      sql`insert into post_reactions (post_id, user_id, reaction) values (${first}, ${w.vendorA.member.user.id}, 'eyes')`,
    );
    expect((await postsOf(w.vendorB.member, thread.id)).results[0].reactions).toEqual([
      { reaction: 'eyes', count: 1, mine: false },
    ]);
    await raw(sql`delete from post_reactions where post_id = ${first}`);
    expect((await postsOf(w.vendorB.member, thread.id)).results[0].reactions).toEqual([]);
  });

  it('shows authors and groups under their current names after a rename', async () => {
    await contents(w.vendorB.member);
    await t.db.update(users).set({ name: 'Renamed Member' }).where(eq(users.id, w.vendorA.member.user.id));
    await t.db.update(groups).set({ name: 'Renamed Vendor' }).where(eq(groups.id, w.vendorA.groupId));
    const author = (await postsOf(w.vendorB.member, thread.id)).results[0].author;
    expect([author?.name, author?.group?.name]).toEqual(['Renamed Member', 'Renamed Vendor']);
  });

  it("searches with the thread's current subject (a subject word must not match every post)", async () => {
    expect((await postsOf(w.vendorB.member, thread.id, '?search=firmware')).count).toBe(1);
    const res = await coordinator.patch(`/api/case/thread/${thread.id}/`, { subject: 'Firmware timeline' });
    expect(res.statusCode, res.body).toBe(200);
    // "firmware" is now a subject word: only a post whose own text says it matches (still the first).
    const found = await postsOf(w.vendorB.member, thread.id, '?search=firmware');
    expect(found.results.map((p) => p.id)).toEqual([first]);
  });

  it('never serves a page of a removed thread to a new thread under the same id and version', async () => {
    await contents(w.vendorB.member);
    const [old] = await t.db.select().from(threads).where(eq(threads.id, thread.id));
    await raw(sql`delete from threads where id = ${thread.id}`);
    // Restored from a backup, say: the same id, a later creation time, other posts — then the same version.
    await raw(
      sql`insert into threads (id, case_id, subject, post_count) values (${thread.id}, ${w.caseId}, 'Patch timeline', 1)`,
    );
    await raw(
      sql`insert into posts (thread_id, case_id, content, html) values (${thread.id}, ${w.caseId}, 'A new thread', '<p>A new thread</p>')`,
    );
    await raw(sql`update threads set posts_version = ${old.postsVersion} where id = ${thread.id}`);
    expect(await contents(w.vendorB.member)).toEqual(['A new thread']);
  });
});

describe('the cache budget', () => {
  it("counts each answer's bytes", async () => {
    const cache = answerCache(t.db);
    const before = cache.calculatedSize;
    const res = await w.vendorB.member.get(`/api/case/thread/${thread.id}/posts/?search=patch`);
    expect(res.statusCode, res.body).toBe(200);
    expect(cache.calculatedSize - before).toBeGreaterThanOrEqual(res.rawPayload.length);
  });
});

describe("the caller's reactions", () => {
  it('are marked mine for the caller only: an answer kept per reader', async () => {
    const a = await w.vendorA.member.post(`/api/case/thread/post/${first}/react/`, { reaction: 'thumbs_up' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await w.vendorB.member.post(`/api/case/thread/post/${first}/react/`, { reaction: 'eyes' });
    expect(b.statusCode, b.body).toBe(200);
    const cachedBefore = answerCache(t.db).size;
    const seenBy = async (c: Client) => (await postsOf(c, thread.id)).results[0].reactions;
    expect(await seenBy(w.vendorA.member)).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: true },
      { reaction: 'eyes', count: 1, mine: false },
    ]);
    expect(await seenBy(w.vendorB.member)).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: false },
      { reaction: 'eyes', count: 1, mine: true },
    ]);
    expect(await seenBy(coordinator)).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: false },
      { reaction: 'eyes', count: 1, mine: false },
    ]);
    // Three readers, three answers kept.
    expect(answerCache(t.db).size).toBe(cachedBefore + 3);
    // Toggling off is seen at once, by the caller and the others.
    await w.vendorA.member.post(`/api/case/thread/post/${first}/react/`, { reaction: 'thumbs_up' });
    expect(await seenBy(w.vendorA.member)).toEqual([{ reaction: 'eyes', count: 1, mine: false }]);
  });

  it('answers JSON with every field of the posts, non-ASCII text included', async () => {
    await writePost(w.vendorA.member, thread.id, 'Ünïcode “quotes” — 🚀 and \u2028 and </script>');
    const res = await w.vendorB.member.get(`/api/case/thread/${thread.id}/posts/`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<{ count: number; results: Record<string, unknown>[] }>();
    expect(Object.keys(page)).toEqual(['count', 'next', 'previous', 'results']);
    expect(page.results.at(-1)?.content).toBe('Ünïcode “quotes” — 🚀 and \u2028 and </script>');
    expect(Object.keys(page.results[0])).toEqual([
      'id',
      'thread',
      'content',
      'html',
      'author',
      'external_author',
      'created',
      'modified',
      'edited',
      'pinned',
      'reply_to',
      'reactions',
      'replies',
      'deleted',
    ]);
  });
});

describe('a page under several URLs and readers', () => {
  it("links onward from each request's URL and marks each reader's reactions, a change elsewhere seen at once", async () => {
    const react = await w.vendorA.member.post(`/api/case/thread/post/${first}/react/`, { reaction: 'eyes' });
    expect(react.statusCode, react.body).toBe(200);
    const bodyOf = async (c: Client, query: string) => {
      const res = await c.get(`/api/case/thread/${thread.id}/posts/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const byA = await bodyOf(w.vendorA.member, '?page_size=1');
    const byB = await bodyOf(w.vendorB.member, '?page_size=1');
    expect(JSON.parse(byA).results[0].reactions).toEqual([{ reaction: 'eyes', count: 1, mine: true }]);
    expect(JSON.parse(byB).results[0].reactions).toEqual([{ reaction: 'eyes', count: 1, mine: false }]);
    expect(await bodyOf(coordinator, '?page_size=1')).toBe(byB);
    expect(await bodyOf(w.vendorA.member, '?page_size=1')).toBe(byA);
    // The same page under another URL (an empty search is no search) links onward from that URL.
    const other = JSON.parse(await bodyOf(w.vendorB.member, '?page_size=1&search='));
    expect(other.results).toEqual(JSON.parse(byB).results);
    expect(other.next).toContain('search=');
    expect(JSON.parse(byB).next).not.toContain('search=');
    // A reaction elsewhere in the thread (not on this page) changes the version: still right everywhere.
    const second = (await postsOf(coordinator, thread.id)).results[1].id;
    await w.vendorB.member.post(`/api/case/thread/post/${second}/react/`, { reaction: 'heart' });
    expect(JSON.parse(await bodyOf(w.vendorB.member, '?page_size=1')).results[0].reactions).toEqual([
      { reaction: 'eyes', count: 1, mine: false },
    ]);
    expect(JSON.parse(await bodyOf(w.vendorB.member, '?page=2&page_size=1')).results[0].reactions).toEqual([
      { reaction: 'heart', count: 1, mine: true },
    ]);
  });
});
