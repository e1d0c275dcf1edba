// Posts: writing (Markdown rendered safe on write), replying one level deep, editing with revisions and the
// diff, reactions, pinning, removing, paging, searching — and who hears about a new post.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ONLY_AUTHOR_EDITS,
  ONLY_STAFF_PINS,
  POST_MAX_LENGTH,
  type Post,
  type PostHistory,
  REPLY_OTHER_THREAD,
  REPLY_TO_REMOVED,
  THREAD_ARCHIVED,
} from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import {
  caseAssignments,
  emailOutbox,
  notifications,
  postReactions,
  postRevisions,
  posts,
  threads,
} from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  postsOf,
  startThread,
  type World,
  writePost,
} from '../../testing/thread-test-helpers.ts';

let t: TestApp;
let coordinator: Client;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://cvdp.example.org' } });
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  w = await makeWorld(t);
});
afterAll(() => t.close());

async function postCount(threadId?: number) {
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(posts)
    .where(threadId ? eq(posts.threadId, threadId) : undefined);
  return n;
}

describe('writing a post', () => {
  it('renders Markdown, names the author and their group, counts it on the thread and logs it', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Fix plan' });
    const post = await writePost(
      w.vendorA.member,
      thread.id,
      '**Fixed** in `1.2.3`, see https://example.com',
    );
    expect(post).toMatchObject({
      thread: thread.id,
      content: '**Fixed** in `1.2.3`, see https://example.com',
      author: {
        id: w.vendorA.member.user.id,
        name: `${w.vendorA.name} member`,
        group: { id: w.vendorA.groupId, name: w.vendorA.name },
      },
      edited: false,
      pinned: false,
      reply_to: null,
      reactions: [],
      replies: 0,
      deleted: false,
    });
    expect(post.html).toBe(
      '<p><strong>Fixed</strong> in <code>1.2.3</code>, see <a href="https://example.com" rel="nofollow noopener noreferrer ugc" target="_blank">https://example.com</a></p>\n',
    );
    const mine = await writePost(coordinator, thread.id, 'Thanks');
    expect(mine.author).toEqual({ id: coordinator.user.id, name: 'Cora Coordinator', group: null });

    const after = (await coordinator.get(`/api/case/thread/${thread.id}/`)).json();
    expect(after.post_count).toBe(2);
    expect(Date.parse(after.last_post)).toBeGreaterThanOrEqual(Date.parse(post.created));
    const logged = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'post'), eq(activity.objectId, String(post.id))));
    expect(logged).toMatchObject([{ verb: 'posted', actorId: w.vendorA.member.user.id, caseId: w.caseId }]);
    expect((await w.vendorB.member.get(`/api/case/thread/post/${post.id}/`)).json()).toMatchObject({
      id: post.id,
      html: post.html,
    });
  });

  it("tells the thread's readers (not the author): everyone for an open thread, only its people if restricted", async () => {
    const staffOwner = await t.signIn({ roles: ['coordinator'], name: 'Assigned Staff' });
    await t.db.insert(caseAssignments).values({ caseId: w.caseId, userId: staffOwner.user.id });
    const toldAbout = async (postId: number) => {
      const rows = await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.kind, 'new_post'), eq(notifications.caseId, w.caseId)));
      const ids = rows.map((r) => r.userId);
      await t.db.delete(notifications).where(eq(notifications.kind, 'new_post'));
      expect(postId).toBeGreaterThan(0);
      return new Set(ids);
    };
    await t.db.delete(notifications).where(eq(notifications.kind, 'new_post'));

    const open = await startThread(coordinator, w.caseId, { subject: 'Everyone hears' });
    const p1 = await writePost(w.vendorA.member, open.id, 'Hello all');
    expect(await toldAbout(p1.id)).toEqual(
      new Set([w.reporter.user.id, w.vendorB.member.user.id, staffOwner.user.id]),
    );
    const emails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'new_post'), eq(emailOutbox.caseId, w.caseId)));
    expect(emails.length).toBeGreaterThanOrEqual(3);
    expect(emails.map((e) => e.toAddress)).toContain(w.vendorB.member.user.email);

    const restricted = await startThread(coordinator, w.caseId, {
      subject: 'Only A',
      participants: [w.vendorA.participantId],
    });
    const p2 = await writePost(coordinator, restricted.id, 'Just between us');
    expect(await toldAbout(p2.id)).toEqual(new Set([w.vendorA.member.user.id, staffOwner.user.id]));
  });
});

describe('replies', () => {
  it('nest one level: a reply to a reply attaches to its root; the root counts them', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Replies' });
    const root = await writePost(coordinator, thread.id, 'Root');
    const reply = await writePost(w.vendorA.member, thread.id, 'Reply', root.id);
    expect(reply.reply_to).toBe(root.id);
    const nested = await writePost(w.vendorB.member, thread.id, 'Reply to reply', reply.id);
    expect(nested.reply_to).toBe(root.id);
    const { results } = await postsOf(coordinator, thread.id);
    expect(results.map((p) => [p.content, p.reply_to, p.replies])).toEqual([
      ['Root', null, 2],
      ['Reply', root.id, 0],
      ['Reply to reply', root.id, 0],
    ]);
    const logged = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'post'), eq(activity.objectId, String(reply.id))));
    expect(logged[0].verb).toBe('replied');
  });

  it('to a post of another thread, a missing or a removed post: 400 naming reply_to, nothing stored', async () => {
    const here = await startThread(coordinator, w.caseId, { subject: 'Here' });
    const there = await startThread(coordinator, w.caseId, { subject: 'There' });
    const elsewhere = await writePost(coordinator, there.id, 'Elsewhere');
    const removed = await writePost(coordinator, here.id, 'Soon gone');
    expect((await coordinator.delete(`/api/case/thread/post/${removed.id}/`)).statusCode).toBe(204);
    const before = await postCount();
    for (const [replyTo, message] of [
      [elsewhere.id, REPLY_OTHER_THREAD],
      [2_000_000_000, REPLY_OTHER_THREAD],
      [removed.id, REPLY_TO_REMOVED],
    ] as const) {
      const res = await w.vendorA.member.post(`/api/case/thread/${here.id}/posts/`, {
        content: 'Re',
        reply_to: replyTo,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reply_to).toEqual([message]);
    }
    expect(await postCount()).toBe(before);
    expect((await coordinator.get(`/api/case/thread/${here.id}/`)).json().post_count).toBe(1);
  });
});

describe('editing', () => {
  it('is for the author only; keeps every earlier text; the history diffs consecutive versions', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Editing' });
    const post = await writePost(w.vendorA.member, thread.id, 'line one\nline two\nline three\n');
    for (const who of [coordinator, w.vendorB.member, w.reporter]) {
      const res = await who.patch(`/api/case/thread/post/${post.id}/`, { content: 'hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.content).toEqual([ONLY_AUTHOR_EDITS]);
    }
    const first = await w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, {
      content: 'line one\nline 2\nline three\n',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ edited: true, content: 'line one\nline 2\nline three\n' });
    expect(first.json().html).toContain('line 2');
    await w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, {
      content: 'line one\nline 2\nline three\nline four\n',
    });
    // Sending the same text again keeps no extra version.
    await w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, {
      content: 'line one\nline 2\nline three\nline four\n',
    });
    expect(await t.db.select().from(postRevisions).where(eq(postRevisions.postId, post.id))).toHaveLength(2);

    const res = await w.vendorB.member.get(`/case/thread/post/diff/${post.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json<PostHistory>();
    expect(history.post).toBe(post.id);
    expect(history.versions.map((v) => v.content)).toEqual([
      'line one\nline two\nline three\n',
      'line one\nline 2\nline three\n',
      'line one\nline 2\nline three\nline four\n',
    ]);
    expect(history.versions.every((v) => v.edited_by?.id === w.vendorA.member.user.id)).toBe(true);
    expect(history.diffs.map((d) => [d.from, d.to])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(history.diffs[0].patch).toContain('-line two\n+line 2');
    expect(history.diffs[1].patch).toContain('+line four');
    expect(history.diffs[1].patch).not.toContain('-line');
  });
});

describe('reactions', () => {
  it('toggle per user with counts and whether the caller reacted; unknown names are refused', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Reactions' });
    const post = await writePost(coordinator, thread.id, 'React to me');
    const react = (who: Client, reaction: string) =>
      who.post(`/api/case/thread/post/${post.id}/react/`, { reaction });
    expect((await react(w.vendorA.member, 'thumbs_up')).json().reactions).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: true },
    ]);
    await react(w.vendorA.member, 'rocket');
    const b = (await react(w.vendorB.member, 'thumbs_up')).json<Post>();
    expect(b.reactions).toEqual([
      { reaction: 'thumbs_up', count: 2, mine: true },
      { reaction: 'rocket', count: 1, mine: false },
    ]);
    // Toggling off.
    expect((await react(w.vendorA.member, 'thumbs_up')).json().reactions).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: false },
      { reaction: 'rocket', count: 1, mine: true },
    ]);
    const listed = (await postsOf(w.vendorB.member, thread.id)).results[0];
    expect(listed.reactions).toEqual([
      { reaction: 'thumbs_up', count: 1, mine: true },
      { reaction: 'rocket', count: 1, mine: false },
    ]);
    const before = await t.db.select().from(postReactions).where(eq(postReactions.postId, post.id));
    for (const body of [{ reaction: 'poop' }, { reaction: '' }, {}, { reaction: ['heart'] }]) {
      const res = await w.vendorA.member.post(`/api/case/thread/post/${post.id}/react/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('reaction');
    }
    expect(await t.db.select().from(postReactions).where(eq(postReactions.postId, post.id))).toHaveLength(
      before.length,
    );
  });
});

describe('pinning', () => {
  it('is for staff; pinned=1 lists the pinned posts only', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Pins' });
    const a = await writePost(w.vendorA.member, thread.id, 'Important');
    await writePost(w.vendorA.member, thread.id, 'Chatter');
    for (const who of [w.vendorA.member, w.reporter]) {
      const res = await who.patch(`/api/case/thread/post/${a.id}/`, { pinned: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.pinned).toEqual([ONLY_STAFF_PINS]);
    }
    // The author may not pin in the same request as an edit either: nothing of it is stored.
    const both = await w.vendorA.member.patch(`/api/case/thread/post/${a.id}/`, {
      content: 'x',
      pinned: true,
    });
    expect(both.statusCode).toBe(403);
    expect((await w.vendorA.member.get(`/api/case/thread/post/${a.id}/`)).json()).toMatchObject({
      content: 'Important',
      pinned: false,
    });
    const res = await coordinator.patch(`/api/case/thread/post/${a.id}/`, { pinned: true });
    expect(res.json()).toMatchObject({ pinned: true, edited: false });
    const pinned = await postsOf(w.vendorB.member, thread.id, '?pinned=1');
    expect(pinned.count).toBe(1);
    expect(pinned.results.map((p) => p.id)).toEqual([a.id]);
    await coordinator.patch(`/api/case/thread/post/${a.id}/`, { pinned: false });
    expect((await postsOf(w.vendorB.member, thread.id, '?pinned=1')).count).toBe(0);
    expect((await coordinator.patch(`/api/case/thread/post/${a.id}/`, {})).statusCode).toBe(400);
  });
});

describe('removing', () => {
  it('by the author or staff leaves a marker; replies stay; the history is gone', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Removing' });
    const root = await writePost(w.vendorA.member, thread.id, 'Oops, secret');
    await w.vendorA.member.patch(`/api/case/thread/post/${root.id}/`, { content: 'Oops, secret v2' });
    const reply = await writePost(w.reporter, thread.id, 'Reply', root.id);
    expect((await w.vendorB.member.delete(`/api/case/thread/post/${root.id}/`)).statusCode).toBe(403);
    expect((await w.reporter.delete(`/api/case/thread/post/${root.id}/`)).statusCode).toBe(403);
    expect((await w.vendorA.member.delete(`/api/case/thread/post/${root.id}/`)).statusCode).toBe(204);
    expect((await w.vendorA.member.delete(`/api/case/thread/post/${root.id}/`)).statusCode).toBe(404);

    const { results, count: n } = await postsOf(w.vendorB.member, thread.id);
    expect(n).toBe(2);
    expect(results[0]).toMatchObject({ id: root.id, deleted: true, content: '', html: '', replies: 1 });
    expect(results[1]).toMatchObject({ id: reply.id, reply_to: root.id, deleted: false });
    expect(JSON.stringify(results)).not.toContain('secret');
    expect((await w.vendorA.member.get(`/case/thread/post/diff/${root.id}/`)).statusCode).toBe(404);
    expect(await t.db.select().from(postRevisions).where(eq(postRevisions.postId, root.id))).toHaveLength(0);
    // A removed post can be neither edited nor reacted to.
    expect(
      (await w.vendorA.member.patch(`/api/case/thread/post/${root.id}/`, { content: 'back' })).statusCode,
    ).toBe(409);
    expect(
      (await w.vendorA.member.post(`/api/case/thread/post/${root.id}/react/`, { reaction: 'heart' }))
        .statusCode,
    ).toBe(409);
    // Staff remove anyone's post.
    expect((await coordinator.delete(`/api/case/thread/post/${reply.id}/`)).statusCode).toBe(204);
    const removed = await t.db
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.verb, 'removed post'),
          inArray(activity.objectId, [String(root.id), String(reply.id)]),
        ),
      );
    expect(removed).toHaveLength(2);
  });
});

describe('an archived thread', () => {
  it('takes no new posts, edits or reactions (409, nothing stored) and stays readable', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Closed topic' });
    const post = await writePost(w.vendorA.member, thread.id, 'Last word');
    await coordinator.patch(`/api/case/thread/${thread.id}/`, { archived: true });
    const before = await postCount(thread.id);
    for (const who of [w.vendorA.member, coordinator]) {
      const res = await who.post(`/api/case/thread/${thread.id}/posts/`, { content: 'One more thing' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(THREAD_ARCHIVED);
    }
    expect(
      (await w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, { content: 'edit' })).statusCode,
    ).toBe(409);
    expect(
      (await w.vendorA.member.post(`/api/case/thread/post/${post.id}/react/`, { reaction: 'eyes' }))
        .statusCode,
    ).toBe(409);
    expect(await postCount(thread.id)).toBe(before);
    expect((await postsOf(w.vendorA.member, thread.id)).results[0]).toMatchObject({
      content: 'Last word',
      reactions: [],
    });
  });
});

describe('bad content', () => {
  it('empty, blank or over 100,000 characters: 400 naming content, nothing stored', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Bad input' });
    const post = await writePost(w.vendorA.member, thread.id, 'Fine');
    const before = await postCount();
    for (const body of [
      {},
      { content: '' },
      { content: '  \n ' },
      { content: 'x'.repeat(POST_MAX_LENGTH + 1) },
      { content: 42 },
    ]) {
      const res = await w.vendorA.member.post(`/api/case/thread/${thread.id}/posts/`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain('content');
      const edit = await w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, body);
      expect(edit.statusCode).toBe(400);
    }
    expect(await postCount()).toBe(before);
    expect((await w.vendorA.member.get(`/api/case/thread/post/${post.id}/`)).json()).toMatchObject({
      content: 'Fine',
      edited: false,
    });
    // Exactly the limit is fine.
    await writePost(w.vendorA.member, thread.id, 'y'.repeat(POST_MAX_LENGTH));
  });
});

describe('paging and search', () => {
  let threadId = 0;
  beforeAll(async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Kraken firmware' });
    threadId = thread.id;
    // 130 posts written straight into the table (the store's counters kept as a new post keeps them).
    const rows = Array.from({ length: 130 }, (_, i) => ({
      threadId,
      caseId: w.caseId,
      authorId: coordinator.user.id,
      content: i === 7 ? 'The bootloader overflows on long names' : `Post number ${i}`,
      html: `<p>Post number ${i}</p>`,
    }));
    await t.db.insert(posts).values(rows);
    await t.db.update(threads).set({ postCount: 130 }).where(eq(threads.id, threadId));
    const other = await startThread(coordinator, w.caseId, { subject: 'Elsewhere' });
    await writePost(coordinator, other.id, 'Another bootloader overflows here');
  });

  it('pages oldest first; page_size over 100 is capped, not refused', async () => {
    const first = await postsOf(w.vendorA.member, threadId, '?page_size=500');
    expect(first.count).toBe(130);
    expect(first.results).toHaveLength(100);
    expect(first.next).toContain('page_size=100');
    expect(first.next).toContain('page=2');
    const ids = first.results.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.results[0].content).toBe('Post number 0');
    const second = await postsOf(w.vendorA.member, threadId, '?page=2&page_size=500');
    expect(second.results).toHaveLength(30);
    expect(second.results.at(-1)!.content).toBe('Post number 129');
    expect((await w.vendorA.member.get(`/api/case/thread/${threadId}/posts/?page=3`)).statusCode).toBe(400);
    for (const q of [
      '?page_size=0',
      '?page_size=abc',
      '?page=0',
      '?pinned=maybe',
      `?search=${'x'.repeat(201)}`,
    ]) {
      expect((await w.vendorA.member.get(`/api/case/thread/${threadId}/posts/${q}`)).statusCode, q).toBe(400);
    }
  });

  it('pages by keyset with after=<post id>: each page follows the last, next links on, the count stays whole', async () => {
    const all = (await postsOf(w.vendorA.member, threadId, '?page_size=100')).results.map((p) => p.id);
    const seen: number[] = [];
    let url: string | null = `/api/case/thread/${threadId}/posts/?after=${all[9]}&page_size=50`;
    for (let pages = 0; url !== null; pages++) {
      expect(pages).toBeLessThan(5);
      const res = await w.vendorA.member.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{
        count: number;
        next: string | null;
        previous: string | null;
        results: Post[];
      }>();
      expect(page.count).toBe(130);
      expect(page.previous).toBeNull();
      seen.push(...page.results.map((p) => p.id));
      url = page.next;
      if (url) expect(url).toContain(`after=${page.results.at(-1)!.id}`);
    }
    // Posts 11–130: 50 + 50 + 20, in order, none twice; the last page has no next link.
    expect(seen).toHaveLength(120);
    expect(seen[0]).toBe(all[10]);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(120);
    // After the last post: an empty page, not an error.
    const end = await postsOf(w.vendorA.member, threadId, `?after=${seen.at(-1)}`);
    expect(end).toMatchObject({ count: 130, next: null, results: [] });
    // Pinned and search lists page the same way, counting the whole list.
    const search = await postsOf(w.vendorA.member, threadId, `?search=number&page_size=100&after=${all[99]}`);
    expect(search.count).toBe(129);
    expect(search.results.map((p) => p.content)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Post number ${100 + i}`),
    );
    for (const q of ['?after=0', '?after=abc', '?after=2147483648', `?after=${all[0]}&page=2`]) {
      expect((await w.vendorA.member.get(`/api/case/thread/${threadId}/posts/${q}`)).statusCode, q).toBe(400);
    }
  });

  it("searches the words in this thread's posts (not its subject, not other threads)", async () => {
    const hit = await postsOf(w.vendorB.member, threadId, '?search=bootloader%20overflow');
    expect(hit.count).toBe(1);
    expect(hit.results.map((p) => p.content)).toEqual(['The bootloader overflows on long names']);
    // Every post of the thread carries its subject in the search index: a subject word matches no post.
    expect((await postsOf(w.vendorB.member, threadId, '?search=kraken')).count).toBe(0);
    expect((await postsOf(w.vendorB.member, threadId, '?search=the')).count).toBe(0);
    expect((await postsOf(w.vendorB.member, threadId, "?search='%26|!:*()")).count).toBe(0);
  });

  it('a word of both the subject and a post finds that post only; pinned and search combine', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Firmware timeline' });
    const ships = await writePost(coordinator, thread.id, 'The firmware ships on Friday');
    await writePost(coordinator, thread.id, 'Nothing to add');
    const other = await writePost(w.vendorA.member, thread.id, 'Our firmware ships later');
    const found = async (q: string) =>
      (await postsOf(w.vendorB.member, thread.id, q)).results.map((p) => p.id);
    expect(await found('?search=firmware')).toEqual([ships.id, other.id]);
    expect(await found('?search=firmware%20ships')).toEqual([ships.id, other.id]);
    expect(await found('?search=timeline')).toEqual([]);
    expect(await found('?search=firmware%20timeline')).toEqual([]);
    expect(await found('?search=friday')).toEqual([ships.id]);
    const pin = await coordinator.patch(`/api/case/thread/post/${other.id}/`, { pinned: true });
    expect(pin.statusCode, pin.body).toBe(200);
    const pinnedHits = await postsOf(w.vendorB.member, thread.id, '?pinned=1&search=firmware');
    expect(pinnedHits).toMatchObject({ count: 1, results: [{ id: other.id, pinned: true }] });
    expect((await postsOf(w.vendorB.member, thread.id, '?pinned=1&search=friday')).count).toBe(0);
  });
});
