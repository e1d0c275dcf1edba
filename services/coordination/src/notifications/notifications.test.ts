// GET /api/case/notifications/ and POST /api/case/notifications/read/: the caller's own notifications,
// newest first, paged, with the unread count; marking read touches only the caller's rows.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionPage, type NotificationPage, UNREAD_COUNT_CAP } from '@cvdp/core';
import { caseParticipants, cases } from '../cases/tables.ts';
import { emailOutbox } from '../email/tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { notify } from './notify.ts';
import { actionItems, notifications } from './tables.ts';
import { makeWorld, startThread, writePost } from '../../testing/thread-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function caseWith(title: string, participants: { userId: number; role: string }[]) {
  const [c] = await t.db.insert(cases).values({ title }).returning();
  if (participants.length)
    await t.db.insert(caseParticipants).values(participants.map((p) => ({ ...p, caseId: c.id })));
  return c.id;
}

async function tell(caseId: number, userIds: number[], title: string, actorId: number | null = null) {
  return t.db.transaction((tx) =>
    notify(tx, { caseId, kind: 'status_changed', actorId, userIds, title, vars: { status: 'Active' } }),
  );
}

describe('GET /api/case/notifications/', () => {
  it("lists the caller's notifications newest first with the case title, paged, with the unread count", async () => {
    const vendor = await t.signIn();
    const other = await t.signIn();
    const a = await caseWith('Case <A>', [
      { userId: vendor.user.id, role: 'vendor' },
      { userId: other.user.id, role: 'vendor' },
    ]);
    const b = await caseWith('Case B', [{ userId: vendor.user.id, role: 'vendor' }]);
    await tell(a, [vendor.user.id, other.user.id], 'first');
    await tell(b, [vendor.user.id], 'second');
    await tell(a, [vendor.user.id], 'third');

    const res = await vendor.get('/api/case/notifications/');
    expect(res.statusCode).toBe(200);
    const page = res.json<NotificationPage>();
    expect(page).toMatchObject({ count: 3, next: null, previous: null, unread_count: 3 });
    expect(page.results.map((n) => [n.title, n.case, n.case_title, n.read])).toEqual([
      ['third', a, 'Case <A>', false],
      ['second', b, 'Case B', false],
      ['first', a, 'Case <A>', false],
    ]);
    expect(page.results[0]).toMatchObject({ kind: 'status_changed', link: `/cvdp/cases/${a}` });
    expect(Date.parse(page.results[0].created)).not.toBeNaN();

    // Page 2 of size 2; the unread count is the whole count, not the page's.
    const second = (await vendor.get('/api/case/notifications/?page=2&page_size=2')).json<NotificationPage>();
    expect(second.results.map((n) => n.title)).toEqual(['first']);
    expect(second).toMatchObject({ count: 3, unread_count: 3, next: null });
    expect(second.previous).toContain('page=1');

    // The other user sees only theirs.
    const theirs = (await other.get('/api/case/notifications/')).json<NotificationPage>();
    expect(theirs.results.map((n) => n.title)).toEqual(['first']);
  });

  it('?unread=1 lists only the unread; the menu badge costs one small request (page_size=1)', async () => {
    const me = await t.signIn();
    const c = await caseWith('Badge', [{ userId: me.user.id, role: 'vendor' }]);
    await tell(c, [me.user.id], 'one');
    await tell(c, [me.user.id], 'two');
    const [first] = await t.db.select().from(notifications).where(eq(notifications.title, 'one'));
    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, first.id));

    const unread = (await me.get('/api/case/notifications/?unread=1')).json<NotificationPage>();
    expect(unread.results.map((n) => n.title)).toEqual(['two']);
    expect(unread).toMatchObject({ count: 1, unread_count: 1 });
    const badge = (await me.get('/api/case/notifications/?page_size=1')).json<NotificationPage>();
    expect(badge).toMatchObject({ count: 2, unread_count: 1 });
    expect(badge.results).toHaveLength(1);
    const all = (await me.get('/api/case/notifications/?unread=0')).json<NotificationPage>();
    expect(all.results.map((n) => [n.title, n.read])).toEqual([
      ['two', false],
      ['one', true],
    ]);
  });

  it('both counts stop at 1,000 (count_capped, unread_capped), and count only rows the caller may see', async () => {
    const me = await t.signIn();
    const c = await caseWith('Busy', [{ userId: me.user.id, role: 'vendor' }]);
    const gone = await caseWith('Left', []);
    // 1,001 unread rows of a case the caller takes part in, 5 of a case they do not: never counted.
    await t.db.execute(sql`insert into notifications (user_id, case_id, kind, title, link)
      select ${me.user.id}::int, ${c}::int, 'status_changed', 'n' || g, '/cvdp/' from generate_series(1, ${UNREAD_COUNT_CAP + 1}::int) g
      union all select ${me.user.id}::int, ${gone}::int, 'status_changed', 'hidden', '/cvdp/' from generate_series(1, 5)`);
    const page = (await me.get('/api/case/notifications/?page_size=5')).json<NotificationPage>();
    expect(page).toMatchObject({ count: 1000, count_capped: true, unread_count: 1000, unread_capped: true });
    expect(page.next).toContain('page=2');
    // The last page past the cap still answers (the cap grows with the page asked).
    const last = (await me.get('/api/case/notifications/?page=11&page_size=100')).json<NotificationPage>();
    expect(last).toMatchObject({ count: 1001, count_capped: false });
    expect(last.results.map((n) => n.title)).not.toContain('hidden');

    // At the cap and below it the counts are exact.
    const marked = await me.post('/api/case/notifications/read/', { ids: last.results.map((n) => n.id) });
    expect(marked.json()).toEqual({ marked: 1, unread_count: 1000, unread_capped: false });
    const two = (await me.get('/api/case/notifications/?page_size=2')).json<NotificationPage>();
    await me.post('/api/case/notifications/read/', { ids: two.results.map((n) => n.id) });
    const after = (await me.get('/api/case/notifications/?unread=1&page_size=1')).json<NotificationPage>();
    expect(after).toMatchObject({ count: 998, count_capped: false, unread_count: 998, unread_capped: false });
  });

  it('a page with no rows still carries the counts (the bell of someone with nothing unread)', async () => {
    const me = await t.signIn();
    const c = await caseWith('Quiet', [{ userId: me.user.id, role: 'vendor' }]);
    const left = await caseWith('Left behind', []);
    await tell(c, [me.user.id], 'seen already');
    await me.post('/api/case/notifications/read/', { all: true });
    // Two open requests: one of a case they take part in, one of a case they are no longer in (not counted).
    await t.db.insert(actionItems).values(
      [c, left].map((caseId) => ({
        userId: me.user.id,
        kind: 'vendor_status',
        objectId: caseId,
        caseId,
        title: 'Your status',
        link: '/cvdp/',
      })),
    );
    const badge = (await me.get('/api/case/notifications/?unread=1&page_size=1')).json<NotificationPage>();
    expect(badge).toMatchObject({
      count: 0,
      count_capped: false,
      results: [],
      unread_count: 0,
      action_count: 1,
    });
    const menu = (await me.get('/api/case/notifications/?page_size=5')).json<NotificationPage>();
    expect(menu).toMatchObject({ count: 1, unread_count: 0, action_count: 1 });
    expect(menu.results.map((n) => [n.title, n.read])).toEqual([['seen already', true]]);
    // Action needed reads its page and count together: the same answers, a page past the end a 400.
    const actions = (await me.get('/api/case/notifications/actions/')).json<ActionPage>();
    expect(actions).toMatchObject({ count: 1, next: null, previous: null });
    expect(actions.results.map((a) => a.case)).toEqual([c]);
    const past = await me.get('/api/case/notifications/actions/?page=2');
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty('page');
    const nobody = await t.signIn();
    const empty = (await nobody.get('/api/case/notifications/')).json<NotificationPage>();
    expect(empty).toMatchObject({ count: 0, results: [], unread_count: 0, action_count: 0, next: null });
    expect((await nobody.get('/api/case/notifications/actions/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('a participant removed from a case no longer sees its notifications (nor its title)', async () => {
    const me = await t.signIn();
    const c = await caseWith('Secret new title', [{ userId: me.user.id, role: 'vendor' }]);
    await tell(c, [me.user.id], 'added');
    expect((await me.get('/api/case/notifications/')).json().count).toBe(1);
    await t.db.delete(caseParticipants).where(eq(caseParticipants.caseId, c));
    const page = (await me.get('/api/case/notifications/')).json<NotificationPage>();
    expect(page).toMatchObject({ count: 0, unread_count: 0, results: [] });
    expect(JSON.stringify(page)).not.toContain('Secret new title');
  });

  it('staff see their notifications of any case', async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const c = await caseWith('Not a participant', []);
    await tell(c, [coordinator.user.id], 'for staff');
    const page = (await coordinator.get('/api/case/notifications/')).json<NotificationPage>();
    expect(page.results.map((n) => [n.title, n.case_title])).toEqual([['for staff', 'Not a participant']]);
  });

  it('anonymous: 401; bad query values: 400 naming the field', async () => {
    expect((await t.anonymous().get('/api/case/notifications/')).statusCode).toBe(401);
    const me = await t.signIn();
    for (const [query, field] of [
      ['unread=yes', 'unread'],
      ['unread=2', 'unread'],
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['page=abc', 'page'],
    ]) {
      const res = await me.get(`/api/case/notifications/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    // A page past the end of a non-empty list is a 400 naming page.
    const c = await caseWith('Paging', [{ userId: me.user.id, role: 'vendor' }]);
    await tell(c, [me.user.id], 'only one');
    const past = await me.get('/api/case/notifications/?page=2');
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty('page');
  });
});

describe('POST /api/case/notifications/read/', () => {
  it("marks the caller's own ids read; someone else's ids are untouched and not reported", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const c = await caseWith('Reading', [
      { userId: me.user.id, role: 'vendor' },
      { userId: other.user.id, role: 'vendor' },
    ]);
    await tell(c, [me.user.id, other.user.id], 'n1');
    await tell(c, [me.user.id], 'n2');
    const mine = (await me.get('/api/case/notifications/')).json<NotificationPage>().results;
    const [theirs] = (await other.get('/api/case/notifications/')).json<NotificationPage>().results;

    const res = await me.post('/api/case/notifications/read/', { ids: [mine[1].id, theirs.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: 1, unread_count: 1, unread_capped: false });
    expect(
      (await me.get('/api/case/notifications/')).json<NotificationPage>().results.map((n) => n.read),
    ).toEqual([false, true]);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row.readAt).toBeNull();
    // Only someone else's id: the same answer as an id already read — nothing to tell them apart.
    const onlyTheirs = await me.post('/api/case/notifications/read/', { ids: [theirs.id] });
    const alreadyRead = await me.post('/api/case/notifications/read/', { ids: [mine[1].id] });
    expect(onlyTheirs.json()).toEqual({ marked: 0, unread_count: 1, unread_capped: false });
    expect(alreadyRead.json()).toEqual(onlyTheirs.json());
    expect((await other.get('/api/case/notifications/')).json().unread_count).toBe(1);
  });

  it('{all: true} marks every one of the caller’s and no one else’s', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const c = await caseWith('All', [
      { userId: me.user.id, role: 'vendor' },
      { userId: other.user.id, role: 'vendor' },
    ]);
    for (const title of ['a', 'b', 'c']) await tell(c, [me.user.id, other.user.id], title);
    const res = await me.post('/api/case/notifications/read/', { all: true });
    expect(res.json()).toEqual({ marked: 3, unread_count: 0, unread_capped: false });
    expect((await me.get('/api/case/notifications/?unread=1')).json().count).toBe(0);
    expect((await other.get('/api/case/notifications/?unread=1')).json().count).toBe(3);
  });

  it('bad bodies are 400 naming the field and change nothing; no CSRF token: 403; anonymous: 401', async () => {
    const me = await t.signIn();
    const c = await caseWith('Bad input', [{ userId: me.user.id, role: 'vendor' }]);
    await tell(c, [me.user.id], 'stay unread');
    const [n] = (await me.get('/api/case/notifications/')).json<NotificationPage>().results;
    for (const body of [
      {},
      { ids: [] },
      { all: false },
      { ids: [2_147_483_648] },
      { ids: [n.id, 2_147_483_648] },
      { ids: ['0x10'] },
      { ids: [-1] },
      { ids: [1.5] },
      { ids: 'all' },
      { all: 'yes' },
      { ids: [n.id], extra: 1 },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await me.post('/api/case/notifications/read/', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    const idsField = await me.post('/api/case/notifications/read/', { ids: [2_147_483_648] });
    expect(Object.keys(idsField.json().errors).join()).toContain('ids');
    expect((await me.post('/api/case/notifications/read/', { all: true }, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await t.anonymous().post('/api/case/notifications/read/', { all: true })).statusCode).toBe(401);
    expect((await me.get('/api/case/notifications/')).json().unread_count).toBe(1);
  });
});

describe('notify()', () => {
  it('writes a row and queues an email for each recipient but the actor, inactive and pending accounts', async () => {
    const actor = await t.createUser({ roles: ['coordinator'] });
    const vendor = await t.createUser();
    const pending = await t.createUser({ pending: true });
    const c = await caseWith('Told', []);
    const told = await tell(c, [actor.id, vendor.id, vendor.id, pending.id], 'told', actor.id);
    expect(told).toEqual([vendor.id]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.caseId, c));
    expect(rows.map((r) => r.userId)).toEqual([vendor.id]);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.caseId, c));
    expect(mail.map((m) => [m.toAddress, m.status])).toEqual([[vendor.email, 'pending']]);
  });
});

describe('notifications about a thread', () => {
  it("follow the thread's current readers: removed from it, a user no longer sees its subject", async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const w = await makeWorld(t);
    const thread = await startThread(coordinator, w.caseId, {
      subject: 'Secret embargo plan',
      participants: [w.vendorA.participantId, w.reporterParticipantId],
    });
    await writePost(coordinator, thread.id, 'The date moves to June.');
    const seen = async (who: typeof w.reporter) => {
      const page = (await who.get('/api/case/notifications/')).json<NotificationPage>();
      return { titles: page.results.map((n) => n.title), unread: page.unread_count, count: page.count };
    };
    const told = (await seen(w.vendorA.member)).titles;
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Secret embargo plan');
    expect((await seen(w.reporter)).titles).toEqual(told);

    // Vendor A is removed from the thread (not from the case): its notification goes with it — from the
    // list, the count and the unread count; marking it read touches nothing.
    const participants = (await coordinator.get(`/api/case/thread/${thread.id}/participants/`)).json<{
      results: { id: number; participant: number }[];
    }>().results;
    const vendorRow = participants.find((p) => p.participant === w.vendorA.participantId)!;
    expect((await coordinator.delete(`/api/case/thread/participant/${vendorRow.id}/`)).statusCode).toBe(204);
    expect(await seen(w.vendorA.member)).toEqual({ titles: [], unread: 0, count: 0 });
    const marked = await w.vendorA.member.post('/api/case/notifications/read/', { all: true });
    expect(marked.json()).toEqual({ marked: 0, unread_count: 0, unread_capped: false });
    // The reporter still reads the thread, so still sees it.
    expect((await seen(w.reporter)).titles).toEqual(told);
  });
});
