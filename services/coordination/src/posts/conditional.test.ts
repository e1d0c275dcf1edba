// Conditional GETs of a thread's posts: a page's ETag changes with anything the page shows (a post written,
// edited, pinned, removed or reacted to, a name changed), a client that sends it back gets 304 with no body,
// and a caller never gets a 304 for an answer that differs from the one another caller was given.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@cvdp/core';
import { users } from '@cvdp/server-kit';
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

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  w = await makeWorld(t);
});
afterAll(() => t.close());

const pageUrl = (threadId: number, query = '') => `/api/case/thread/${threadId}/posts/${query}`;

/** The page as `who` gets it, with If-None-Match when `etag` is given. */
async function page(who: Client, threadId: number, etag?: string, query = '') {
  const res = await who.get(pageUrl(threadId, query), etag ? { headers: { 'if-none-match': etag } } : {});
  return { status: res.statusCode, etag: res.headers.etag as string, res };
}

describe('a page of posts', () => {
  it('carries an ETag; the same ETag back is a 304 with no body, and the page is then as it was', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Conditional' });
    await writePost(coordinator, thread.id, 'First');
    const first = await page(w.vendorA.member, thread.id);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers['cache-control']).toBe('no-store');

    const again = await page(w.vendorA.member, thread.id, first.etag);
    expect(again.status).toBe(304);
    expect(again.res.body).toBe('');
    expect(again.etag).toBe(first.etag);
    expect(again.res.headers['cache-control']).toBe('no-store');
    // A list of tags, a weak form of it, and `*` match too; another tag does not.
    expect((await page(w.vendorA.member, thread.id, `"other", W/${first.etag}`)).status).toBe(304);
    expect((await page(w.vendorA.member, thread.id, '*')).status).toBe(304);
    const other = await page(w.vendorA.member, thread.id, '"not-this-page"');
    expect(other.status).toBe(200);
    expect(other.res.body).toBe(first.res.body);
  });

  it('gets a new ETag when a post is written, edited, pinned, reacted to or removed, or an author renamed', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Changes' });
    const post = await writePost(w.vendorA.member, thread.id, 'Original');
    const reader = w.vendorB.member;
    let { etag } = await page(reader, thread.id);
    const changes: [string, () => Promise<unknown>][] = [
      ['a post added', () => writePost(coordinator, thread.id, 'Another')],
      [
        'a post edited',
        () => w.vendorA.member.patch(`/api/case/thread/post/${post.id}/`, { content: 'Edited' }),
      ],
      ['a post pinned', () => coordinator.patch(`/api/case/thread/post/${post.id}/`, { pinned: true })],
      [
        'a reaction by someone else',
        () => w.vendorA.member.post(`/api/case/thread/post/${post.id}/react/`, { reaction: 'heart' }),
      ],
      [
        "an author's name",
        () => t.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, w.vendorA.member.user.id)),
      ],
      ['a post removed', () => w.vendorA.member.delete(`/api/case/thread/post/${post.id}/`)],
    ];
    for (const [what, change] of changes) {
      await change();
      const after = await page(reader, thread.id, etag);
      expect(after.status, what).toBe(200);
      expect(after.etag, what).not.toBe(etag);
      // The new answer shows the change, and its own ETag is then a 304.
      expect((await page(reader, thread.id, after.etag)).status, what).toBe(304);
      etag = after.etag;
    }
    const { results } = JSON.parse((await page(reader, thread.id)).res.body) as { results: Post[] };
    expect(results.map((p) => p.deleted)).toEqual([true, false]);
  });

  it("is another caller's answer when it differs by caller: never a 304 for someone else's view", async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Per caller' });
    const post = await writePost(coordinator, thread.id, 'React');
    await w.vendorA.member.post(`/api/case/thread/post/${post.id}/react/`, { reaction: 'rocket' });
    const a = await page(w.vendorA.member, thread.id);
    const b = await page(w.vendorB.member, thread.id);
    // A's page marks the rocket as A's, B's does not: two answers, two tags.
    expect(JSON.parse(a.res.body).results[0].reactions).toEqual([
      { reaction: 'rocket', count: 1, mine: true },
    ]);
    expect(JSON.parse(b.res.body).results[0].reactions).toEqual([
      { reaction: 'rocket', count: 1, mine: false },
    ]);
    expect(a.etag).not.toBe(b.etag);
    const bWithA = await page(w.vendorB.member, thread.id, a.etag);
    expect(bWithA.status).toBe(200);
    expect(bWithA.res.body).toBe(b.res.body);
    expect((await page(w.vendorA.member, thread.id, b.etag)).status).toBe(200);
  });

  it('is named per query: another page, pinned or search of the same thread is not a 304', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Queries' });
    await writePost(coordinator, thread.id, 'One firmware');
    await writePost(coordinator, thread.id, 'Two');
    const whole = await page(w.vendorA.member, thread.id);
    for (const query of ['?page_size=1', '?pinned=1', '?search=firmware']) {
      const res = await page(w.vendorA.member, thread.id, whole.etag, query);
      expect(res.status, query).toBe(200);
      expect((await page(w.vendorA.member, thread.id, res.etag, query)).status, query).toBe(304);
    }
  });

  it('answers 404, not 304, to a caller who may not read the thread, whatever tag they send', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Private' });
    const { etag } = await page(coordinator, thread.id);
    expect(
      (await w.stranger.get(pageUrl(thread.id), { headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(404);
  });
});
