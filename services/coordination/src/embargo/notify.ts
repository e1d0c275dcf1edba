// Who hears about the embargo, and how. "Please answer this proposal" goes through `askToAnswer` alone
// (notifications are being reworked into grouped "Action needed" ones: that one function is re-pointed);
// every other embargo event tells every participant and the staff following the case (`tellEveryone`).
import type { NotificationKind } from '@cvdp/core';
import type { Tx } from '@cvdp/server-kit';
import { caseStaffUserIds, notify, participantUserIds } from '../notifications/notify.ts';

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
  input: { participantIds: number[]; end: Date; reason: string },
): Promise<number[]> {
  if (input.participantIds.length === 0) return [];
  return notify(tx, {
    caseId: ctx.caseId,
    kind: 'embargo_proposed',
    actorId: ctx.actorId,
    userIds: await participantUserIds(tx, ctx.caseId, input.participantIds),
    title: `${ctx.actorName} proposes an embargo of case #${ctx.caseId} until ${utcText(input.end)}: please answer`,
    body: input.reason,
    vars: { embargo_end: utcText(input.end), reason: input.reason },
    publicUrl: ctx.publicUrl,
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
