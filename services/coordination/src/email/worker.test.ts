// The outbox worker against a REAL SMTP server (smtp-server on 127.0.0.1, what arrives parsed with
// mailparser): notifications arrive with the right recipient, subject and body, case data escaped in the
// HTML part; a refusing server leads to retries with backoff and `failed`; a restart loses no queued mail;
// two workers on one database never send a message twice; the SMTP password reaches no log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Config,
  type Database,
  type Db,
  LocalFileStorage,
  loadConfig,
  loggerOptions,
  openPostgres,
  serverKitPlugin,
  users,
} from '@cvdp/server-kit';
import { coordinationService } from '../app.ts';
import { caseParticipants, caseUserStates, cases } from '../cases/tables.ts';
import { notify, participantUserIds } from '../notifications/notify.ts';
import { notifications } from '../notifications/tables.ts';
import { createTestDb, TestClient, TEST_PASSWORD, testPasswordHash } from '../../testing/test-app.ts';
import { queueEmails } from './outbox.ts';
import { emailOutbox } from './tables.ts';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-test-sink.ts';
import { OUTBOX_DEFAULTS, OutboxWorker, describeSmtpUrl, retryDelayMs } from './worker.ts';

let database: Database;
let db: Db;
let filesDir: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
  filesDir = await mkdtemp(path.join(tmpdir(), 'cvdp-email-files-'));
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  await db.delete(emailOutbox);
});
afterAll(async () => {
  await database.close();
  await rm(filesDir, { recursive: true, force: true });
});

const logLines: string[] = [];

/** The coordination service on the shared test database, as `npm start` builds it (worker included). */
async function openApp(
  config: Partial<Config> = {},
  /** A root onClose hook, where the entry points close the database. */
  onRootClose?: () => Promise<void>,
): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions('info', { stream }) });
  await app.register(serverKitPlugin, {
    db,
    config: { ...loadConfig({}), authRateLimitPerMinute: 100_000, ...config },
    storage: new LocalFileStorage(filesDir),
  });
  await app.register(coordinationService);
  if (onRootClose) app.addHook('onClose', onRootClose);
  await app.ready();
  return app;
}

async function sink(options?: Parameters<typeof startSmtpSink>[0]): Promise<SmtpSink> {
  const s = await startSmtpSink(options);
  cleanups.push(() => s.close());
  return s;
}

let n = 0;
async function user(name = `Person ${++n}`, roles = ['reporter']) {
  const [row] = await db
    .insert(users)
    .values({
      email: `mail-${++n}-${process.pid}@example.test`,
      name,
      passwordHash: await testPasswordHash(),
      roles,
      pending: false,
    })
    .returning();
  return row;
}

/** A case with a coordinator (the actor) and a vendor participant. */
async function caseWithVendor(title: string) {
  const coordinator = await user('Cora Coordinator', ['coordinator']);
  const vendor = await user('Vera Vendor');
  const [c] = await db.insert(cases).values({ title, createdBy: coordinator.id }).returning();
  await db.insert(caseParticipants).values([
    { caseId: c.id, userId: coordinator.id, role: 'owner' },
    { caseId: c.id, userId: vendor.id, role: 'vendor' },
  ]);
  return { caseId: c.id, coordinator, vendor };
}

async function notifyVendorAdded(caseId: number, actorId: number, vendorId: number) {
  await db.transaction((tx) =>
    notify(tx, {
      caseId,
      kind: 'participant_added',
      actorId,
      userIds: [vendorId],
      title: `You were added to case #${caseId}`,
      vars: { role: 'vendor' },
    }),
  );
}

const outboxRows = () => db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('delivery over SMTP', () => {
  it('sends a notification to the participant with the template subject and body, the title escaped in HTML', async () => {
    const smtp = await sink();
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 60_000 });
    cleanups.push(() => app.close());
    const title = '<script>x</script> & "quotes"';
    const { caseId, coordinator, vendor } = await caseWithVendor(title);

    await notifyVendorAdded(caseId, coordinator.id, vendor.id);

    // Polling is off (a minute): the NOTIFY sent at commit wakes the worker.
    const [mail] = await smtp.waitFor(1);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([
      { address: vendor.email, name: 'Vera Vendor' },
    ]);
    expect(mail.from?.value).toEqual([{ address: 'noreply@localhost', name: 'CVDP' }]);
    expect(mail.subject).toBe(`[CVDP] You were added to case #${caseId}: ${title}`);
    expect(mail.text).toContain('Hello Vera Vendor,');
    expect(mail.text).toContain(`Cora Coordinator added you to case #${caseId} "${title}" as vendor.`);
    expect(mail.text).toContain(`/cvdp/cases/${caseId}`);
    // The HTML part carries the title as text, never as markup.
    const html = String(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.headers.get('x-cvdp-outbox-id')).toBeTruthy();

    const [row] = await until(async () => {
      const rows = await outboxRows();
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // The actor (the coordinator) was not told about their own change.
    expect(smtp.inbox).toHaveLength(1);
  });

  it('a status change through PATCH /api/cases/{id}/ arrives by email at every other participant', async () => {
    const smtp = await sink();
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 100 });
    cleanups.push(() => app.close());
    const { caseId, vendor } = await caseWithVendor('Router overflow');
    const coordinator = await user('Carl Coordinator', ['coordinator']);
    const client = new TestClient(app);
    expect(
      (await client.post('/api/auth/login/', { email: coordinator.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const res = await client.patch(`/api/cases/${caseId}/`, { status: 1 });
    expect(res.statusCode, res.body).toBe(200);

    const mails = await smtp.waitFor(2);
    const byAddress = new Map(
      mails.map((m) => [m.to && !Array.isArray(m.to) ? m.to.value[0].address : '', m]),
    );
    const toVendor = byAddress.get(vendor.email)!;
    expect(toVendor.subject).toMatch(new RegExp(`^\\[CVDP\\] Case #${caseId} is now .+: Router overflow$`));
    expect(toVendor.text).toContain('Carl Coordinator changed the status of case');
    // The acting coordinator gets nothing.
    expect(byAddress.has(coordinator.email)).toBe(false);
  });

  it('a muted user gets neither a notification row nor an email', async () => {
    const smtp = await sink();
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 100 });
    cleanups.push(() => app.close());
    const { caseId, coordinator, vendor } = await caseWithVendor('Muted case');
    const other = await user('Otto Observer');
    await db.insert(caseParticipants).values({ caseId, userId: other.id, role: 'observer' });
    await db.insert(caseUserStates).values({ caseId, userId: vendor.id, muted: true });

    const told = await db.transaction(async (tx) =>
      notify(tx, {
        caseId,
        kind: 'status_changed',
        actorId: coordinator.id,
        userIds: await participantUserIds(tx, caseId),
        title: 'Status changed',
        vars: { status: 'Active' },
      }),
    );
    expect(told).toEqual([other.id]);
    const [mail] = await smtp.waitFor(1);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : '').toBe(other.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, vendor.id))).toEqual([]);
    expect(
      (await outboxRows()).filter((r) => r.toAddress === vendor.email),
      'no email queued for the muted user',
    ).toEqual([]);
  });

  it('a rolled-back change queues and sends nothing', async () => {
    const smtp = await sink();
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 50 });
    cleanups.push(() => app.close());
    const { caseId, coordinator, vendor } = await caseWithVendor('Rolled back');
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, {
          caseId,
          kind: 'assigned',
          actorId: coordinator.id,
          userIds: [vendor.id],
          title: 'x',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });
});

describe('retries', () => {
  it('a refusing server: each failure waits twice as long as the last, and the fifth makes it failed', async () => {
    const smtp = await sink({ reject: true });
    const { caseId, coordinator, vendor } = await caseWithVendor('Refused');
    await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    // The worker alone, with the shipped defaults, run by hand; "time passes" by making the row due.
    const worker = new OutboxWorker({ db, smtpUrl: smtp.url, from: 'CVDP <noreply@localhost>' });
    cleanups.push(() => worker.stop());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_DEFAULTS.maxAttempts; attempt++) {
      const before = Date.now();
      expect(await worker.runOnce()).toBe(1);
      // Not due again until the backoff has passed: another run claims nothing.
      expect(await worker.runOnce()).toBe(0);
      const [row] = await outboxRows();
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain('Mailbox unavailable (test refusal)');
      if (attempt < OUTBOX_DEFAULTS.maxAttempts) {
        expect(row.status).toBe('pending');
        waits.push(row.nextAttemptAt.getTime() - before);
        await db
          .update(emailOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(emailOutbox.id, row.id));
      } else {
        expect(row.status).toBe('failed');
        expect(row.sentAt).toBeNull();
      }
    }
    expect(smtp.refused).toBe(OUTBOX_DEFAULTS.maxAttempts);
    // 30 s, 1 min, 2 min, 4 min (give or take the database's clock against ours).
    const expected = [1, 2, 3, 4].map((a) => retryDelayMs(a, OUTBOX_DEFAULTS.retryBaseMs, 3_600_000));
    expect(expected).toEqual([30_000, 60_000, 120_000, 240_000]);
    waits.forEach((w, i) => expect(Math.abs(w - expected[i])).toBeLessThan(5_000));
    // A failed message is never tried again.
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 day'` });
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.refused).toBe(OUTBOX_DEFAULTS.maxAttempts);
  });

  it('a server that comes back: the retried message is delivered once', async () => {
    const smtp = await sink({ reject: true });
    const { caseId, coordinator, vendor } = await caseWithVendor('Comes back');
    await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    const worker = new OutboxWorker({
      db,
      smtpUrl: smtp.url,
      from: 'CVDP <noreply@localhost>',
      pollIntervalMs: 20,
      retryBaseMs: 50,
    });
    cleanups.push(() => worker.stop());
    worker.start();
    await until(async () => smtp.refused >= 2);
    smtp.reject = false;
    await smtp.waitFor(1);
    const [row] = await until(async () => {
      const rows = await outboxRows();
      return rows[0]?.status === 'sent' && rows;
    });
    expect(row.attempts).toBeGreaterThanOrEqual(3);
    expect(row.lastError).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox).toHaveLength(1);
  });
});

describe('durability', () => {
  it('a restart loses no queued email: queued with no SMTP, sent by the next process on the same database', async () => {
    const { caseId, coordinator, vendor } = await caseWithVendor('Queued across a restart');
    const first = await openApp();
    await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    await new Promise((r) => setTimeout(r, 200));
    expect((await outboxRows()).map((r) => r.status)).toEqual(['pending']);
    await first.close();

    const smtp = await sink();
    const second = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 50 });
    cleanups.push(() => second.close());
    const [mail] = await smtp.waitFor(1);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : '').toBe(vendor.email);
    expect(mail.subject).toContain('Queued across a restart');
    await until(async () => (await outboxRows())[0]?.status === 'sent');
  });

  it('closing the app waits for the message being sent and hands the rest of the batch back', async () => {
    const { caseId, coordinator, vendor } = await caseWithVendor('Closing');
    for (let i = 0; i < 5; i++) await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    const smtp = await sink();
    // What the outbox holds when main.ts would close the database (a root onClose hook).
    let atDatabaseClose: Awaited<ReturnType<typeof outboxRows>> = [];
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 50 }, async () => {
      atDatabaseClose = await outboxRows();
    });
    await smtp.waitFor(1);
    await app.close();
    const rows = await outboxRows();
    expect(atDatabaseClose).toEqual(rows);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.length).toBe(smtp.inbox.length);
    // Nothing left claimed: every unsent row is due now with its attempt not counted.
    for (const r of rows.filter((row) => row.status === 'pending')) {
      expect(r.attempts).toBe(0);
      expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    // The next worker sends the rest.
    const worker = new OutboxWorker({ db, smtpUrl: smtp.url, from: 'CVDP <noreply@localhost>' });
    cleanups.push(() => worker.stop());
    await worker.runOnce();
    expect(smtp.inbox).toHaveLength(5);
  });

  it('two workers on one database never send a message twice', async () => {
    const { caseId, vendor } = await caseWithVendor('Race');
    const COUNT = 60;
    await db.transaction((tx) =>
      queueEmails(
        tx,
        Array.from({ length: COUNT }, (_, i) => ({
          to: vendor.email,
          toName: 'Vera Vendor',
          kind: 'case_notice',
          caseId,
          vars: { case_id: String(caseId), case_title: `message ${i}` },
        })),
      ),
    );
    const smtp = await sink();
    // On PostgreSQL each worker has its own connection pool, as two replicas would.
    const client = (db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
    let otherDb = db;
    const url = client.options?.connectionString;
    if (url) {
      const other = await openPostgres(url, { max: 3 });
      cleanups.push(() => other.close());
      otherDb = other.db;
    }
    const from = 'CVDP <noreply@localhost>';
    const workers = [
      new OutboxWorker({ db, smtpUrl: smtp.url, from, batchSize: 3, pollIntervalMs: 10 }),
      new OutboxWorker({ db: otherDb, smtpUrl: smtp.url, from, batchSize: 3, pollIntervalMs: 10 }),
      new OutboxWorker({ db: otherDb, smtpUrl: smtp.url, from, batchSize: 3, pollIntervalMs: 10 }),
    ];
    for (const w of workers) {
      cleanups.push(() => w.stop());
      w.start();
    }
    await smtp.waitFor(COUNT, 30_000);
    await until(async () => (await outboxRows()).every((r) => r.status === 'sent'), 30_000);
    await new Promise((r) => setTimeout(r, 200));
    const ids = smtp.inbox.map((m) => m.headers.get('x-cvdp-outbox-id'));
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
    expect((await outboxRows()).every((r) => r.attempts === 1)).toBe(true);
  });
});

describe('secrets', () => {
  it('the SMTP password reaches no log and no stored error; the log names the server without it', async () => {
    logLines.length = 0;
    const password = 's3cret-Pa55word';
    const smtp = await sink({ user: 'mailer', password });
    const app = await openApp({ smtpUrl: smtp.url, emailPollIntervalMs: 50 });
    cleanups.push(() => app.close());
    const { caseId, coordinator, vendor } = await caseWithVendor('Secret body words');
    await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    await smtp.waitFor(1);
    await app.close();
    cleanups.pop();
    // A server that refuses this password: the error is stored and logged, the password is not.
    const wrong = await sink({ user: 'mailer', password: 'another' });
    const worker = new OutboxWorker({
      db,
      smtpUrl: wrong.url.replace(':another@', `:${password}@`),
      from: 'CVDP <noreply@localhost>',
      log: app.log,
    });
    cleanups.push(() => worker.stop());
    await notifyVendorAdded(caseId, coordinator.id, vendor.id);
    await db.update(emailOutbox).set({ nextAttemptAt: sql`now()` });
    await worker.runOnce();
    const rows = await outboxRows();
    expect(rows.some((r) => r.lastError)).toBe(true);
    const everything = logLines.join('') + JSON.stringify(rows.map((r) => r.lastError));
    expect(everything).toContain(describeSmtpUrl(smtp.url));
    expect(everything).not.toContain(password);
    expect(logLines.join('')).not.toContain('Secret body words');
    expect(logLines.join('')).not.toContain(vendor.email);
  });
});

describe('configuration', () => {
  it('reads CVDP_SMTP_URL, CVDP_EMAIL_FROM and CVDP_EMAIL_POLL_SECONDS; a bad URL is refused without repeating it', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      emailFrom: 'CVDP <noreply@localhost>',
      emailPollIntervalMs: 5_000,
    });
    expect(
      loadConfig({
        CVDP_SMTP_URL: 'smtps://mailer:pw@mail.example.org:465',
        CVDP_EMAIL_FROM: 'Disclosure desk <cvd@example.org>',
        CVDP_EMAIL_POLL_SECONDS: '2',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://mailer:pw@mail.example.org:465',
      emailFrom: 'Disclosure desk <cvd@example.org>',
      emailPollIntervalMs: 2_000,
    });
    for (const bad of ['http://mailer:topsecret@mail.example.org', 'mailer:topsecret@host', 'smtp://']) {
      expect(() => loadConfig({ CVDP_SMTP_URL: bad }), bad).toThrow(/CVDP_SMTP_URL must be/);
      try {
        loadConfig({ CVDP_SMTP_URL: bad });
      } catch (error) {
        expect((error as Error).message).not.toContain('topsecret');
      }
    }
    expect(() => loadConfig({ CVDP_EMAIL_POLL_SECONDS: '0' })).toThrow(/CVDP_EMAIL_POLL_SECONDS/);
    expect(describeSmtpUrl('smtp://mailer:topsecret@mail.example.org:587')).toBe(
      'smtp://mailer@mail.example.org:587',
    );
  });
});
