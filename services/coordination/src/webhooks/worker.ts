// The webhook worker: sends the deliveries the activity trigger queued (migration 0032_webhooks), with
// retries. Claiming is the email outbox's (email/worker.ts): one UPDATE takes a batch of due deliveries of
// active endpoints (`FOR UPDATE SKIP LOCKED`, so two workers — two replicas — never take the same one),
// counts the attempt and moves next_attempt_at a lease ahead, so a delivery being sent is due for nobody
// else. A 2xx answer makes it `delivered`; anything else (another status, a timeout, no connection, a
// redirect, an address the policy refuses) puts it back with exponential backoff, and after the last
// attempt it is `failed`. Each attempt records the answer's status, time and the start of its body.
// A worker that dies mid-send leaves its deliveries to come due when the lease ends: at-least-once, which
// receivers handle with the delivery id (the same on every retry).
//
// "Due" is decided with the app clock (`clock.now()`, passed into SQL), so tests move time to see retries.
// Woken by NOTIFY on WEBHOOK_CHANNEL (the trigger sends it from the queueing transaction) and polls besides.
// Never logged: secrets, bodies, answers.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  type Db,
  type NotificationsListener,
  type OutboundHttp,
  notificationsOf,
  WokenLoop,
} from '@cvdp/server-kit';
import { retryDelayMs } from '../email/worker.ts';
import { attemptDelivery, type AttemptOutcome } from './send.ts';

/** The channel the activity trigger notifies when it queued deliveries. */
export const WEBHOOK_CHANNEL = 'cvdp_webhooks';

export const WEBHOOK_DEFAULTS = {
  pollIntervalMs: 5_000,
  batchSize: 10,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  /** Well beyond the request timeout, so a slow receiver cannot make a claimed delivery come due mid-send. */
  leaseMs: 2 * 60_000,
} as const;

export interface WebhookWorkerOptions {
  db: Db;
  outbound: OutboundHttp;
  clock: Clock;
  secretKey: string | undefined;
  publicUrl: string | undefined;
  pollIntervalMs?: number;
  batchSize?: number;
  /** After this many failed attempts a delivery is `failed`. */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  leaseMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notifications?: NotificationsListener;
}

interface ClaimedRow {
  id: number;
  public_id: string;
  event: string;
  occurred_at: Date | string;
  data: unknown;
  attempts: number;
  url: string;
  secret_encrypted: string;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Writes an attempt's outcome: delivered, back in the queue after `retryMs`, or (retryMs null) failed. */
export async function recordAttempt(
  db: Db,
  id: number,
  outcome: AttemptOutcome,
  now: Date,
  retryMs: number | null,
) {
  const status = outcome.ok ? 'delivered' : retryMs === null ? 'failed' : 'pending';
  const next = status === 'pending' ? iso(new Date(now.getTime() + retryMs!)) : sql`null`;
  await db.execute(sql`
    update webhook_deliveries
       set status = ${status}, next_attempt_at = ${next}, last_attempt_at = ${iso(now)},
           response_status = ${outcome.responseStatus}, response_excerpt = ${outcome.responseExcerpt},
           error = ${outcome.error}
     where id = ${id}`);
}

export class WebhookWorker {
  private readonly options: Required<
    Omit<WebhookWorkerOptions, 'log' | 'notifications' | 'secretKey' | 'publicUrl'>
  > &
    Pick<WebhookWorkerOptions, 'log' | 'notifications' | 'secretKey' | 'publicUrl'>;
  private readonly loop: WokenLoop;

  constructor(options: WebhookWorkerOptions) {
    this.options = { ...WEBHOOK_DEFAULTS, ...options };
    this.loop = new WokenLoop({
      channel: WEBHOOK_CHANNEL,
      pollIntervalMs: this.options.pollIntervalMs,
      notifications: () => this.options.notifications ?? notificationsOf(this.options.db),
      drain: () => this.drain(),
      onDrainError: (error) => this.options.log?.error({ err: error }, 'webhooks: could not read the queue'),
      onListenError: (error) =>
        this.options.log?.warn({ err: error }, 'webhooks: not woken by NOTIFY, polling only'),
    });
  }

  start() {
    this.loop.start();
  }

  /** Stops polling and waits for the deliveries being sent (each ends within its request timeout). */
  async stop() {
    await this.loop.stop();
  }

  private async drain() {
    while (!this.loop.stopping && (await this.runOnce()) === this.options.batchSize);
  }

  /** Claims one batch of due deliveries and sends them; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const { db, clock, batchSize, leaseMs } = this.options;
    const now = clock.now();
    const result = await db.execute(sql`
      update webhook_deliveries d
         set attempts = d.attempts + 1, next_attempt_at = ${iso(new Date(now.getTime() + leaseMs))}
        from webhook_endpoints e
       where e.id = d.endpoint_id
         and d.id in (select q.id from webhook_deliveries q
                        join webhook_endpoints qe on qe.id = q.endpoint_id
                       where q.status = 'pending' and qe.active
                         and (q.next_attempt_at is null or q.next_attempt_at <= ${iso(now)})
                       order by q.id
                       limit ${batchSize}
                       for update of q skip locked)
      returning d.id, d.public_id, d.event, d.occurred_at, d.data, d.attempts, e.url, e.secret_encrypted`);
    const rows = [...(result as { rows: ClaimedRow[] }).rows].sort((a, b) => a.id - b.id);
    // The batch's deliveries go to different receivers: one slow receiver should not hold up the others.
    await Promise.all(rows.map((row) => this.send(row)));
    return rows.length;
  }

  private async send(row: ClaimedRow) {
    const { db, clock, outbound, maxAttempts, retryBaseMs, retryMaxMs, log } = this.options;
    const outcome = await attemptDelivery(
      outbound,
      {
        publicId: row.public_id,
        event: row.event,
        occurredAt: new Date(row.occurred_at),
        data: row.data,
        url: row.url,
        secretEncrypted: row.secret_encrypted,
      },
      { secretKey: this.options.secretKey, publicUrl: this.options.publicUrl, now: clock.now() },
    );
    const retryMs =
      outcome.ok || row.attempts >= maxAttempts ? null : retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
    await recordAttempt(db, row.id, outcome, clock.now(), retryMs);
    if (outcome.ok) log?.info({ webhookDelivery: row.public_id, attempt: row.attempts }, 'webhook delivered');
    else
      log?.warn(
        { webhookDelivery: row.public_id, attempt: row.attempts, err: outcome.error, retryInMs: retryMs },
        retryMs === null ? 'webhook failed: no attempts left' : 'webhook not delivered; will retry',
      );
  }
}
