// POST /api/case/transfers/ and GET /api/case/{id}/transfers/ (issue 14, sending side): staff start a
// transfer to an enabled connection and see it with its six steps; participants are refused, strangers get
// 404 as for a missing case; an unknown or disabled connection is a 400 naming the field; a receiver that
// does not answer leaves the transfer queued with its error and a later attempt time (backoff).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSFER_CONNECTION_DISABLED,
  TRANSFER_CONNECTION_UNKNOWN,
  type PageOf,
  type Transfer,
} from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import { caseParticipants, cases } from '../../tables.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const SECRET = 'transfers-test-secret-key-0123456789';

let t: TestApp;
let caseId = 0;
let enabled = 0;
let disabled = 0;
let coordinator: Awaited<ReturnType<TestApp['signIn']>>;
let reporter: Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  // The first retry a minute away: the test sees the failed attempt without a second one racing it.
  t = await createTestApp({
    config: { secretKey: SECRET, transferRetryBaseMs: 60_000, transferPollIntervalMs: 200 },
  });
  const admin = await t.signIn({ roles: ['admin'] });
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Widget overflow', createdBy: reporter.user.id })
    .returning();
  caseId = c.id;
  await t.db.insert(caseParticipants).values({ caseId, userId: reporter.user.id, role: 'reporter' });
  const make = async (name: string, on: boolean) => {
    const res = await admin.post('/manage/connections/', {
      name,
      // Nothing listens on port 9 of loopback: every call fails at once, as an unreachable receiver does.
      base_url: 'http://127.0.0.1:9/',
      token: `outgoing-${name.replace(/ /g, '-')}-AAAAAAAAAAAAAAAAAAAA`,
      incoming_token: `incoming-${name.replace(/ /g, '-')}-BBBBBBBBBBBBBBBBBBBB`,
      enabled: on,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  enabled = await make('Sector CERT', true);
  disabled = await make('Old PSIRT', false);
});
afterAll(() => t.close());

const list = (client = coordinator, id = caseId, page = '') =>
  client.get(`/api/case/${id}/transfers/${page}`);

describe('POST /api/case/transfers/', () => {
  it('starts a transfer for staff (202, six queued steps, an activity row) and lists it newest first', async () => {
    const res = await coordinator.post('/api/case/transfers/', { case: caseId, connection: enabled });
    expect(res.statusCode, res.body).toBe(202);
    const transfer = res.json<Transfer>();
    expect(transfer).toMatchObject({
      case: caseId,
      connection: { id: enabled, name: 'Sector CERT' },
      started_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
      remote_case: null,
    });
    expect(['queued', 'running']).toContain(transfer.state);
    expect(transfer.steps.map((s) => s.step)).toEqual([
      'report',
      'threads',
      'vuls',
      'advisory',
      'artifacts',
      'status',
    ]);
    expect(res.body).not.toContain('outgoing-Sector');

    const log = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'transfer'), eq(activity.objectId, String(transfer.id))));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ caseId, actorId: coordinator.user.id, verb: 'started transfer' });
    expect(JSON.stringify(log[0].after)).not.toContain('outgoing-');

    // The receiver does not answer: the first attempt fails, the transfer waits for its next one.
    let seen: Transfer | undefined;
    for (let i = 0; i < 100; i++) {
      seen = (await list()).json<PageOf<Transfer>>().results.find((r) => r.id === transfer.id);
      if (seen?.last_error) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toMatchObject({ id: transfer.id, state: 'queued', attempts: 1 });
    expect(seen!.last_error).toMatch(/No answer from http:\/\/127\.0\.0\.1:9/);
    expect(new Date(seen!.next_attempt!).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(seen!.steps[0]).toMatchObject({ step: 'report', state: 'pending', attempts: 1 });

    const second = await coordinator.post('/api/case/transfers/', { case: caseId, connection: enabled });
    expect(second.statusCode).toBe(202);
    const page = (await list()).json<PageOf<Transfer>>();
    expect(page.count).toBe(2);
    expect(page.results.map((r) => r.id)).toEqual([second.json<Transfer>().id, transfer.id]);
    expect(page.results[0].steps).toHaveLength(6);
  });

  it('an address the outbound policy refuses fails the transfer for good, without a call (issue 27)', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const made = await admin.post('/manage/connections/', {
      name: 'Internal host',
      base_url: 'http://10.0.0.1:8000/',
      token: 'outgoing-internal-AAAAAAAAAAAAAAAAAAAA',
      incoming_token: 'incoming-internal-BBBBBBBBBBBBBBBBBBBB',
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await coordinator.post('/api/case/transfers/', {
      case: caseId,
      connection: made.json<{ id: number }>().id,
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<Transfer>().id;
    await expect
      .poll(async () => (await list()).json<PageOf<Transfer>>().results.find((r) => r.id === id)?.state, {
        timeout: 10_000,
      })
      .toBe('failed');
    const seen = (await list()).json<PageOf<Transfer>>().results.find((r) => r.id === id)!;
    expect(seen.last_error).toBe(
      'Not sent to http://10.0.0.1:8000: outbound calls to this address are not allowed.',
    );
    expect(seen.attempts).toBe(1);
    // Out of the way of the tests below, which list the enabled connections.
    const off = await admin.patch(`/manage/connection/${made.json<{ id: number }>().id}/`, {
      enabled: false,
    });
    expect(off.statusCode).toBe(200);
  });

  it('refuses an unknown or disabled connection with a 400 naming the field, creating nothing', async () => {
    const before = (await list()).json<PageOf<Transfer>>().count;
    const unknown = await coordinator.post('/api/case/transfers/', { case: caseId, connection: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      detail: TRANSFER_CONNECTION_UNKNOWN,
      errors: { connection: [TRANSFER_CONNECTION_UNKNOWN] },
    });
    const off = await coordinator.post('/api/case/transfers/', { case: caseId, connection: disabled });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({ connection: [TRANSFER_CONNECTION_DISABLED] });
    const bad = await coordinator.post('/api/case/transfers/', { case: 'x', connection: enabled, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('case');
    expect((await list()).json<PageOf<Transfer>>().count).toBe(before);
  });

  it('answers 404 for a case the caller cannot see and 403 to a participant who is not staff', async () => {
    const stranger = await t.signIn();
    const admin = await t.signIn({ roles: ['admin'] });
    expect(
      (await stranger.post('/api/case/transfers/', { case: caseId, connection: enabled })).statusCode,
    ).toBe(404);
    expect(
      (await coordinator.post('/api/case/transfers/', { case: 2_000_000, connection: enabled })).statusCode,
    ).toBe(404);
    const refused = await reporter.post('/api/case/transfers/', { case: caseId, connection: enabled });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.anonymous().post('/api/case/transfers/', { case: caseId, connection: enabled });
    expect([401, 403]).toContain(anonymous.statusCode);

    const targets = await coordinator.get('/api/case/transfers/connections/');
    expect(targets.statusCode).toBe(200);
    expect(targets.json()).toEqual([{ id: enabled, name: 'Sector CERT', base_url: 'http://127.0.0.1:9/' }]);
    expect(targets.body).not.toContain('outgoing-');
    expect((await reporter.get('/api/case/transfers/connections/')).statusCode).toBe(403);

    expect((await list(admin)).statusCode).toBe(200);
    expect((await list(reporter)).statusCode).toBe(403);
    expect((await list(stranger)).statusCode).toBe(404);
    expect((await list(coordinator, 2_000_000)).statusCode).toBe(404);
    expect((await coordinator.get('/api/case/abc/transfers/')).statusCode).toBe(404);
    expect((await list(coordinator, caseId, '?page=9')).statusCode).toBe(400);
  });
});
