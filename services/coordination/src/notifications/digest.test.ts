// Email digests (issue 26): hourly and daily, grouped by case and thread, exactly once with two workers, a
// muted thread left out, a thread restricted away never mentioned. The clock is a ManualClock the test moves;
// the app's own digest worker is off (CVDP_DIGEST_WORKER=0) — the test runs two "replicas" by hand.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@cvdp/server-kit';
import { filter } from '../policy/index.ts';
import { emailOutbox } from '../email/tables.ts';
import { threadParticipants } from '../threads/tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  startThread,
  writePost,
  type World,
} from '../../testing/thread-test-helpers.ts';
import { lastPeriod, sendDueDigests } from './digest.ts';
import { notificationDigests } from './tables.ts';

const HOUR = 3_600_000;
const clock = new ManualClock();
let t: TestApp;
let w: World;
let coordinator: Client;
beforeAll(async () => {
  t = await createTestApp({ clock, config: { digestWorker: false } });
  w = await makeWorld(t);
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
});
afterAll(() => t.close());

const run = () =>
  sendDueDigests({
    db: t.db,
    clock,
    visible: (reader) => filter('notification.read', reader),
    publicUrl: 'https://cvdp.test',
  });
const digestsTo = (address: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'digest'), eq(emailOutbox.toAddress, address)));

describe('email digests', () => {
  it('hourly: one email per period, grouped by case and thread with links, exactly once with two workers; a muted thread and a thread restricted away left out', async () => {
    const a = w.vendorA.member;
    expect(
      (await a.put('/api/case/notifications/preferences/', { conversation_email: 'hourly' })).statusCode,
    ).toBe(200);
    const busy = await startThread(coordinator, w.caseId, { subject: 'Coordination with Acme' });
    const quiet = await startThread(coordinator, w.caseId, { subject: 'Muted talk' });
    const secret = await startThread(coordinator, w.caseId, {
      subject: 'Secret plans',
      participants: [w.vendorA.participantId],
    });
    await a.put(`/api/case/thread/${quiet.id}/follow/`, { mode: 'mute' });
    for (let i = 0; i < 3; i++) await writePost(coordinator, busy.id, `post ${i}`);
    await writePost(w.vendorB.member, busy.id, 'from B');
    await writePost(coordinator, quiet.id, 'nobody hears');
    await writePost(coordinator, secret.id, 'for A only');
    // A is taken off the restricted thread before the digest goes out: it must not name it.
    await t.db.delete(threadParticipants).where(eq(threadParticipants.threadId, secret.id));
    // No email per post for an hourly reader.
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'new_post'), eq(emailOutbox.toAddress, a.user.email))),
    ).toEqual([]);

    // Within the hour: nothing is due yet.
    clock.set(Date.now());
    await run();
    expect(await digestsTo(a.user.email)).toEqual([]);

    // The hour ended: two workers at once send one digest.
    clock.set(Date.now() + HOUR);
    await Promise.all([run(), run()]);
    await run();
    const sent = await digestsTo(a.user.email);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.subject).toMatch(
      /^\[CVDP\] What happened in your cases \(\d{4}-\d\d-\d\d \d\d:00–\d\d:00 UTC\)$/,
    );
    expect(mail.textBody).toContain(
      `Case #${w.caseId} "Router overflow": https://cvdp.test/cvdp/cases/${w.caseId}`,
    );
    expect(mail.textBody).toContain(
      `  - 4 new posts in "Coordination with Acme" — latest by ${w.vendorB.name} member: https://cvdp.test/cvdp/cases/${w.caseId}/threads?thread=${busy.id}`,
    );
    expect(mail.textBody).not.toContain('Muted talk');
    expect(mail.textBody).not.toContain('Secret plans');
    expect(mail.htmlBody).not.toContain('Secret plans');
    // One claim per period: the one that ended before the posts had nothing (0 entries, no email).
    const claims = await t.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, a.user.id))
      .orderBy(notificationDigests.periodStart);
    expect(claims.map((c) => [c.mode, c.entries])).toEqual([
      ['hourly', 0],
      ['hourly', 1],
    ]);
    expect(claims[1].periodStart.toISOString()).toBe(lastPeriod('hourly', clock.now()).start.toISOString());

    // The next hour with nothing new: no email (the period is recorded with 0 entries).
    clock.advance(HOUR);
    await run();
    expect(await digestsTo(a.user.email)).toHaveLength(1);
  });

  it('daily: the day’s conversation in one email the next day; read entries are left out', async () => {
    const b = w.vendorB.member;
    await b.put('/api/case/notifications/preferences/', { conversation_email: 'daily' });
    const thread = await startThread(coordinator, w.caseId, { subject: 'Daily things' });
    const other = await startThread(coordinator, w.caseId, { subject: 'Already read' });
    await writePost(coordinator, thread.id, 'one');
    await writePost(coordinator, thread.id, 'two');
    await writePost(coordinator, other.id, 'seen');
    const page = (await b.get('/api/case/notifications/?unread=1')).json<{
      results: { id: number; thread: number | null }[];
    }>();
    await b.post('/api/case/notifications/read/', {
      ids: page.results.filter((n) => n.thread === other.id).map((n) => n.id),
    });

    clock.set(Date.now());
    await run();
    expect(await digestsTo(b.user.email)).toEqual([]);
    clock.set(Date.now() + 24 * HOUR);
    await Promise.all([run(), run()]);
    const sent = await digestsTo(b.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/\(\d{4}-\d\d-\d\d\)$/);
    expect(sent[0].textBody).toContain('2 new posts in "Daily things" — latest by Cora Coordinator');
    expect(sent[0].textBody).not.toContain('Already read');
  });

  it('the digest template is admin-editable (kind digest, its variables)', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const list = (await admin.get('/manage/email/templates/?search=digest')).json<{
      results: { id: number; kind: string; variables: string[] }[];
    }>();
    const template = list.results.find((x) => x.kind === 'digest')!;
    expect(template.variables).toEqual(['recipient_name', 'site_name', 'period', 'digest']);
    const res = await admin.patch(`/manage/email/template/${template.id}/`, { subject: 'Digest {{period}}' });
    expect(res.statusCode, res.body).toBe(200);
    const bad = await admin.patch(`/manage/email/template/${template.id}/`, { body: '{{case_title}}' });
    expect(bad.statusCode).toBe(400);
  });
});
