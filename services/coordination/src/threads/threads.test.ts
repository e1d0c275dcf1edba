// Threads: a case's conversations — open to every participant or restricted to some — listed with counts
// and what the caller has not read, archived, renamed, deleted; who a thread is open to.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_A_CASE_PARTICIPANT,
  THREAD_HAS_NO_PARTICIPANTS,
  type Thread,
  type ThreadParticipant,
} from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import { posts, searchEntries, threadParticipants, threads } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { UNREAD_CAP } from './store.ts';
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

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function threadList(by: Client, caseId: number, suffix = '') {
  const res = await by.get(`/api/case/${caseId}/threads/${suffix}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; results: Thread[] }>();
}

async function threadCount(caseId: number) {
  const [{ n }] = await t.db.select({ n: count() }).from(threads).where(eq(threads.caseId, caseId));
  return n;
}

describe('starting and listing threads', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('staff start an open thread (JSON or form); every participant sees it, strangers get 404', async () => {
    const open = await startThread(coordinator, w.caseId, { subject: '  Patch timeline  ', official: true });
    expect(open).toMatchObject({
      case: w.caseId,
      subject: 'Patch timeline',
      official: true,
      archived: false,
      restricted: false,
      created_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
      last_post: null,
      post_count: 0,
      unread: 0,
    });
    const form = await coordinator.post(`/api/case/${w.caseId}/threads/`, 'subject=From+a+form', {
      headers: FORM,
    });
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ subject: 'From a form', official: false });

    for (const who of [w.reporter, w.vendorA.member, w.vendorB.member, coordinator]) {
      const list = await threadList(who, w.caseId);
      expect(list.count).toBe(2);
      expect(list.results.map((x) => x.subject).sort()).toEqual(['From a form', 'Patch timeline']);
      expect((await who.get(`/api/case/thread/${open.id}/`)).json()).toMatchObject({ id: open.id });
    }
    for (const who of [w.stranger, w.outsider]) {
      expect((await who.get(`/api/case/${w.caseId}/threads/`)).statusCode).toBe(404);
      expect((await who.get(`/api/case/thread/${open.id}/`)).statusCode).toBe(404);
      expect((await who.get(`/api/case/thread/${open.id}/posts/`)).statusCode).toBe(404);
      expect((await who.post(`/api/case/thread/${open.id}/posts/`, { content: 'hi' })).statusCode).toBe(404);
    }
    const logged = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.verb, 'started thread')));
    expect(logged).toHaveLength(2);

    // official=1 lists the official ones only.
    const official = await threadList(w.vendorA.member, w.caseId, '?official=1');
    expect(official.results.map((x) => x.subject)).toEqual(['Patch timeline']);
  });

  it('only staff start threads; bad input is a 400 naming the field, nothing stored', async () => {
    const before = await threadCount(w.caseId);
    for (const who of [w.reporter, w.vendorA.member]) {
      const res = await who.post(`/api/case/${w.caseId}/threads/`, { subject: 'Mine' });
      expect(res.statusCode).toBe(403);
    }
    for (const [body, field] of [
      [{}, 'subject'],
      [{ subject: '   ' }, 'subject'],
      [{ subject: 'x'.repeat(301) }, 'subject'],
      [{ subject: 'ok', participants: ['abc'] }, 'participants'],
    ] as const) {
      const res = await coordinator.post(`/api/case/${w.caseId}/threads/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors).join(' '), JSON.stringify(body)).toContain(field);
    }
    // A participant of another case, or an empty list: refused, naming participants.
    const foreign = await coordinator.post(`/api/case/${w.caseId}/threads/`, {
      subject: 'Sneaky',
      participants: [w.vendorA.participantId, w.otherCaseParticipantId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.participants).toEqual([NOT_A_CASE_PARTICIPANT(w.otherCaseParticipantId)]);
    const empty = await coordinator.post(`/api/case/${w.caseId}/threads/`, {
      subject: 'Nobody',
      participants: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.participants).toEqual([THREAD_HAS_NO_PARTICIPANTS]);
    expect(await threadCount(w.caseId)).toBe(before);
    expect(await t.db.select().from(threadParticipants)).toHaveLength(0);
  });
});

describe('a restricted thread', () => {
  let w: World;
  let restricted: Thread;
  beforeAll(async () => {
    w = await makeWorld(t);
    restricted = await startThread(coordinator, w.caseId, {
      subject: 'Vendor A only',
      participants: [w.vendorA.participantId, w.reporterParticipantId],
    });
    await startThread(coordinator, w.caseId, { subject: 'Everyone' });
  });

  it('is open to its participants and staff; anyone else gets 404 for it, its posts and its participants', async () => {
    expect(restricted.restricted).toBe(true);
    await writePost(w.vendorA.member, restricted.id, 'Our fix lands on Friday.');
    for (const who of [w.vendorA.member, w.reporter, coordinator]) {
      expect((await threadList(who, w.caseId)).results.map((x) => x.subject).sort()).toEqual([
        'Everyone',
        'Vendor A only',
      ]);
      expect((await postsOf(who, restricted.id)).results.map((p) => p.content)).toEqual([
        'Our fix lands on Friday.',
      ]);
    }
    const [post] = await t.db.select().from(posts).where(eq(posts.threadId, restricted.id));
    const outside = w.vendorB.member;
    expect((await threadList(outside, w.caseId)).results.map((x) => x.subject)).toEqual(['Everyone']);
    for (const res of [
      await outside.get(`/api/case/thread/${restricted.id}/`),
      await outside.get(`/api/case/thread/${restricted.id}/posts/`),
      await outside.get(`/api/case/thread/${restricted.id}/participants/`),
      await outside.post(`/api/case/thread/${restricted.id}/posts/`, { content: 'let me in' }),
      await outside.get(`/api/case/thread/post/${post.id}/`),
      await outside.post(`/api/case/thread/post/${post.id}/react/`, { reaction: 'eyes' }),
      await outside.patch(`/api/case/thread/post/${post.id}/`, { pinned: true }),
      await outside.delete(`/api/case/thread/post/${post.id}/`),
      await outside.get(`/case/thread/post/diff/${post.id}/`),
      await outside.patch(`/api/case/thread/${restricted.id}/`, { archived: true }),
      await outside.delete(`/api/case/thread/${restricted.id}/`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Vendor A only');
    }
    expect(await t.db.select().from(posts).where(eq(posts.threadId, restricted.id))).toHaveLength(1);
  });

  it('lists who it is open to; an open thread is open to every participant of the case', async () => {
    const res = await w.vendorA.member.get(`/api/case/thread/${restricted.id}/participants/`);
    expect(res.statusCode).toBe(200);
    const { results } = res.json<{ results: ThreadParticipant[] }>();
    expect(results.map((p) => [p.participant, p.kind, p.name, p.role])).toEqual([
      [w.vendorA.participantId, 'group', w.vendorA.name, 'vendor'],
      [w.reporterParticipantId, 'user', 'Rita Reporter', 'reporter'],
    ]);
    expect(results.every((p) => typeof p.id === 'number')).toBe(true);

    const everyone = (await threadList(coordinator, w.caseId)).results.find((x) => x.subject === 'Everyone')!;
    const all = (await w.vendorB.member.get(`/api/case/thread/${everyone.id}/participants/`)).json();
    expect(all.count).toBe(3);
    expect(all.results.map((p: ThreadParticipant) => p.id)).toEqual([null, null, null]);
  });

  it('removing participants is for staff; without its last one it stays restricted, to staff only', async () => {
    const { results } = (await coordinator.get(`/api/case/thread/${restricted.id}/participants/`)).json<{
      results: ThreadParticipant[];
    }>();
    const [a, reporter] = results;
    expect((await w.vendorA.member.delete(`/api/case/thread/participant/${a.id}/`)).statusCode).toBe(403);
    expect((await w.vendorB.member.delete(`/api/case/thread/participant/${a.id}/`)).statusCode).toBe(404);
    expect((await coordinator.delete(`/api/case/thread/participant/${a.id}/`)).statusCode).toBe(204);
    expect((await coordinator.delete(`/api/case/thread/participant/${a.id}/`)).statusCode).toBe(404);
    // Vendor A is out at once; the reporter still reads it.
    expect((await w.vendorA.member.get(`/api/case/thread/${restricted.id}/posts/`)).statusCode).toBe(404);
    expect((await w.reporter.get(`/api/case/thread/${restricted.id}/`)).statusCode).toBe(200);

    expect((await coordinator.delete(`/api/case/thread/participant/${reporter.id}/`)).statusCode).toBe(204);
    const left = await coordinator.get(`/api/case/thread/${restricted.id}/`);
    expect(left.json()).toMatchObject({ restricted: true });
    expect((await coordinator.get(`/api/case/thread/${restricted.id}/participants/`)).json().count).toBe(0);
    for (const who of [w.reporter, w.vendorA.member, w.vendorB.member]) {
      expect((await who.get(`/api/case/thread/${restricted.id}/`)).statusCode).toBe(404);
      expect((await threadList(who, w.caseId)).results.map((x) => x.subject)).toEqual(['Everyone']);
    }
    expect((await postsOf(coordinator, restricted.id)).count).toBe(1);
    const removed = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.verb, 'removed thread participant')));
    expect(removed).toHaveLength(2);
  });
});

describe('changing and deleting a thread', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('archiving moves a thread to the archived list; it stays readable; only staff change threads', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Old news' });
    await writePost(w.vendorA.member, thread.id, 'Done on our side.');
    expect(
      (await w.vendorA.member.patch(`/api/case/thread/${thread.id}/`, { archived: true })).statusCode,
    ).toBe(403);
    const res = await coordinator.patch(`/api/case/thread/${thread.id}/`, { archived: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, subject: 'Old news', post_count: 1 });

    expect((await threadList(w.vendorA.member, w.caseId)).count).toBe(0);
    const archived = await threadList(w.vendorA.member, w.caseId, 'archived/');
    expect(archived.results.map((x) => x.id)).toEqual([thread.id]);
    expect((await w.vendorA.member.get(`/api/case/thread/${thread.id}/`)).statusCode).toBe(200);
    expect((await postsOf(w.vendorA.member, thread.id)).count).toBe(1);

    const back = await coordinator.patch(`/api/case/thread/${thread.id}/`, {
      archived: false,
      official: true,
    });
    expect(back.json()).toMatchObject({ archived: false, official: true });
    expect((await threadList(w.vendorA.member, w.caseId)).results.map((x) => x.id)).toEqual([thread.id]);
    const verbs = (
      await t.db
        .select({ verb: activity.verb })
        .from(activity)
        .where(eq(activity.objectId, String(thread.id)))
    ).map((r) => r.verb);
    expect(verbs).toEqual(expect.arrayContaining(['archived thread', 'unarchived thread']));

    for (const body of [{ subject: '' }, { archived: 'maybe' }, { unknown: 1 }]) {
      expect(
        (await coordinator.patch(`/api/case/thread/${thread.id}/`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('renaming renames its posts in search too', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Working title' });
    const post = await writePost(coordinator, thread.id, 'Body text');
    const res = await coordinator.patch(`/api/case/thread/${thread.id}/`, { subject: 'Embargo questions' });
    expect(res.json()).toMatchObject({ subject: 'Embargo questions' });
    const [entry] = await t.db
      .select()
      .from(searchEntries)
      .where(and(eq(searchEntries.type, 'post'), eq(searchEntries.objectId, String(post.id))));
    expect(entry.title).toBe('Embargo questions');
  });

  it('staff delete a thread with its posts; participants may not', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Mistake' });
    await writePost(w.reporter, thread.id, 'Oops');
    expect((await w.reporter.delete(`/api/case/thread/${thread.id}/`)).statusCode).toBe(403);
    expect((await coordinator.delete(`/api/case/thread/${thread.id}/`)).statusCode).toBe(204);
    expect((await coordinator.get(`/api/case/thread/${thread.id}/`)).statusCode).toBe(404);
    expect(await t.db.select().from(posts).where(eq(posts.threadId, thread.id))).toHaveLength(0);
    expect(await t.db.select().from(searchEntries).where(eq(searchEntries.threadId, thread.id))).toHaveLength(
      0,
    );
  });
});

describe('unread posts', () => {
  it("count others' posts past what the caller read; reading a page marks them read", async () => {
    const w = await makeWorld(t);
    const thread = await startThread(coordinator, w.caseId, { subject: 'Counting' });
    await writePost(coordinator, thread.id, 'one');
    await writePost(coordinator, thread.id, 'two');
    await writePost(w.vendorA.member, thread.id, 'mine');
    const unread = async (who: Client) =>
      (await threadList(who, w.caseId)).results.find((x) => x.id === thread.id)!;
    expect(await unread(w.vendorA.member)).toMatchObject({ unread: 2, post_count: 3 });
    expect((await unread(w.vendorA.member)).last_post).not.toBeNull();
    expect(await unread(w.vendorB.member)).toMatchObject({ unread: 3 });
    expect(await unread(coordinator)).toMatchObject({ unread: 1 });

    // The first page (size 1) marks one post read; all pages, all.
    await postsOf(w.vendorB.member, thread.id, '?page_size=1');
    expect(await unread(w.vendorB.member)).toMatchObject({ unread: 2 });
    await postsOf(w.vendorB.member, thread.id);
    expect(await unread(w.vendorB.member)).toMatchObject({ unread: 0 });
    // Pinned or search pages do not mark read.
    await postsOf(w.vendorA.member, thread.id, '?pinned=1');
    await postsOf(w.vendorA.member, thread.id, '?search=two');
    expect(await unread(w.vendorA.member)).toMatchObject({ unread: 2 });
    // A new post by someone else is unread again.
    await writePost(w.reporter, thread.id, 'three');
    expect(await unread(w.vendorB.member)).toMatchObject({ unread: 1, post_count: 4 });
    expect((await w.vendorB.member.get(`/api/case/thread/${thread.id}/`)).json()).toMatchObject({
      unread: 1,
    });
  });

  it('count at most UNREAD_CAP posts: a reader far behind sees 1000, meaning "1000 or more"', async () => {
    const w = await makeWorld(t);
    const thread = await startThread(coordinator, w.caseId, { subject: 'A long one' });
    await t.db.insert(posts).values(
      Array.from({ length: UNREAD_CAP + 5 }, (_, i) => ({
        threadId: thread.id,
        caseId: w.caseId,
        authorId: coordinator.user.id,
        content: `post ${i}`,
        html: `<p>post ${i}</p>`,
      })),
    );
    await t.db
      .update(threads)
      .set({ postCount: UNREAD_CAP + 5 })
      .where(eq(threads.id, thread.id));
    const listed = (await threadList(w.vendorA.member, w.caseId)).results.find((x) => x.id === thread.id)!;
    expect(listed).toMatchObject({ unread: UNREAD_CAP, post_count: UNREAD_CAP + 5 });
    expect((await w.vendorA.member.get(`/api/case/thread/${thread.id}/`)).json()).toMatchObject({
      unread: UNREAD_CAP,
    });
    // Reading the first page leaves 1,005 − 100 = 905 unread: below the cap, counted exactly.
    await postsOf(w.vendorA.member, thread.id, '?page_size=100');
    expect((await w.vendorA.member.get(`/api/case/thread/${thread.id}/`)).json()).toMatchObject({
      unread: UNREAD_CAP + 5 - 100,
    });
  });
});
