// Signed webhooks (issue 29 item 4) through the real stack: endpoints registered over HTTP, events queued by
// the activity trigger inside the changes' transactions, deliveries sent by WebhookWorker instances over
// real HTTP to a receiver on loopback (the test config allows 127.0.0.1), time moved with a ManualClock.
// The app's own worker is off (webhookWorker: false) so each test decides when a worker looks; the last
// test starts one and lets NOTIFY wake it.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated, WebhookTestResult } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { AddressPolicy, ManualClock, OutboundHttp, recordActivity } from '@cvdp/server-kit';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { webhookDeliveries, webhookEndpoints } from './tables.ts';
import { WebhookWorker, type WebhookWorkerOptions } from './worker.ts';
import { refusedByPolicy } from './address-check.ts';
import { REFUSED_BY_POLICY } from './send.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));
let t: TestApp;
let admin: TestClient;
let coordinator: TestClient;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers, one per request; 200 once they run out. */
const answers: number[] = [];
let onReceive: (() => void) | null = null;
const workers: WebhookWorker[] = [];

beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: {
      secretKey: 'webhook-test-secret-key-0123456789',
      webhookWorker: false,
      publicUrl: 'https://cert.example',
    },
  });
  admin = await t.signIn({ roles: ['admin'] });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      res.end(`thanks for ${body.length} bytes`);
      onReceive?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  received.length = 0;
  answers.length = 0;
  await t.db.delete(webhookEndpoints);
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

function worker(options: Partial<WebhookWorkerOptions> = {}) {
  const w = new WebhookWorker({
    db: t.db,
    outbound: t.app.outbound,
    clock,
    secretKey: t.config.secretKey,
    publicUrl: t.config.publicUrl,
    ...options,
  });
  workers.push(w);
  return w;
}

async function register(body: Record<string, unknown>): Promise<WebhookEndpointCreated> {
  const res = await admin.post('/manage/webhooks/', { url: `${receiverUrl}/hook`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookEndpointCreated>();
}

async function newCase(title = 'Webhook router overflow'): Promise<number> {
  const res = await submitReport(coordinator, { report: sampleReportQuestions({ title }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function log(endpointId: number): Promise<WebhookDelivery[]> {
  const res = await admin.get(`/manage/webhook/${endpointId}/deliveries/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: WebhookDelivery[] }>().results;
}

const deliveryRows = () => t.db.select().from(webhookDeliveries);

describe('webhook deliveries', () => {
  it('sends a subscribed event signed over timestamp.body, verifiable by the receiver', async () => {
    const endpoint = await register({ events: ['case.created'] });
    const caseId = await newCase();
    expect(await worker().runOnce()).toBe(1);

    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    // What a receiver does (docs/webhooks.md): HMAC-SHA256 of `${timestamp}.${body}` with the secret.
    const timestamp = headers['x-cvdp-timestamp'] as string;
    const expected = createHmac('sha256', endpoint.secret).update(`${timestamp}.${body}`).digest('hex');
    expect(headers['x-cvdp-signature']).toBe(`v1=${expected}`);
    expect(Number(timestamp)).toBe(clock.now().getTime() / 1000);
    expect(headers['x-cvdp-event']).toBe('case.created');
    expect(headers['content-type']).toBe('application/json');
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({
      id: headers['x-cvdp-delivery'],
      event: 'case.created',
      data: {
        case: {
          id: caseId,
          title: 'Webhook router overflow',
          path: `/cvdp/cases/${caseId}`,
          url: `https://cert.example/cvdp/cases/${caseId}`,
        },
        object: { type: 'report' },
      },
    });
    expect(Date.parse(payload.occurred_at)).not.toBeNaN();
    // A tampered body no longer matches.
    const tampered = createHmac('sha256', endpoint.secret).update(`${timestamp}.${body} `).digest('hex');
    expect(tampered).not.toBe(expected);

    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({
      id: payload.id,
      event: 'case.created',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      response_excerpt: `thanks for ${body.length} bytes`,
      error: null,
      last_attempt: clock.now().toISOString(),
    });
  });

  it('retries after a 500 with backoff on the app clock, then delivers with the same delivery id', async () => {
    const endpoint = await register({ events: ['case.created'] });
    await newCase();
    answers.push(500);
    const w = worker({ retryBaseMs: 30_000 });
    expect(await w.runOnce()).toBe(1);
    let [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(entry.next_attempt).toBe(new Date(clock.now().getTime() + 30_000).toISOString());

    expect(await w.runOnce(), 'not due before the backoff ends').toBe(0);
    clock.advance(30_000);
    expect(await w.runOnce()).toBe(1);
    [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200, error: null });
    expect(received.map((r) => r.headers['x-cvdp-delivery'])).toEqual([entry.id, entry.id]);
  });

  it('gives up after the last attempt: failed, with the last answer', async () => {
    const endpoint = await register({ events: ['case.created'] });
    await newCase();
    answers.push(503, 503, 503, 503);
    const w = worker({ maxAttempts: 3, retryBaseMs: 1_000 });
    for (let i = 0; i < 3; i++) {
      expect(await w.runOnce()).toBe(1);
      clock.advance(60 * 60_000);
    }
    expect(await w.runOnce()).toBe(0);
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: 'failed', attempts: 3, response_status: 503, next_attempt: null });
    expect(entry.error).toContain('503');
    expect(received).toHaveLength(3);
  });

  it('sends each event exactly once with two workers racing on one database', async () => {
    await register({ events: ['case.created'] });
    for (let i = 0; i < 6; i++) await newCase(`Race ${i}`);
    const [a, b] = [worker({ batchSize: 2 }), worker({ batchSize: 2 })];
    const claimed = await Promise.all([
      a.runOnce(),
      b.runOnce(),
      a.runOnce(),
      b.runOnce(),
      a.runOnce(),
      b.runOnce(),
    ]);
    expect(claimed.reduce((x, y) => x + y, 0)).toBe(6);
    expect(await Promise.all([a.runOnce(), b.runOnce()])).toEqual([0, 0]);
    const ids = received.map((r) => r.headers['x-cvdp-delivery']);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
    expect(new Set(received.map((r) => JSON.parse(r.body).data.case.title)).size).toBe(6);
  });

  it('sends nothing to a paused endpoint nor for events an endpoint did not subscribe to', async () => {
    const paused = await register({ events: ['case.created'], active: false });
    const participants = await register({ events: ['participant.added'] });
    const caseId = await newCase();
    expect(await deliveryRows()).toEqual([]);

    const vendor = await t.createUser();
    const added = await coordinator.post(`/api/case/${caseId}/participants/`, {
      names: [vendor.email],
      role: 'observer',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await worker().runOnce()).toBe(1);
    expect(received.map((r) => r.headers['x-cvdp-event'])).toEqual(['participant.added']);
    expect(await log(paused.id)).toEqual([]);
    expect(await log(participants.id)).toHaveLength(1);

    // Paused after an event was queued: held, and sent once the endpoint is active again.
    const res = await admin.patch(`/manage/webhook/${participants.id}/`, { active: false });
    expect(res.json<WebhookEndpoint>().active).toBe(false);
    await t.db.execute(sql`update webhook_endpoints set active = true where id = ${paused.id}`);
    await newCase();
    await admin.patch(`/manage/webhook/${paused.id}/`, { active: false });
    expect(await worker().runOnce()).toBe(0);
    await admin.patch(`/manage/webhook/${paused.id}/`, { active: true });
    expect(await worker().runOnce()).toBe(1);
  });

  it("emits 'embargo.changed' for activity about an embargo, as every domain records it", async () => {
    await register({ events: ['embargo.changed'] });
    const caseId = await newCase();
    await t.db.transaction((tx) =>
      recordActivity(tx, {
        actorId: null,
        caseId,
        verb: 'changed embargo',
        objectType: 'embargo',
        objectId: 7,
      }),
    );
    // A rolled-back change queues nothing.
    await t.db
      .transaction(async (tx) => {
        await recordActivity(tx, {
          actorId: null,
          caseId,
          verb: 'ended embargo',
          objectType: 'embargo',
          objectId: 7,
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await worker().runOnce()).toBe(1);
    expect(JSON.parse(received[0].body)).toMatchObject({
      event: 'embargo.changed',
      data: { case: { id: caseId }, object: { type: 'embargo', id: '7' }, action: 'changed embargo' },
    });
  });

  it('is woken by NOTIFY from the queueing transaction', async () => {
    await register({ events: ['case.created'] });
    const arrived = new Promise<void>((resolve) => (onReceive = resolve));
    worker({ pollIntervalMs: 60 * 60_000, notifications: t.app.notifications }).start();
    await newCase();
    await arrived;
    onReceive = null;
    expect(received).toHaveLength(1);
  });
});

describe('the address policy', () => {
  it('refuses registering a private address, saying why; loopback only because the config allows it', async () => {
    const res = await admin.post('/manage/webhooks/', {
      url: 'http://10.1.2.3/hook',
      events: ['case.created'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.url[0]).toContain('CVDP_OUTBOUND_ALLOW');
    const metadata = await admin.post('/manage/webhooks/', {
      url: 'http://169.254.169.254/latest/',
      events: ['case.created'],
    });
    expect(metadata.statusCode).toBe(400);
    expect(await refusedByPolicy(new AddressPolicy([]), 'http://127.0.0.1:1/')).toContain('127.0.0.1');
    expect(await refusedByPolicy(new AddressPolicy(['127.0.0.1']), 'http://127.0.0.1:1/')).toBeNull();
  });

  it('refuses delivering to loopback with an empty allow list, and says so in the log', async () => {
    const endpoint = await register({ events: ['case.created'] });
    await newCase();
    const strict = new OutboundHttp({ allow: [] });
    try {
      expect(await worker({ outbound: strict }).runOnce()).toBe(1);
    } finally {
      await strict.close();
    }
    expect(received).toEqual([]);
    const [entry] = await log(endpoint.id);
    expect(entry).toMatchObject({ status: 'pending', response_status: null, error: REFUSED_BY_POLICY });
  });
});

describe('endpoints and secrets', () => {
  it('shows the secret once, then only its hint; stores it encrypted; never in activity', async () => {
    const created = await register({ events: ['case.created', 'post.created'], description: 'SIEM' });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.secret_hint).toBe(`whsec_…${created.secret.slice(-4)}`);
    const answers = [
      await admin.get('/manage/webhooks/'),
      await admin.get(`/manage/webhook/${created.id}/`),
      await admin.patch(`/manage/webhook/${created.id}/`, { events: ['case.created'] }),
      await admin.post(`/manage/webhook/${created.id}/test/`),
      await admin.get(`/manage/webhook/${created.id}/deliveries/`),
      await admin.get('/manage/activity/?object_type=webhook_endpoint'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(created.secret);
      expect(res.body).not.toContain('secret_encrypted');
    }
    expect(answers[1].json<WebhookEndpoint>()).toMatchObject({ description: 'SIEM', active: true });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row.secretEncrypted).not.toContain(created.secret);
  });

  it('sends a test event at once and answers what came back', async () => {
    const endpoint = await register({ events: ['case.created'], active: false });
    const ok = (await admin.post(`/manage/webhook/${endpoint.id}/test/`)).json<WebhookTestResult>();
    expect(ok).toMatchObject({
      ok: true,
      detail: 'Test event delivered: the endpoint answered 200.',
      delivery: { event: 'ping', status: 'delivered', attempts: 1, response_status: 200 },
    });
    expect(received[0].headers['x-cvdp-event']).toBe('ping');
    answers.push(404);
    const notFound = (await admin.post(`/manage/webhook/${endpoint.id}/test/`)).json<WebhookTestResult>();
    expect(notFound).toMatchObject({
      ok: false,
      detail: 'Test event not delivered: the endpoint answered 404.',
    });
    expect(notFound.delivery.status).toBe('failed');
    expect((await log(endpoint.id)).map((d) => d.status)).toEqual(['failed', 'delivered']);
    // Test deliveries are never picked up by the worker.
    expect(await worker().runOnce()).toBe(0);
  });

  it('refuses bad input with 4xx naming the field, and unknown ids with 404', async () => {
    const bad = await admin.post('/manage/webhooks/', { url: 'ftp://x.example/', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events', 'url']);
    const unknownEvent = await admin.post('/manage/webhooks/', {
      url: `${receiverUrl}/`,
      events: ['case.deleted'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    expect((await admin.get('/manage/webhook/999999/')).statusCode).toBe(404);
    expect((await admin.get('/manage/webhook/999999/deliveries/')).statusCode).toBe(404);
    expect((await admin.post('/manage/webhook/999999/test/')).statusCode).toBe(404);
    expect((await coordinator.get('/manage/webhooks/')).statusCode).toBe(403);
  });
});
