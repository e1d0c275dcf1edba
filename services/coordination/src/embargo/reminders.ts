// The embargo reminder worker: seven days and one day before an embargo's end, and at the end, every
// participant gets a notification and an email — each exactly once, also with several replicas and across
// restarts. At the end it also exits the embargo as "ended on its date" (once: under the row lock).
//
// Claiming, in the email/worker.ts style: the candidates are read with the app's clock passed into the SQL
// as a parameter (never the database's now(), so a test moves a ManualClock); each is then locked with
// `FOR UPDATE SKIP LOCKED` (two workers never take the same embargo at once), and the reminder is claimed by
// inserting its unique row (embargo, end, kind) in the very transaction that writes the notifications and
// queues the emails — a second worker, or this one after a restart, finds the row and sends nothing. A new
// end has rows of its own, so changing the end re-arms the reminders. Only the latest reminder due is sent:
// an embargo agreed three days before its end gets no "in 7 days".
//
// Woken by NOTIFY on EMBARGO_CHANNEL (a decision that sets an end) and polled, like the outbox.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  type Db,
  type NotificationsListener,
  notificationsOf,
  WokenLoop,
} from '@cvdp/server-kit';
import { EMBARGO_CHANNEL, type EmbargoRow, type ReminderKind, sendReminder, settleLocked } from './store.ts';
import { embargoes } from './tables.ts';

export interface ReminderWorkerOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
  pollIntervalMs?: number;
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notifications?: NotificationsListener;
}

const DAY = "interval '1 day'";

/** The reminder due for an end at a moment: t0 at or after the end, t1 in its last day, t7 in its last week. */
export function dueKind(endsAt: Date, now: Date): ReminderKind | null {
  const ms = endsAt.getTime() - now.getTime();
  if (ms <= 0) return 't0';
  if (ms <= 86_400_000) return 't1';
  if (ms <= 7 * 86_400_000) return 't7';
  return null;
}

export class EmbargoReminderWorker {
  private readonly loop: WokenLoop;
  private readonly batchSize: number;

  constructor(private readonly options: ReminderWorkerOptions) {
    this.batchSize = options.batchSize ?? 50;
    this.loop = new WokenLoop({
      channel: EMBARGO_CHANNEL,
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      notifications: () => options.notifications ?? notificationsOf(options.db),
      drain: async () => {
        while ((await this.runOnce()) >= this.batchSize && !this.loop.stopping);
      },
      onDrainError: (error) => options.log?.error({ err: error }, 'embargo reminders: could not run'),
      onListenError: (error) =>
        options.log?.warn({ err: error }, 'embargo reminders: not woken by NOTIFY, polling only'),
    });
  }

  start() {
    this.loop.start();
  }

  wake() {
    this.loop.wake();
  }

  async stop() {
    await this.loop.stop();
  }

  /** Sends what is due now (by the clock) and ends what has passed its end; returns the embargoes handled. */
  async runOnce(): Promise<number> {
    const { db, clock, publicUrl } = this.options;
    const now = clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    // Embargoes in force whose latest due reminder for their current end has not gone yet.
    const candidates = await db.execute(sql`
      select e.id from ${embargoes} e
       where e.state in ('active', 'revising') and e.ends_at is not null
         and e.ends_at - 7 * ${sql.raw(DAY)} <= ${at}
         and not exists (select 1 from embargo_reminders r
                          where r.embargo_id = e.id and r.ends_at = e.ends_at
                            and r.kind = case when e.ends_at <= ${at} then 't0'
                                              when e.ends_at - ${sql.raw(DAY)} <= ${at} then 't1'
                                              else 't7' end)
       order by e.ends_at
       limit ${this.batchSize}`);
    const ids = (candidates as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    let handled = 0;
    for (const id of ids) {
      if (this.loop.stopping) break;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(embargoes)
          .where(eq(embargoes.id, id))
          .for('update', { skipLocked: true });
        // Held by another worker: it is handling this embargo now.
        if (!row) return false;
        return this.handle(tx, row, now, publicUrl);
      });
      if (done) handled++;
    }
    return handled;
  }

  private async handle(
    tx: Parameters<typeof settleLocked>[0],
    row: EmbargoRow,
    now: Date,
    publicUrl: string,
  ) {
    if (!(row.state === 'active' || row.state === 'revising') || !row.endsAt) return false;
    const kind = dueKind(row.endsAt, now);
    if (!kind) return false;
    if (kind === 't0') {
      await settleLocked(tx, row, now, publicUrl);
      return true;
    }
    return sendReminder(tx, row, kind, publicUrl);
  }
}
