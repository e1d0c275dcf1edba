// Held reports (issue 28, item 4): beyond the administrator's limit per address range or for a new account,
// a report is kept in a held state — stored, never refused — visible to staff under Held in triage and to
// its reporter with a notice, hidden from everyone else, and released (alone or in bulk) into the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { HELD_REPORT_NOTICE, type BulkTriageAnswer } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { activity, users } from '@cvdp/server-kit';
import { cases } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { multipartBody } from '../../testing/report-test-helpers.ts';
import { NOT_HELD } from './store.ts';

type Client = TestClient & { user: TestUser };
let t: TestApp;
let admin: Client;
let coordinator: Client;
let seq = 0;

/** A reporter whose account is older than a day (so only the range limit applies to them). */
async function oldReporter(app = t): Promise<Client> {
  const c = await app.signIn();
  await app.db
    .update(users)
    .set({ createdAt: sql`now() - interval '3 days'` })
    .where(eq(users.id, c.user.id));
  return c;
}

async function submit(client: TestClient, from: string, headers: Record<string, string> = {}) {
  const { payload, headers: type } = await multipartBody({
    report: sampleReportQuestions({ title: `Flood report ${++seq}` }),
  });
  const res = await client.request('POST', '/api/report/', {
    payload,
    headers: { ...type, ...headers },
    remoteAddress: from,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; held?: boolean; notice?: string }>();
}

const setLimits = async (limits: Record<string, unknown>) => {
  const res = await admin.put('/manage/report-limits/', {
    range_per_day: null,
    new_account_per_day: null,
    ipv4_prefix: 24,
    ipv6_prefix: 64,
    ...limits,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const triageIds = async (query = '') =>
  (await coordinator.get(`/api/triage/?page_size=100${query}`))
    .json()
    .results.map((r: { id: number }) => r.id);

beforeAll(async () => {
  t = await createTestApp({ config: { submitRatePerMinute: 1000 } });
  admin = await t.signIn({ roles: ['admin'] });
  coordinator = await t.signIn({ roles: ['coordinator'] });
});
afterAll(() => t.close());

describe('the limits (GET/PUT /manage/report-limits/)', () => {
  it('start off with the default ranges, are set by an admin only, with clear errors, and are recorded', async () => {
    expect((await admin.get('/manage/report-limits/')).json()).toEqual({
      range_per_day: null,
      new_account_per_day: null,
      ipv4_prefix: 24,
      ipv6_prefix: 64,
    });
    const body = { range_per_day: 5, new_account_per_day: 2, ipv4_prefix: 24, ipv6_prefix: 56 };
    expect((await coordinator.put('/manage/report-limits/', body)).statusCode).toBe(403);
    const bad = await admin.put('/manage/report-limits/', { ...body, range_per_day: 0, ipv6_prefix: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      range_per_day: ['At least 1 report per day (null for no limit).'],
      ipv6_prefix: ['An IPv6 prefix is 16 to 128 bits.'],
    });
    expect((await admin.put('/manage/report-limits/', body)).json()).toEqual(body);
    expect((await admin.get('/manage/report-limits/')).json()).toEqual(body);
    const [row] = await t.db.select().from(activity).where(eq(activity.verb, 'report_limits.changed'));
    expect(row.after).toEqual(body);
    await setLimits({});
  });
});

describe('a report beyond the limit of its address range', () => {
  it('is kept, held out of the queue, shown to staff under Held and to its reporter with a notice', async () => {
    await setLimits({ range_per_day: 2 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => oldReporter()));
    const first = await submit(a, '198.51.100.7');
    const second = await submit(b, '198.51.100.200');
    const third = await submit(c, '198.51.100.9');
    const elsewhere = await submit(d, '198.51.101.9');
    expect([first.held, second.held, third.held, elsewhere.held]).toEqual([false, false, true, false]);
    expect(third.notice).toBe(HELD_REPORT_NOTICE);
    expect(first.notice).toBeUndefined();

    // Stored like any report: a case in triage.
    const [stored] = await t.db.select().from(cases).where(eq(cases.id, third.id));
    expect(stored.status).toBe(0);
    expect(await triageIds()).toEqual(expect.arrayContaining([first.id, second.id, elsewhere.id]));
    expect(await triageIds()).not.toContain(third.id);
    expect(await triageIds('&held=true')).toEqual([third.id]);
    const held = (await coordinator.get(`/api/cases/${third.id}/`)).json().held;
    expect(held).toMatchObject({
      notice: HELD_REPORT_NOTICE,
      reason: 'More than 2 reports in a day from one address range.',
    });

    // Its reporter reads the notice (not why); another reporter does not see the case at all.
    const own = (await c.get(`/api/cases/${third.id}/`)).json();
    expect(own.held).toMatchObject({ notice: HELD_REPORT_NOTICE, reason: null });
    expect((await a.get(`/api/cases/${third.id}/`)).statusCode).toBe(404);
    expect((await a.get('/api/triage/?held=true')).statusCode).toBe(403);
    expect((await a.get(`/api/cases/${first.id}/`)).json().held).toBeNull();
  });

  it('groups IPv6 addresses by /64 (or the prefix the admin sets)', async () => {
    await setLimits({ range_per_day: 1 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => oldReporter()));
    expect((await submit(a, '2001:db8:1:2::a')).held).toBe(false);
    expect((await submit(b, '2001:db8:1:2:ffff:ffff:ffff:fffe')).held).toBe(true);
    expect((await submit(c, '2001:db8:1:3::1')).held).toBe(false);
    // A /48 puts the two /64s in one range.
    await setLimits({ range_per_day: 2, ipv6_prefix: 48 });
    expect((await submit(await oldReporter(), '2001:db8:1:ffff::1')).held).toBe(true);
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it is', async () => {
    await setLimits({ range_per_day: 1 });
    expect((await submit(await oldReporter(), '203.0.113.5')).held).toBe(false);
    expect((await submit(await oldReporter(), '::ffff:203.0.113.6')).held).toBe(true);
  });

  it('ignores X-Forwarded-For unless the proxy is trusted (CVDP_TRUST_PROXY)', async () => {
    await setLimits({ range_per_day: 1 });
    // Untrusted: the header is the client's own claim; the socket's address counts.
    expect((await submit(await oldReporter(), '192.0.2.10', { 'x-forwarded-for': '10.1.1.1' })).held).toBe(
      false,
    );
    expect((await submit(await oldReporter(), '192.0.2.11', { 'x-forwarded-for': '10.2.2.2' })).held).toBe(
      true,
    );

    const proxied = await createTestApp({ config: { submitRatePerMinute: 1000, trustProxy: true } });
    try {
      const boss = await proxied.signIn({ roles: ['admin'] });
      await boss.put('/manage/report-limits/', {
        range_per_day: 1,
        new_account_per_day: null,
        ipv4_prefix: 24,
        ipv6_prefix: 64,
      });
      const proxy = '127.0.0.1';
      const via = (client: string) => ({ 'x-forwarded-for': client });
      expect((await submit(await oldReporter(proxied), proxy, via('10.1.1.1'))).held).toBe(false);
      expect((await submit(await oldReporter(proxied), proxy, via('10.2.2.2'))).held).toBe(false);
      expect((await submit(await oldReporter(proxied), proxy, via('10.2.2.3'))).held).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('a new account in its first day', () => {
  it('has its reports beyond the limit held; an older account and staff are not limited by it', async () => {
    await setLimits({ new_account_per_day: 2 });
    const newcomer = await t.signIn();
    const held = [];
    for (let i = 0; i < 3; i++) held.push((await submit(newcomer, `100.64.${i}.1`)).held);
    expect(held).toEqual([false, false, true]);
    const veteran = await oldReporter();
    for (let i = 0; i < 3; i++) expect((await submit(veteran, `100.65.${i}.1`)).held).toBe(false);
    const staff = await t.signIn({ roles: ['coordinator'] });
    for (let i = 0; i < 3; i++) expect((await submit(staff, `100.66.${i}.1`)).held).toBe(false);
  });
});

describe('releasing a held report', () => {
  it('puts it in the triage queue (alone or in bulk), records it, and refuses what is not held', async () => {
    await setLimits({ new_account_per_day: 1 });
    const newcomer = await t.signIn();
    const free = await submit(newcomer, '100.70.0.1');
    const one = await submit(newcomer, '100.70.0.2');
    const two = await submit(newcomer, '100.70.0.3');
    expect([free.held, one.held, two.held]).toEqual([false, true, true]);

    expect((await newcomer.post(`/api/case/${one.id}/release/`)).statusCode).toBe(403);
    const released = await coordinator.post(`/api/case/${one.id}/release/`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ case: one.id });
    expect(await triageIds()).toContain(one.id);
    expect(await triageIds('&held=true')).not.toContain(one.id);
    expect((await newcomer.get(`/api/cases/${one.id}/`)).json().held).toBeNull();
    const [row] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, one.id), eq(activity.verb, 'released held report')));
    expect(row.actorId).toBe(coordinator.user.id);
    const again = await coordinator.post(`/api/case/${one.id}/release/`);
    expect([again.statusCode, again.json().detail]).toEqual([409, NOT_HELD]);

    const bulk = await coordinator.post('/api/triage/bulk/', { action: 'release', cases: [two.id, free.id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json<BulkTriageAnswer>().results).toEqual([
      { case: two.id, ok: true, detail: 'Released into the triage queue.' },
      { case: free.id, ok: false, detail: NOT_HELD },
    ]);
    expect(await triageIds()).toEqual(expect.arrayContaining([free.id, one.id, two.id]));
  });
});
