// Scheduled publications (issue 25 item 5): a coordinator schedules the advisory's publication at the
// embargo's end or at an instant, reads the case's schedule, cancels it. The worker (worker.ts) acts on it.
// Every decision about time compares with the clock the caller passes (app.clock.now()), never SQL now().
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type PublicationSchedule,
  SCHEDULE_EXISTS,
  SCHEDULE_IN_PAST,
  SCHEDULE_NEEDS_SHARED,
  SCHEDULE_NO_EMBARGO,
  SCHEDULE_NONE,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, recordActivity } from '@cvdp/server-kit';
import { cases } from '../../cases/tables.ts';
import { advisoryRevisions } from '../tables.ts';
import type { EmbargoLink } from './embargo-link.ts';
import { advisoryPublications } from './tables.ts';

export type ScheduleRow = typeof advisoryPublications.$inferSelect;

/** Woken at once when a publication is scheduled (NOTIFY from the scheduling transaction). */
export const PUBLICATION_CHANNEL = 'cvdp_publication';

export interface ScheduleContext {
  db: Db;
  caseId: number;
  actorId: number;
  now: Date;
  embargo: EmbargoLink;
}

export async function scheduleView(db: Db | Tx, row: ScheduleRow): Promise<PublicationSchedule> {
  const [rev] = row.revisionId
    ? await db
        .select({ revision: advisoryRevisions.revision })
        .from(advisoryRevisions)
        .where(eq(advisoryRevisions.id, row.revisionId))
    : [];
  return {
    id: row.id,
    case: row.caseId,
    when: row.when as PublicationSchedule['when'],
    due: row.dueAt.toISOString(),
    publish_cves: row.publishCves,
    state: row.state as PublicationSchedule['state'],
    blockers: row.blockers,
    revision: rev?.revision ?? null,
    cve_results: row.cveResults,
    created: row.createdAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
  };
}

/** The case's latest schedule (scheduled, or how the last one ended), or null. */
export async function currentSchedule(db: Db, caseId: number): Promise<ScheduleRow | null> {
  const [row] = await db
    .select()
    .from(advisoryPublications)
    .where(eq(advisoryPublications.caseId, caseId))
    .orderBy(desc(advisoryPublications.id))
    .limit(1);
  return row ?? null;
}

/** The latest revision participants may read: what a scheduled publication publishes. */
export async function latestSharedRevision(db: Db | Tx, caseId: number) {
  const [row] = await db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, caseId), eq(advisoryRevisions.shared, true)))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1);
  return row ?? null;
}

export async function createSchedule(
  ctx: ScheduleContext,
  input: { when: 'embargo_end' | 'at'; at?: string; publish_cves: boolean },
): Promise<ScheduleRow> {
  let due: Date;
  if (input.when === 'at') {
    due = new Date(input.at!);
    if (due.getTime() <= ctx.now.getTime())
      throw new HttpError(400, SCHEDULE_IN_PAST, { at: [SCHEDULE_IN_PAST] });
  } else {
    const end = await ctx.embargo.activeEnd(ctx.db, ctx.caseId);
    if (!end || end.getTime() <= ctx.now.getTime()) throw new HttpError(409, SCHEDULE_NO_EMBARGO);
    due = end;
  }
  return ctx.db.transaction(async (tx) => {
    // The case's row lock: one schedule at a time per case, whoever asks at once.
    await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, ctx.caseId)).for('update');
    if (!(await latestSharedRevision(tx, ctx.caseId))) throw new HttpError(409, SCHEDULE_NEEDS_SHARED);
    const [open] = await tx
      .select({ id: advisoryPublications.id })
      .from(advisoryPublications)
      .where(and(eq(advisoryPublications.caseId, ctx.caseId), eq(advisoryPublications.state, 'scheduled')));
    if (open) throw new HttpError(409, SCHEDULE_EXISTS);
    const [row] = await tx
      .insert(advisoryPublications)
      .values({
        caseId: ctx.caseId,
        when: input.when,
        dueAt: due,
        publishCves: input.publish_cves,
        createdBy: ctx.actorId,
      })
      .returning();
    await recordActivity(tx, {
      actorId: ctx.actorId,
      caseId: ctx.caseId,
      verb: 'scheduled publication',
      objectType: 'advisory_publication',
      objectId: row.id,
      after: { when: row.when, due: row.dueAt.toISOString(), publish_cves: row.publishCves },
    });
    await tx.execute(sql`select pg_notify(${PUBLICATION_CHANNEL}, '')`);
    return row;
  });
}

export async function cancelSchedule(ctx: Omit<ScheduleContext, 'embargo'>): Promise<ScheduleRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(advisoryPublications)
      .set({ state: 'cancelled', finishedAt: ctx.now })
      .where(and(eq(advisoryPublications.caseId, ctx.caseId), eq(advisoryPublications.state, 'scheduled')))
      .returning();
    if (!row) throw new HttpError(404, SCHEDULE_NONE);
    await recordActivity(tx, {
      actorId: ctx.actorId,
      caseId: ctx.caseId,
      verb: 'cancelled scheduled publication',
      objectType: 'advisory_publication',
      objectId: row.id,
      before: { when: row.when, due: row.dueAt.toISOString() },
    });
    return row;
  });
}
