// The outbox worker: sends what email/outbox.ts queued, over SMTP (nodemailer), with retries.
//
// Claiming is safe across replicas: one UPDATE takes a batch of due rows (`FOR UPDATE SKIP LOCKED`, so two
// workers never take the same row) and, in the same statement, counts the attempt and moves the row's
// next_attempt_at a lease ahead — a row being sent is not due for anyone else, even after the claim's
// transaction committed. Once sent it is `sent`; a failure puts it back with exponential backoff, and after
// the last attempt it is `failed` with the error. A worker that dies mid-send leaves its rows to come due
// again when the lease ends (at-least-once: a crash between the SMTP answer and the status update is the
// only way one message can go twice). A worker that is stopped finishes the message it is sending and hands
// back the rest of its batch at once.
//
// It polls every few seconds and is also woken by PostgreSQL NOTIFY, which outbox.ts sends from inside the
// queueing transaction — delivered at commit, to every replica, never for a rolled-back change. It hears it
// through the process's one notifications listener (the kit's notifications-listener.ts), and looks at the
// outbox again whenever that listener had to reconnect (a NOTIFY may have been missed meanwhile).
//
// Never logged: message bodies, recipients, the SMTP password.
import type { Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type NotificationsListener, notificationsOf, WokenLoop } from '@cvdp/server-kit';
import { OUTBOX_CHANNEL } from './outbox.ts';
import { oneLine } from './render.ts';

export interface OutboxWorkerOptions {
  db: Db;
  /** smtp://user:pass@host:587 or smtps://… (CVDP_SMTP_URL). */
  smtpUrl: string;
  /** The From header (CVDP_EMAIL_FROM). */
  from: string;
  /** Between looks at the outbox, in ms (CVDP_EMAIL_POLL_SECONDS). */
  pollIntervalMs?: number;
  /** Rows claimed at once. */
  batchSize?: number;
  /** After this many failed attempts a message is `failed`. */
  maxAttempts?: number;
  /** The wait after the first failure; it doubles with each further one, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed row stays out of everyone's reach while it is being sent. */
  leaseMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where NOTIFY arrives; by default the database's listener (`notificationsOf(db)`). */
  notifications?: NotificationsListener;
}

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 5_000,
  batchSize: 20,
  maxAttempts: 5,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 15 * 60_000,
} as const;

interface ClaimedRow {
  id: number;
  to_address: string;
  to_name: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones: base, 2×base, 4×base, … ≤ max. */
export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/** The SMTP address without its password, for logs and messages. */
export function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}`;
  } catch {
    return 'SMTP';
  }
}

/** The password in the URL, so that an error message that repeats it can be cleaned. */
function smtpPassword(smtpUrl: string): string | null {
  try {
    const { password } = new URL(smtpUrl);
    return password ? decodeURIComponent(password) : null;
  } catch {
    return null;
  }
}

export class OutboxWorker {
  private readonly db: Db;
  private readonly notifications: NotificationsListener | undefined;
  /** Made at the first message: nodemailer (about 4 MB of heap) loads only in a process that sends mail. */
  private transport: Promise<Transporter> | undefined;
  private readonly smtpUrl: string;
  private readonly options: Required<
    Omit<OutboxWorkerOptions, 'db' | 'log' | 'smtpUrl' | 'from' | 'notifications'>
  >;
  private readonly from: string;
  private readonly password: string | null;
  private readonly log: OutboxWorkerOptions['log'];
  private readonly loop: WokenLoop;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.notifications = options.notifications;
    this.loop = new WokenLoop({
      channel: OUTBOX_CHANNEL,
      pollIntervalMs: options.pollIntervalMs ?? OUTBOX_DEFAULTS.pollIntervalMs,
      notifications: () => this.notifications ?? notificationsOf(this.db),
      drain: () => this.drain(),
      onDrainError: (error) =>
        this.log?.error({ err: this.clean(error) }, 'email outbox: could not read the outbox'),
      onListenError: (error) =>
        this.log?.warn({ err: this.clean(error) }, 'email outbox: not woken by NOTIFY, polling only'),
    });
    this.from = options.from;
    this.log = options.log;
    this.password = smtpPassword(options.smtpUrl);
    this.options = {
      pollIntervalMs: options.pollIntervalMs ?? OUTBOX_DEFAULTS.pollIntervalMs,
      batchSize: options.batchSize ?? OUTBOX_DEFAULTS.batchSize,
      maxAttempts: options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts,
      retryBaseMs: options.retryBaseMs ?? OUTBOX_DEFAULTS.retryBaseMs,
      retryMaxMs: options.retryMaxMs ?? OUTBOX_DEFAULTS.retryMaxMs,
      leaseMs: options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs,
    };
    this.smtpUrl = options.smtpUrl;
  }

  private transporter(): Promise<Transporter> {
    // Timeouts well inside the lease, so a hung server cannot make a claimed row come due mid-send.
    // Options in the URL's query (e.g. ?ignoreTLS=true) take precedence.
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: this.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      } as never),
    );
    return this.transport;
  }

  /** Starts polling (and listening for NOTIFY); the first look is immediate. */
  start() {
    this.loop.start();
  }

  /** Look at the outbox now (after a transaction queued mail). */
  wake() {
    this.loop.wake();
  }

  /** Stops polling, waits for the message being sent, hands back the rest of the batch. */
  async stop() {
    await this.loop.stop();
    await this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }

  private get stopping() {
    return this.loop.stopping;
  }

  /** Sends batches until fewer than a full batch was due. */
  private async drain() {
    for (;;) {
      const claimed = await this.runOnce();
      if (claimed < this.options.batchSize || this.stopping) return;
    }
  }

  /** Claims one batch of due messages and sends them; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const { batchSize, leaseMs } = this.options;
    const result = await this.db.execute(sql`
      update email_outbox
         set attempts = attempts + 1,
             next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
       where id in (select id from email_outbox
                     where status = 'pending' and next_attempt_at <= now()
                     order by id
                     limit ${batchSize}
                     for update skip locked)
      returning id, to_address, to_name, subject, text_body, html_body, attempts`);
    // Both drivers answer { rows } (node-postgres and PGlite).
    const rows = [...(result as { rows: ClaimedRow[] }).rows].sort((a, b) => a.id - b.id);
    for (let i = 0; i < rows.length; i++) {
      if (this.stopping) {
        await this.release(rows.slice(i).map((r) => r.id));
        break;
      }
      await this.send(rows[i]);
    }
    return rows.length;
  }

  private async send(row: ClaimedRow) {
    try {
      await (
        await this.transporter()
      ).sendMail({
        from: this.from,
        // Header values once more as one line: rows queued before names were checked may hold a line break.
        to: { name: oneLine(row.to_name), address: row.to_address },
        subject: oneLine(row.subject),
        text: row.text_body,
        html: row.html_body,
        headers: { 'X-CVDP-Outbox-Id': String(row.id) },
      });
    } catch (error) {
      await this.failed(row, error);
      return;
    }
    await this.db.execute(sql`
      update email_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`);
    this.log?.info({ outboxId: row.id, attempt: row.attempts }, 'email sent');
  }

  private async failed(row: ClaimedRow, error: unknown) {
    const message = this.clean(error);
    const { maxAttempts, retryBaseMs, retryMaxMs } = this.options;
    if (row.attempts >= maxAttempts) {
      await this.db.execute(sql`
        update email_outbox set status = 'failed', last_error = ${message} where id = ${row.id}`);
      this.log?.error(
        { outboxId: row.id, attempt: row.attempts, err: message },
        'email failed: no attempts left',
      );
      return;
    }
    const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
    await this.db.execute(sql`
      update email_outbox
         set last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delay / 1000})
       where id = ${row.id}`);
    this.log?.warn(
      { outboxId: row.id, attempt: row.attempts, retryInMs: delay, err: message },
      'email not sent; will retry',
    );
  }

  /** Rows claimed but not tried (the worker is stopping): due again now, the attempt not counted. */
  private async release(ids: number[]) {
    if (ids.length === 0) return;
    await this.db.execute(sql`
      update email_outbox set attempts = attempts - 1, next_attempt_at = now()
       where id in ${sql.raw(`(${ids.map((id) => Number(id)).join(',')})`)}`);
  }

  /** An error as one line, without the SMTP password, at most 1000 characters. */
  private clean(error: unknown): string {
    let text = error instanceof Error ? error.message : String(error);
    if (this.password) text = text.split(this.password).join('***');
    return text.replace(/\s+/g, ' ').slice(0, 1000);
  }
}
