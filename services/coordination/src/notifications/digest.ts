// Email digests: for each person who chose hourly or daily email for conversation, one email per period that
// ended, listing what is still unread from it — grouped by case, one line per thread with its link — built
// from the admin-editable 'digest' template and queued through the outbox.
//
// Exactly once across replicas: a digest is a row per (user, mode, period) (notification_digests, unique).
// The worker inserts the row and queues the email in one transaction; a second worker's insert waits for the
// first and then finds the row (ON CONFLICT DO NOTHING): it sends nothing. The periods come from the clock
// the worker is given (app.clock), passed into SQL as parameters, never SQL now().
//
// Access: a line is written only from notifications the reader may still see (the policy's
// `notification.read` filter, composed by app.ts, as for the bell): a thread restricted away from them, or
// a case they left, never appears. Muted threads are left out.
import { and, asc, eq, gte, inArray, isNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ConversationEmailMode } from '@cvdp/core';
import {
  type Clock,
  type Db,
  type NotificationsListener,
  type Tx,
  groupMembers,
  notificationsOf,
  users,
  WokenLoop,
} from '@cvdp/server-kit';
import { queueEmails } from '../email/outbox.ts';
import { cases } from '../cases/tables.ts';
import { threads } from '../threads/tables.ts';
import { notificationDigests, notificationPreferences, notifications, threadFollows } from './tables.ts';

/** The reader as the policy's filter needs them (the policy's Caller; the policy sits above this domain). */
export interface DigestReader {
  userId: number;
  staff: boolean;
  groupIds: readonly number[];
}

export type DigestMode = Exclude<ConversationEmailMode, 'immediate'>;
const PERIOD_MS: Record<DigestMode, number> = { hourly: 3_600_000, daily: 86_400_000 };

/** The last whole period (UTC hours or days) that ended at or before `now`. */
export function lastPeriod(mode: DigestMode, now: Date): { start: Date; end: Date } {
  const length = PERIOD_MS[mode];
  const end = new Date(Math.floor(now.getTime() / length) * length);
  return { start: new Date(end.getTime() - length), end };
}

const iso = (d: Date) => d.toISOString();
export const periodLabel = (mode: DigestMode, p: { start: Date; end: Date }) =>
  mode === 'daily'
    ? `${iso(p.start).slice(0, 10)}`
    : `${iso(p.start).slice(0, 10)} ${iso(p.start).slice(11, 16)}–${iso(p.end).slice(11, 16)} UTC`;

/** Kinds a digest lists (conversation): the kinds notify() leaves to the digest. */
const DIGEST_KINDS = ['new_post'];

export interface DigestOptions {
  db: Db;
  clock: Clock;
  /** The policy's `notification.read` filter for the reader (app.ts composes it). */
  visible: (reader: DigestReader) => SQL | undefined;
  /** CVDP_PUBLIC_URL, for the links. */
  publicUrl: string;
}

/** The digest's entries for one reader and period, grouped by case (oldest case first), as text. */
async function digestText(
  tx: Tx,
  options: DigestOptions,
  reader: DigestReader,
  period: { start: Date; end: Date },
): Promise<{ entries: number; text: string }> {
  const visible = options.visible(reader);
  const rows = await tx
    .select({
      caseId: notifications.caseId,
      caseTitle: cases.title,
      title: notifications.title,
      link: notifications.link,
    })
    .from(notifications)
    .leftJoin(cases, eq(cases.id, notifications.caseId))
    .leftJoin(threads, eq(threads.id, notifications.threadId))
    .where(
      and(
        eq(notifications.userId, reader.userId),
        isNull(notifications.readAt),
        inArray(notifications.kind, DIGEST_KINDS),
        gte(notifications.createdAt, period.start),
        lt(notifications.createdAt, period.end),
        visible ? sql`(${notifications.caseId} is null or ${visible})` : undefined,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(threadFollows)
            .where(
              and(
                eq(threadFollows.userId, reader.userId),
                eq(threadFollows.threadId, notifications.threadId),
                eq(threadFollows.mode, 'mute'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(notifications.caseId), asc(notifications.createdAt), asc(notifications.id));
  const lines: string[] = [];
  let lastCase: number | null | undefined;
  for (const r of rows) {
    if (r.caseId !== lastCase) {
      if (lines.length) lines.push('');
      lines.push(
        r.caseId !== null
          ? `Case #${r.caseId} "${r.caseTitle ?? ''}": ${options.publicUrl}/cvdp/cases/${r.caseId}`
          : 'Other',
      );
      lastCase = r.caseId;
    }
    lines.push(`  - ${r.title}: ${options.publicUrl}${r.link}`);
  }
  return { entries: rows.length, text: lines.join('\n') };
}

/**
 * Sends the digests of every period that ended by the clock's now and has none yet; returns how many were
 * emailed (periods with nothing to tell are recorded with 0 entries and send nothing).
 */
export async function sendDueDigests(options: DigestOptions): Promise<number> {
  const { db } = options;
  const now = options.clock.now();
  let sent = 0;
  for (const mode of ['hourly', 'daily'] as const) {
    const period = lastPeriod(mode, now);
    const due = await db
      .select({ id: users.id, name: users.name, email: users.email, roles: users.roles })
      .from(notificationPreferences)
      .innerJoin(users, eq(users.id, notificationPreferences.userId))
      .where(
        and(
          eq(notificationPreferences.conversationEmail, mode),
          eq(users.isActive, true),
          eq(users.pending, false),
          notExists(
            db
              .select({ one: sql`1` })
              .from(notificationDigests)
              .where(
                and(
                  eq(notificationDigests.userId, users.id),
                  eq(notificationDigests.mode, mode),
                  eq(notificationDigests.periodStart, period.start),
                ),
              ),
          ),
        ),
      );
    for (const person of due) {
      const emailed = await db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(notificationDigests)
          .values({ userId: person.id, mode, periodStart: period.start, periodEnd: period.end, entries: 0 })
          .onConflictDoNothing()
          .returning({ id: notificationDigests.id });
        if (!claim) return false; // another replica has it
        const groups = await tx
          .select({ id: groupMembers.groupId })
          .from(groupMembers)
          .where(eq(groupMembers.userId, person.id));
        const reader: DigestReader = {
          userId: person.id,
          staff: person.roles.some((r) => r === 'coordinator' || r === 'admin'),
          groupIds: groups.map((g) => g.id),
        };
        const { entries, text } = await digestText(tx, options, reader, period);
        if (entries === 0) return false;
        await tx.update(notificationDigests).set({ entries }).where(eq(notificationDigests.id, claim.id));
        await queueEmails(tx, [
          {
            to: person.email,
            toName: person.name,
            kind: 'digest',
            caseId: null,
            vars: {
              recipient_name: person.name,
              site_name: 'CVDP',
              period: periodLabel(mode, period),
              digest: text,
            },
          },
        ]);
        return true;
      });
      if (emailed) sent++;
    }
  }
  return sent;
}

/** Nobody NOTIFYs it: a changed preference or a period's end is found by polling (every minute by default). */
export const DIGEST_CHANNEL = 'cvdp_digests';

export interface DigestWorkerOptions extends DigestOptions {
  pollIntervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  notifications?: NotificationsListener;
}

/** Runs sendDueDigests on a WokenLoop, like the outbox worker; stop() waits for the run in flight. */
export class DigestWorker {
  private readonly loop: WokenLoop;
  constructor(options: DigestWorkerOptions) {
    this.loop = new WokenLoop({
      channel: DIGEST_CHANNEL,
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      notifications: () => options.notifications ?? notificationsOf(options.db),
      drain: async () => {
        await sendDueDigests(options);
      },
      onDrainError: (error) => options.log?.error({ err: error }, 'digests: a run failed'),
      onListenError: (error) => options.log?.warn({ err: error }, 'digests: polling only'),
    });
  }
  start() {
    this.loop.start();
  }
  stop() {
    return this.loop.stop();
  }
}
