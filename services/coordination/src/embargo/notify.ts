// Who hears about the embargo, and how. "Please answer this proposal" is an Action-needed request
// (notifications/actions.ts, kind `embargo_proposal`, keyed by the proposal): it stays on top of the vendor's
// bell and desk until their participant answers or the proposal is decided or lapses, and it is emailed at
// once with the `embargo_proposed` template. Every other embargo event tells every participant and the staff
// following the case (`tellEveryone`).
import type { NotificationKind } from '@cvdp/core';
import type { Tx } from '@cvdp/server-kit';
import { queueEmails } from '../email/outbox.ts';
import { raiseActionNeeded, resolveActionNeeded } from '../notifications/actions.ts';
import {
  activePeople,
  caseStaffUserIds,
  commonVars,
  notify,
  participantUserIds,
} from '../notifications/notify.ts';

/** An end as the emails write it: 2027-01-31 12:00 UTC. */
export const utcText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface EmbargoNoticeContext {
  caseId: number;
  actorId: number | null;
  actorName: string;
  publicUrl: string;
}

/** Asks the vendor participants (their users; a group's members) to answer a proposal. */
export async function askToAnswer(
  tx: Tx,
  ctx: EmbargoNoticeContext,
  input: { proposalId: number; participantIds: number[]; end: Date; reason: string },
): Promise<number[]> {
  if (input.participantIds.length === 0) return [];
  const vars = { embargo_end: utcText(input.end), reason: input.reason };
  const asked = await raiseActionNeeded(tx, {
    kind: 'embargo_proposal',
    objectId: input.proposalId,
    caseId: ctx.caseId,
    actorId: ctx.actorId,
    userIds: await participantUserIds(tx, ctx.caseId, input.participantIds),
    title: `${ctx.actorName} proposes an embargo of case #${ctx.caseId} until ${utcText(input.end)}: please answer`,
    vars,
    publicUrl: ctx.publicUrl,
  });
  // The request kind has no template of its own: the proposal's email is the embargo_proposed one.
  const common = await commonVars(tx, ctx.caseId, ctx.actorId, ctx.publicUrl);
  await queueEmails(
    tx,
    (await activePeople(tx, asked)).map((p) => ({
      to: p.email,
      toName: p.name,
      kind: 'embargo_proposed' as const,
      caseId: ctx.caseId,
      vars: { recipient_name: p.name, ...common, ...vars },
    })),
  );
  return asked;
}

/** A vendor answered (only its own users' requests close), or the proposal was decided or lapsed (all close). */
export async function closeAnswerRequests(
  tx: Tx,
  caseId: number,
  proposalIds: number[],
  participantIds?: number[],
): Promise<void> {
  await resolveActionNeeded(tx, {
    kind: 'embargo_proposal',
    objectId: proposalIds,
    userIds: participantIds ? await participantUserIds(tx, caseId, participantIds) : undefined,
  });
}

/** Tells every participant of the case and its staff (not the actor) what happened to the embargo. */
export async function tellEveryone(
  tx: Tx,
  ctx: EmbargoNoticeContext,
  input: {
    kind?: NotificationKind;
    title: string;
    event: string;
    end: Date | null;
    reason?: string;
    vars?: Record<string, string>;
  },
): Promise<number[]> {
  const userIds = [
    ...(await participantUserIds(tx, ctx.caseId)),
    ...(await caseStaffUserIds(tx, ctx.caseId)),
  ];
  return notify(tx, {
    caseId: ctx.caseId,
    kind: input.kind ?? 'embargo_changed',
    actorId: ctx.actorId,
    userIds,
    title: input.title,
    body: input.reason ?? '',
    vars: {
      embargo_end: input.end ? utcText(input.end) : '',
      event: input.event,
      reason: input.reason ?? '',
      ...input.vars,
    },
    publicUrl: ctx.publicUrl,
  });
}
