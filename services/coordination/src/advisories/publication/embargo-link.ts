// The one place publication knows about the embargo (issue 25). The blockers ask for the end of an active
// embargo, "at embargo end" schedules from it, an override of the blockers is written to the embargo's log,
// and publication exits the embargo. Advisories sit above the embargo domain (layering.test.ts), so this
// imports it directly.
import type { Blocker } from '@cvdp/core';
import type { Db, Tx } from '@cvdp/server-kit';
import { appendEmbargoLog, currentEmbargo, exitEmbargo } from '../../embargo/index.ts';

export interface EmbargoLink {
  /** The end of the case's active embargo, or null when it has none (it may already lie in the past). */
  activeEnd(db: Db | Tx, caseId: number): Promise<Date | null>;
  /** Publishing over the blockers: written to the embargo's log (when the case has an embargo). */
  recordOverride(
    tx: Tx,
    input: { caseId: number; actorId: number | null; reason: string; blockers: Blocker[]; at?: Date },
  ): Promise<void>;
  /** The advisory was published: the embargo is over. */
  exitOnPublication(tx: Tx, input: { caseId: number; actorId: number | null; at?: Date }): Promise<void>;
}

export const embargoLink: EmbargoLink = {
  async activeEnd(db, caseId) {
    const embargo = await currentEmbargo(db, caseId);
    // A revision being proposed keeps the current end in force until the change is accepted.
    if (!embargo || !(embargo.state === 'active' || embargo.state === 'revising')) return null;
    return embargo.endsAt;
  },
  async recordOverride(tx, { caseId, actorId, reason, blockers, at }) {
    // A case that never had an embargo gets no embargo log (appendEmbargoLog would create one).
    if (!(await currentEmbargo(tx, caseId))) return;
    await appendEmbargoLog(tx, {
      caseId,
      actorId,
      kind: 'override',
      details: { reason, blockers: blockers.map((b) => b.code) },
      at,
    });
  },
  async exitOnPublication(tx, { caseId, actorId, at }) {
    await exitEmbargo(tx, { caseId, actorId, reason: 'advisory published', at });
  },
};
