// Long threads (issue 26 item 3): where a reader stands in a thread (GET …/read/), the page that holds a
// given post (?around=), keyset paging both ways (?after= / ?before=), and reading to the end marking the
// reader's notifications about the thread read — in one app, on a 250-post thread written straight into SQL.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AROUND_NOT_IN_THREAD,
  AROUND_WHOLE_THREAD,
  POSTS_ONE_POSITION,
  type PostsPage,
  type ThreadRead,
} from '@cvdp/core';
import { notifications, posts, threads } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  startThread,
  type World,
  writePost,
} from '../../testing/thread-test-helpers.ts';

let t: TestApp;
let coordinator: Client;
let w: World;
let threadId = 0;
let ids: number[] = [];

const readOf = async (by: Client, id = threadId) => {
  const res = await by.get(`/api/case/thread/${id}/read/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThreadRead>();
};
const pageOf = async (by: Client, query: string) => {
  const res = await by.get(`/api/case/thread/${threadId}/posts/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostsPage>();
};
const unreadNotifications = async (userId: number) =>
  t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.threadId, threadId),
        isNull(notifications.readAt),
      ),
    );

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  w = await makeWorld(t);
  const thread = await startThread(coordinator, w.caseId, { subject: 'Coordination with Acme' });
  threadId = thread.id;
  const rows = Array.from({ length: 249 }, (_, i) => ({
    threadId,
    caseId: w.caseId,
    authorId: coordinator.user.id,
    content: `Post ${i + 1}`,
    html: `<p>Post ${i + 1}</p>`,
  }));
  await t.db.insert(posts).values(rows);
  await t.db.update(threads).set({ postCount: 249 }).where(eq(threads.id, threadId));
  // The 250th through the API: it notifies the vendors.
  await writePost(coordinator, threadId, 'Post 250');
  ids = (
    await t.db.select({ id: posts.id }).from(posts).where(eq(posts.threadId, threadId)).orderBy(posts.id)
  ).map((r) => r.id);
});
afterAll(() => t.close());

describe('the read position', () => {
  it('starts at nothing read, the first new post the first post, and names the latest', async () => {
    expect(await readOf(w.vendorA.member)).toEqual({
      thread: threadId,
      last_read_post: 0,
      first_unread_post: ids[0],
      latest_post: ids[249],
      unread: 250,
      read_at: null,
    });
  });

  it('moves as pages are read, and never backwards', async () => {
    const around = await pageOf(w.vendorB.member, `?around=${ids[150]}`);
    expect(around.page).toBe(2);
    expect(around.results.map((p) => p.id)).toEqual(ids.slice(100, 200));
    let at = await readOf(w.vendorB.member);
    expect(at).toMatchObject({ last_read_post: ids[199], first_unread_post: ids[200], unread: 50 });
    expect(at.read_at).not.toBeNull();
    await pageOf(w.vendorB.member, '');
    at = await readOf(w.vendorB.member);
    expect(at.last_read_post).toBe(ids[199]);
  });

  it("does not count the reader's own posts as new", async () => {
    const at = await readOf(coordinator);
    expect(at.first_unread_post).toBeNull();
    expect(at.unread).toBe(0);
  });

  it('is 404 for a thread the caller may not read', async () => {
    const restricted = await startThread(coordinator, w.caseId, {
      subject: 'Only A',
      participants: [w.vendorA.participantId],
    });
    expect((await w.vendorB.member.get(`/api/case/thread/${restricted.id}/read/`)).statusCode).toBe(404);
    expect((await w.outsider.get(`/api/case/thread/${threadId}/read/`)).statusCode).toBe(404);
    expect((await readOf(w.vendorA.member, restricted.id)).latest_post).toBeNull();
  });
});

describe('paging a long thread', () => {
  it('answers the page holding a post, with keyset links both ways', async () => {
    const last = await pageOf(w.reporter, `?around=${ids[249]}`);
    expect(last.page).toBe(3);
    expect(last.results.map((p) => p.id)).toEqual(ids.slice(200));
    expect(last.next).toBeNull();
    expect(last.previous).toContain(`before=${ids[200]}`);
    const first = await pageOf(w.reporter, `?around=${ids[3]}&page_size=10`);
    expect(first).toMatchObject({ page: 1, previous: null });
    expect(first.next).toContain(`after=${ids[9]}`);
  });

  it('pages backwards from a post, oldest first, saying whether older posts remain', async () => {
    const older = await pageOf(w.reporter, `?before=${ids[200]}`);
    expect(older.results.map((p) => p.id)).toEqual(ids.slice(100, 200));
    expect(older.previous).toContain(`before=${ids[100]}`);
    expect(older.next).toContain(`after=${ids[199]}`);
    const oldest = await pageOf(w.reporter, `?before=${ids[50]}`);
    expect(oldest.results.map((p) => p.id)).toEqual(ids.slice(0, 50));
    expect(oldest.previous).toBeNull();
  });

  it('refuses mixed positions, around with a filter, and a post of another thread, naming the field', async () => {
    const other = await startThread(coordinator, w.caseId, { subject: 'Elsewhere' });
    const elsewhere = await writePost(coordinator, other.id, 'Not here');
    for (const [query, field, message] of [
      [`?around=${ids[1]}&after=${ids[0]}`, 'page', POSTS_ONE_POSITION],
      [`?before=${ids[1]}&page=2`, 'page', POSTS_ONE_POSITION],
      [`?around=${ids[1]}&pinned=1`, 'around', AROUND_WHOLE_THREAD],
      [`?before=${ids[1]}&search=post`, 'before', AROUND_WHOLE_THREAD],
      [`?around=${elsewhere.id}`, 'around', AROUND_NOT_IN_THREAD],
    ] as const) {
      const res = await w.reporter.get(`/api/case/thread/${threadId}/posts/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors[field], query).toEqual([message]);
    }
  });
});

describe('reading to the end', () => {
  it("marks the reader's notifications about the thread read, and only theirs", async () => {
    const vendor = w.vendorA.member;
    expect(await unreadNotifications(vendor.user.id)).toHaveLength(1);
    const other = await unreadNotifications(w.vendorB.member.user.id);
    expect(other).toHaveLength(1);
    // A page that is not the last leaves the notification: there is more to read.
    await pageOf(vendor, `?around=${ids[0]}`);
    expect(await unreadNotifications(vendor.user.id)).toHaveLength(1);
    await pageOf(vendor, `?around=${ids[249]}`);
    expect(await unreadNotifications(vendor.user.id)).toHaveLength(0);
    expect(await unreadNotifications(w.vendorB.member.user.id)).toEqual(other);
    expect(await readOf(vendor)).toMatchObject({ last_read_post: ids[249], first_unread_post: null });
  });

  it('a post after reading is new again', async () => {
    const post = await writePost(coordinator, threadId, 'Post 251');
    expect(await readOf(w.vendorA.member)).toMatchObject({ first_unread_post: post.id, unread: 1 });
    expect(await unreadNotifications(w.vendorA.member.user.id)).toHaveLength(1);
  });
});
