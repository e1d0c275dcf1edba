// Issue 26: a thread's posts gather in one unread entry per person ("12 new posts in … — latest by …") until
// they read it; Action needed stays until the action is done (not cleared by "mark read"); follow/mute per
// thread beside the per-case mute; the conversation email preference. One app for the file.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPage, NotificationPage } from '@cvdp/core';
import { caseUserStates } from '../cases/tables.ts';
import { emailOutbox } from '../email/tables.ts';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  postsOf,
  startThread,
  writePost,
  type World,
} from '../../testing/thread-test-helpers.ts';
import { insertVul } from '../../testing/vendor-status-test-helpers.ts';
import { raiseActionNeeded, resolveActionNeeded } from './actions.ts';
import { notifications } from './tables.ts';

let t: TestApp;
let w: World;
let coordinator: Client;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
});
afterAll(() => t.close());

const bell = async (who: TestClient) => {
  const res = await who.get('/api/case/notifications/?unread=1');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationPage>();
};
const actions = async (who: TestClient) => {
  const res = await who.get('/api/case/notifications/actions/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActionPage>();
};

describe('grouped notifications', () => {
  it('many posts in a thread make one unread entry with the count and the latest author; reading clears it; a later post starts a new one', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Coordination with Acme' });
    for (let i = 0; i < 12; i++)
      await writePost(i % 2 ? w.vendorB.member : coordinator, thread.id, `Post ${i}`);

    const page = await bell(w.vendorA.member);
    const mine = page.results.filter((n) => n.thread === thread.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'new_post',
      count: 12,
      title: `12 new posts in "Coordination with Acme" — latest by ${w.vendorB.name} member`,
      link: `/cvdp/cases/${w.caseId}/threads?thread=${thread.id}`,
      read: false,
    });
    // The author of the last post is told of the posts of others only: 6 by Cora, 5 by the others before it.
    const vendorB = (await bell(w.vendorB.member)).results.find((n) => n.thread === thread.id)!;
    expect(vendorB.count).toBe(6);

    // Reading it (the mark-read route) clears it; the next post starts a new unread entry of one.
    const read = await w.vendorA.member.post('/api/case/notifications/read/', { ids: [mine[0].id] });
    expect(read.json()).toMatchObject({ marked: 1 });
    expect((await bell(w.vendorA.member)).results.filter((n) => n.thread === thread.id)).toEqual([]);
    await writePost(coordinator, thread.id, 'One more');
    const again = (await bell(w.vendorA.member)).results.filter((n) => n.thread === thread.id);
    expect(again).toMatchObject([{ count: 1, title: 'Cora Coordinator posted in "Coordination with Acme"' }]);
    expect(again[0].id).not.toBe(mine[0].id);
    // The old entry stays readable, as read, with its count.
    const all = (await w.vendorA.member.get('/api/case/notifications/')).json<NotificationPage>();
    expect(all.results.find((n) => n.id === mine[0].id)).toMatchObject({ read: true, count: 12 });

    // Reading the thread to its end (its posts' last page, as the thread view asks) marks its entry read;
    // a page that is not the last does not.
    const firstPage = await postsOf(w.vendorA.member, thread.id, '?page_size=5');
    expect(firstPage.next).not.toBeNull();
    expect((await bell(w.vendorA.member)).results.filter((n) => n.thread === thread.id)).toHaveLength(1);
    await postsOf(w.vendorA.member, thread.id);
    expect((await bell(w.vendorA.member)).results.filter((n) => n.thread === thread.id)).toEqual([]);
    const stored = await t.db.select().from(notifications).where(eq(notifications.id, again[0].id));
    expect(stored[0].readAt).not.toBeNull();
  });

  it('two threads make two entries; case-level events of one case gather in one', async () => {
    const one = await startThread(coordinator, w.caseId, { subject: 'First' });
    const two = await startThread(coordinator, w.caseId, { subject: 'Second' });
    await writePost(coordinator, one.id, 'a');
    await writePost(coordinator, two.id, 'b');
    await writePost(coordinator, one.id, 'c');
    const entries = (await bell(w.reporter)).results.filter(
      (n) => n.thread === one.id || n.thread === two.id,
    );
    expect(entries.map((n) => [n.thread, n.count])).toEqual([
      [one.id, 2],
      [two.id, 1],
    ]);

    const resolutions = (await coordinator.get('/manage/case/options/resolutions/')).json<{ id: number }[]>();
    for (const change of [{ status: 2, resolution: resolutions[0].id }, { status: 1 }]) {
      const res = await coordinator.patch(`/api/cases/${w.caseId}/`, change);
      expect(res.statusCode, res.body).toBe(200);
    }
    const caseLevel = (await bell(w.reporter)).results.filter((n) => n.kind === 'status_changed');
    expect(caseLevel).toHaveLength(1);
    expect(caseLevel[0].count).toBe(2);
    expect(caseLevel[0].title).toMatch(
      new RegExp(`^2 updates in case #${w.caseId} — latest: Cora Coordinator `),
    );
  });

  it('a vendor never sees the entry of a thread restricted away from it', async () => {
    const onlyA = await startThread(coordinator, w.caseId, {
      subject: 'Only for A',
      participants: [w.vendorA.participantId],
    });
    await writePost(coordinator, onlyA.id, 'secret');
    expect(JSON.stringify(await bell(w.vendorB.member))).not.toContain('Only for A');
    expect((await bell(w.vendorA.member)).results.some((n) => n.thread === onlyA.id)).toBe(true);
  });
});

describe('Action needed', () => {
  it('an approval request stays until the vendor answers — "mark all read" does not clear it', async () => {
    const c = w.caseId;
    let res = await coordinator.post(`/api/case/${c}/advisory/`, {
      title: 'Advisory',
      summary: 's',
      content: 'c',
    });
    expect(res.statusCode, res.body).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    res = await coordinator.patch(`/api/case/${c}/advisory/latest/`, { date_shared: today });
    expect(res.statusCode, res.body).toBe(200);
    res = await coordinator.post(`/api/case/${c}/approvals/`, { participants: [w.vendorA.participantId] });
    expect(res.statusCode, res.body).toBe(201);
    const [approval] = res.json<{ created: { id: number }[] }>().created;

    const list = await actions(w.vendorA.member);
    expect(list.results).toMatchObject([
      { kind: 'approval_requested', case: c, link: `/cvdp/cases/${c}/advisory` },
    ]);
    expect(list.results[0].title).toContain('asked you to approve revision 1');
    expect((await bell(w.vendorA.member)).action_count).toBe(1);
    expect((await actions(w.vendorB.member)).count).toBe(0);
    // Emailed at once.
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'approval_requested'),
            eq(emailOutbox.toAddress, w.vendorA.member.user.email),
          ),
        ),
    ).toHaveLength(1);

    await w.vendorA.member.post('/api/case/notifications/read/', { all: true });
    expect((await actions(w.vendorA.member)).count).toBe(1);

    res = await w.vendorA.member.patch(`/api/case/approvals/${approval.id}/`, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await actions(w.vendorA.member)).count).toBe(0);
    expect((await bell(w.vendorA.member)).action_count).toBe(0);
  });

  it("a vendor's status: asked when the vendors are notified, cleared once no vulnerability is left unknown", async () => {
    const [c] = [w.otherCaseId];
    // A case of its own: vendor B takes part, with two vulnerabilities.
    const { caseParticipants } = await import('../cases/tables.ts');
    const [p] = await t.db
      .insert(caseParticipants)
      .values({ caseId: c, groupId: w.vendorB.groupId, role: 'vendor' })
      .returning();
    const v1 = await insertVul(t, c, 1);
    const v2 = await insertVul(t, c, 2);
    let res = await coordinator.post(`/case/${c}/participants/notify/`, { participants: [p.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await actions(w.vendorB.member)).results).toMatchObject([{ kind: 'vendor_status', case: c }]);

    const set = (vul: number, status: string) =>
      w.vendorB.member.post(`/api/case/${c}/vendors/status/`, { vul, participant: p.id, status });
    res = await set(v1.id, 'affected');
    expect(res.statusCode, res.body).toBe(200);
    expect((await actions(w.vendorB.member)).count).toBe(1);
    res = await set(v2.id, 'fixed');
    expect(res.statusCode, res.body).toBe(200);
    expect((await actions(w.vendorB.member)).count).toBe(0);

    // A vulnerability added later: the notified vendor owes a status for it, so it is asked again (once,
    // however many are added), and the request ends when that one is answered too.
    res = await coordinator.post(`/api/case/${c}/vuls/`, { description: 'Found later.' });
    expect(res.statusCode, res.body).toBe(201);
    const v3 = res.json<{ id: number }>();
    res = await coordinator.post(`/api/case/${c}/vuls/`, { description: 'And another.' });
    expect(res.statusCode, res.body).toBe(201);
    const v4 = res.json<{ id: number }>();
    const again = await actions(w.vendorB.member);
    expect(again.results).toMatchObject([
      { kind: 'vendor_status', case: c, link: `/cvdp/cases/${c}/vendors` },
    ]);
    expect(again.count).toBe(1);
    expect((await set(v3.id, 'fixed')).statusCode).toBe(200);
    expect((await actions(w.vendorB.member)).count).toBe(1);
    expect((await set(v4.id, 'affected')).statusCode).toBe(200);
    expect((await actions(w.vendorB.member)).count).toBe(0);
  });

  it('raise/resolve by (kind, object) for other domains: once per person, hidden once the case is out of reach', async () => {
    const raise = () =>
      t.db.transaction((tx) =>
        raiseActionNeeded(tx, {
          kind: 'embargo_proposal',
          objectId: 4242,
          caseId: w.caseId,
          actorId: coordinator.user.id,
          userIds: [w.reporter.user.id, w.reporter.user.id, w.stranger.user.id],
          title: 'Answer the embargo proposal',
        }),
      );
    expect((await raise()).sort()).toEqual([w.reporter.user.id, w.stranger.user.id].sort());
    expect(await raise()).toEqual([]);
    expect((await actions(w.reporter)).results.filter((a) => a.kind === 'embargo_proposal')).toHaveLength(1);
    // The stranger does not see the case: the request is not shown to them.
    expect((await actions(w.stranger)).count).toBe(0);
    expect(
      await t.db.transaction((tx) => resolveActionNeeded(tx, { kind: 'embargo_proposal', objectId: 4242 })),
    ).toBe(2);
    expect((await actions(w.reporter)).results.filter((a) => a.kind === 'embargo_proposal')).toEqual([]);
  });

  it('anonymous: 401; bad paging: 400', async () => {
    expect((await t.anonymous().get('/api/case/notifications/actions/')).statusCode).toBe(401);
    const res = await w.reporter.get('/api/case/notifications/actions/?page=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('page');
  });
});

describe('follow / mute a thread', () => {
  it('a muted thread tells nothing; a followed thread tells even in a muted case; 404 for a thread one may not read', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Mute me' });
    const url = `/api/case/thread/${thread.id}/follow/`;
    expect((await w.reporter.get(url)).json()).toEqual({ mode: 'default' });
    let res = await w.reporter.put(url, { mode: 'mute' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mode: 'mute' });
    await writePost(coordinator, thread.id, 'unheard');
    const told = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.threadId, thread.id), eq(notifications.userId, w.reporter.user.id)));
    expect(await told()).toEqual([]);

    // Mute the case, follow the thread: told.
    await t.db
      .insert(caseUserStates)
      .values({ caseId: w.caseId, userId: w.reporter.user.id, muted: true })
      .onConflictDoUpdate({ target: [caseUserStates.caseId, caseUserStates.userId], set: { muted: true } });
    expect((await w.reporter.put(url, { mode: 'follow' })).json()).toEqual({ mode: 'follow' });
    await writePost(coordinator, thread.id, 'heard');
    expect(await told()).toHaveLength(1);
    // Back to the default: the case's mute decides again.
    expect((await w.reporter.put(url, { mode: 'default' })).json()).toEqual({ mode: 'default' });
    await t.db.delete(notifications).where(eq(notifications.threadId, thread.id));
    await writePost(coordinator, thread.id, 'unheard again');
    expect(await told()).toEqual([]);
    await t.db
      .update(caseUserStates)
      .set({ muted: false })
      .where(eq(caseUserStates.userId, w.reporter.user.id));

    const restricted = await startThread(coordinator, w.caseId, {
      subject: 'Not yours',
      participants: [w.vendorA.participantId],
    });
    expect((await w.vendorB.member.get(`/api/case/thread/${restricted.id}/follow/`)).statusCode).toBe(404);
    expect(
      (await w.vendorB.member.put(`/api/case/thread/${restricted.id}/follow/`, { mode: 'mute' })).statusCode,
    ).toBe(404);
    res = await w.reporter.put(url, { mode: 'loud' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('mode');
  });
});

describe('conversation email preference', () => {
  it('immediate by default; hourly or daily; a digest reader gets no email per post, an action-needed email still', async () => {
    const url = '/api/case/notifications/preferences/';
    expect((await w.vendorB.member.get(url)).json()).toEqual({ conversation_email: 'immediate' });
    let res = await w.vendorB.member.put(url, { conversation_email: 'hourly' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.vendorB.member.get(url)).json()).toEqual({ conversation_email: 'hourly' });
    res = await w.vendorB.member.put(url, { conversation_email: 'weekly' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('conversation_email');

    const thread = await startThread(coordinator, w.caseId, { subject: 'Quiet mail' });
    await t.db.delete(emailOutbox);
    await writePost(coordinator, thread.id, 'hello');
    const to = async (address: string) =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))).map((m) => m.kind);
    expect(await to(w.vendorB.member.user.email)).toEqual([]);
    expect(await to(w.vendorA.member.user.email)).toEqual(['new_post']);
    await w.vendorB.member.put(url, { conversation_email: 'immediate' });
  });
});
