// The one place publication knows about the embargo (issue 25). The blockers ask for the end of an active
// embargo, "at embargo end" schedules from it, an override of the blockers is written to the embargo's log,
// and publication exits the embargo.
//
// Until the embargo domain (services/coordination/src/embargo/) is merged, this reads the case's
// `public_date`: a public date still to come is the end of an active embargo (a date alone means 12:00 UTC,
// as VINCE does); the override and the exit are recorded in the case's activity log. The merger replaces
// the body of `embargoLink` with the embargo domain's `currentEmbargo`, `appendEmbargoLog` and `exitEmbargo`;
// nothing else in publication changes.
import { eq } from 'drizzle-orm';
import type { Blocker } from '@cvdp/core';
import { type Db, type Tx, recordActivity } from '@cvdp/server-kit';
import { cases } from '../../cases/tables.ts';

export interface EmbargoLink {
  /** The end of the case's active embargo, or null when it has none (it may already lie in the past). */
  activeEnd(db: Db | Tx, caseId: number): Promise<Date | null>;
  /** Publishing over the blockers: written to the embargo's log. */
  recordOverride(
    tx: Tx,
    input: { caseId: number; actorId: number | null; reason: string; blockers: Blocker[] },
  ): Promise<void>;
  /** The advisory was published: the embargo is over. */
  exitOnPublication(tx: Tx, input: { caseId: number; actorId: number | null }): Promise<void>;
}

/** A date without a time means noon UTC. */
export const endOfPublicDate = (date: string) => new Date(`${date}T12:00:00Z`);

export const embargoLink: EmbargoLink = {
  async activeEnd(db, caseId) {
    const [row] = await db.select({ publicDate: cases.publicDate }).from(cases).where(eq(cases.id, caseId));
    return row?.publicDate ? endOfPublicDate(row.publicDate) : null;
  },
  async recordOverride(tx, { caseId, actorId, reason, blockers }) {
    await recordActivity(tx, {
      actorId,
      caseId,
      verb: 'overrode embargo',
      objectType: 'case',
      objectId: caseId,
      after: { reason, blockers: blockers.map((b) => b.code) },
    });
  },
  async exitOnPublication(tx, { caseId, actorId }) {
    await recordActivity(tx, {
      actorId,
      caseId,
      verb: 'exited embargo',
      objectType: 'case',
      objectId: caseId,
      after: { reason: 'advisory published' },
    });
  },
};
