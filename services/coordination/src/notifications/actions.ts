// Action needed: requests that wait for a person to act, keyed by (kind, object) — an approval request, a
// vendor's status to fill in, an embargo proposal to answer. Raised and resolved inside the caller's
// transaction by the domain that owns the request; "mark read" never clears one, only resolving does.
// Raising emails the request at once (a kind with a notification template), whatever the person's digest choice.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ActionKind } from '@cvdp/core';
import type { Tx } from '@cvdp/server-kit';
import { queueEmails } from '../email/outbox.ts';
import { activePeople, commonVars } from './notify.ts';
import { actionItems } from './tables.ts';

export interface RaiseActionInput {
  kind: ActionKind;
  /** What is asked about (an approval's id, a participant row's id, a proposal's id…). */
  objectId: number;
  caseId: number | null;
  actorId: number | null;
  /** Who must act (duplicates are fine; the actor is left out). */
  userIds: number[];
  /** One line, e.g. "Ana asks you to approve revision 2 of the advisory of case #12". */
  title: string;
  /** Where the action is done (defaults to the case). */
  link?: string;
  /** Template variables beyond the common ones, for the kind's email template (if it has one). */
  vars?: Record<string, string>;
  publicUrl?: string;
}

/**
 * Opens the request for each user who has none open for (kind, object) yet; returns the users newly asked
 * (they, and only they, are emailed).
 */
export async function raiseActionNeeded(tx: Tx, input: RaiseActionInput): Promise<number[]> {
  const people = await activePeople(
    tx,
    [...new Set(input.userIds)].filter((id) => id !== input.actorId),
  );
  if (people.length === 0) return [];
  const link = input.link ?? (input.caseId !== null ? `/cvdp/cases/${input.caseId}` : '/cvdp/');
  const inserted = await tx
    .insert(actionItems)
    .values(
      people.map((p) => ({
        userId: p.id,
        kind: input.kind,
        objectId: input.objectId,
        caseId: input.caseId,
        actorId: input.actorId,
        title: input.title,
        link,
      })),
    )
    .onConflictDoNothing({
      target: [actionItems.userId, actionItems.kind, actionItems.objectId],
      where: sql`${actionItems.resolvedAt} is null`,
    })
    .returning({ userId: actionItems.userId });
  const asked = new Set(inserted.map((r) => r.userId));
  const common = await commonVars(tx, input.caseId, input.actorId, input.publicUrl);
  await queueEmails(
    tx,
    people
      .filter((p) => asked.has(p.id))
      .map((p) => ({
        to: p.email,
        toName: p.name,
        kind: input.kind,
        caseId: input.caseId,
        vars: { recipient_name: p.name, ...common, ...input.vars },
      })),
  );
  return [...asked];
}

/**
 * Closes the open requests of (kind, object) — of several objects at once with an array — for these users
 * only, or for everyone asked. Returns how many.
 */
export async function resolveActionNeeded(
  tx: Tx,
  input: { kind: ActionKind; objectId: number | number[]; userIds?: number[] },
): Promise<number> {
  const objectIds = Array.isArray(input.objectId) ? input.objectId : [input.objectId];
  if (objectIds.length === 0) return 0;
  const closed = await tx
    .update(actionItems)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(actionItems.kind, input.kind),
        inArray(actionItems.objectId, objectIds),
        isNull(actionItems.resolvedAt),
        input.userIds ? inArray(actionItems.userId, input.userIds.length ? input.userIds : [0]) : undefined,
      ),
    )
    .returning({ id: actionItems.id });
  return closed.length;
}
