// Publishing by hand behind the guard rails (issue 25 item 4): PATCH …/advisory/latest/ with date_published
// publishes only when nothing blocks it — or when staff override the blockers with a reason, which is written to
// the activity log and the embargo's log in the publishing transaction. Sharing is not blocked (vendors must
// read a revision to approve it); the page asks to confirm it.
import type { FastifyInstance } from 'fastify';
import type { AdvisoryLatestPatch, Blocker } from '@cvdp/core';
import { recordActivity } from '@cvdp/server-kit';
import {
  type AdvisoryContext,
  type RevisionRow,
  assertDatesAllowed,
  latestRevision,
  setLatestDates,
} from '../store.ts';
import { publicationBlockers } from './blockers.ts';
import { embargoLink } from './embargo-link.ts';

export type GuardedResult = { blocked: Blocker[] } | { row: RevisionRow };

/** The blockers of publishing the latest revision now (none when the case has no revision yet). */
export async function latestBlockers(app: FastifyInstance, ctx: AdvisoryContext) {
  const revision = await latestRevision(app.db, ctx.access.caseId);
  if (!revision) return { revision: null, blockers: [] };
  const blockers = await publicationBlockers({
    db: app.db,
    config: app.config,
    embargo: embargoLink,
    access: ctx.access,
    revision,
    now: app.clock.now(),
  });
  return { revision, blockers };
}

export async function guardedSetLatestDates(
  app: FastifyInstance,
  ctx: AdvisoryContext,
  input: AdvisoryLatestPatch & { force: boolean },
): Promise<GuardedResult> {
  if (input.date_published === undefined) return { row: await setLatestDates(app.db, ctx, input) };
  assertDatesAllowed(input);
  const { revision, blockers } = await latestBlockers(app, ctx);
  // A revision already published goes to nobody new: a later date_published is not guarded again.
  const guarded = revision !== null && !revision.published && blockers.length > 0;
  if (guarded && !input.override_reason) return { blocked: blockers };
  const end = await embargoLink.activeEnd(app.db, ctx.access.caseId);
  const row = await setLatestDates(app.db, ctx, input, async (tx, published) => {
    if (guarded) {
      const reason = input.override_reason!;
      await recordActivity(tx, {
        actorId: ctx.actor.id,
        caseId: ctx.access.caseId,
        verb: 'published over blockers',
        objectType: 'advisory',
        objectId: published.id,
        after: { revision: published.revision, reason, blockers },
      });
      await embargoLink.recordOverride(tx, {
        caseId: ctx.access.caseId,
        actorId: ctx.actor.id,
        reason,
        blockers,
        at: app.clock.now(),
      });
    }
    if (end && end.getTime() > app.clock.now().getTime())
      await embargoLink.exitOnPublication(tx, {
        caseId: ctx.access.caseId,
        actorId: ctx.actor.id,
        at: app.clock.now(),
      });
  });
  return { row };
}
