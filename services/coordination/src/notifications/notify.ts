// Telling people about a change: a notification row for each recipient and an email through the outbox,
// both in the caller's transaction. The actor is not told about their own change, and users who muted the
// case hear nothing about it.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@cvdp/core';
import { type Tx, groupMembers, users } from '@cvdp/server-kit';
import { caseAssignments } from '../assignments/tables.ts';
import { caseParticipants, caseUserStates, cases } from '../cases/tables.ts';
import { queueEmails } from '../email/outbox.ts';
import { notifications } from './tables.ts';

export interface NotifyInput {
  caseId: number | null;
  /** The thread it is about, if any: the notification is then shown only while the user may read it. */
  threadId?: number | null;
  kind: NotificationKind;
  actorId: number | null;
  /** Users to tell (duplicates are fine). */
  userIds: number[];
  /** One line shown in the app, e.g. "Ana added you to case #12 as vendor". */
  title: string;
  body?: string;
  /** Template variables beyond recipient_name, case_id, case_title, case_link, actor_name, site_name. */
  vars?: Record<string, string>;
  /** CVDP_PUBLIC_URL, for absolute links in emails ('' gives relative ones). */
  publicUrl?: string;
}

export const caseLink = (caseId: number, publicUrl = '') => `${publicUrl}/cvdp/cases/${caseId}`;

/** Users behind some participant rows of a case (group members included), or behind all of them. */
export async function participantUserIds(
  tx: Tx,
  caseId: number,
  participantIds?: number[],
): Promise<number[]> {
  const where = and(
    eq(caseParticipants.caseId, caseId),
    participantIds ? inArray(caseParticipants.id, participantIds.length ? participantIds : [0]) : undefined,
  );
  const rows = await tx
    .select({ userId: caseParticipants.userId, groupId: caseParticipants.groupId })
    .from(caseParticipants)
    .where(where);
  const ids = new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
  const groupIds = rows.flatMap((r) => (r.groupId ? [r.groupId] : []));
  if (groupIds.length) {
    const members = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(inArray(groupMembers.groupId, groupIds));
    for (const m of members) ids.add(m.userId);
  }
  return [...ids];
}

/**
 * The staff who follow a case: coordinators assigned to it (not unassigned) and staff among its owners
 * (users behind owner rows, group members included) — told about what participants do in it.
 */
export async function caseStaffUserIds(tx: Tx, caseId: number): Promise<number[]> {
  const assigned = await tx
    .select({ id: caseAssignments.userId })
    .from(caseAssignments)
    .where(and(eq(caseAssignments.caseId, caseId), isNull(caseAssignments.unassignedAt)));
  const owners = await tx
    .select({ id: caseParticipants.id })
    .from(caseParticipants)
    .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'owner')));
  const candidates = [
    ...assigned.map((a) => a.id),
    ...(owners.length
      ? await participantUserIds(
          tx,
          caseId,
          owners.map((o) => o.id),
        )
      : []),
  ];
  if (candidates.length === 0) return [];
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, candidates), sql`${users.roles} && array['coordinator', 'admin']::text[]`));
  return staff.map((s) => s.id);
}

/** Writes the notifications and queues the emails; returns the users told. */
export async function notify(tx: Tx, input: NotifyInput): Promise<number[]> {
  let recipients = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
  if (recipients.length === 0) return [];
  if (input.caseId !== null) {
    const muted = await tx
      .select({ userId: caseUserStates.userId })
      .from(caseUserStates)
      .where(
        and(
          eq(caseUserStates.caseId, input.caseId),
          eq(caseUserStates.muted, true),
          inArray(caseUserStates.userId, recipients),
        ),
      );
    const mutedIds = new Set(muted.map((m) => m.userId));
    recipients = recipients.filter((id) => !mutedIds.has(id));
  }
  // Only active, approved accounts are told anything.
  const people = recipients.length
    ? await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(inArray(users.id, recipients), eq(users.isActive, true), eq(users.pending, false)))
    : [];
  if (people.length === 0) return [];
  const [theCase] =
    input.caseId !== null
      ? await tx.select({ title: cases.title }).from(cases).where(eq(cases.id, input.caseId))
      : [];
  const [actor] =
    input.actorId !== null
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, input.actorId))
      : [];
  const link =
    input.caseId !== null ? caseLink(input.caseId, input.publicUrl) : `${input.publicUrl ?? ''}/cvdp/`;
  await tx.insert(notifications).values(
    people.map((p) => ({
      userId: p.id,
      caseId: input.caseId,
      threadId: input.threadId ?? null,
      actorId: input.actorId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.caseId !== null ? `/cvdp/cases/${input.caseId}` : '/cvdp/',
    })),
  );
  await queueEmails(
    tx,
    people.map((p) => ({
      to: p.email,
      toName: p.name,
      kind: input.kind,
      caseId: input.caseId,
      vars: {
        recipient_name: p.name,
        case_id: input.caseId !== null ? String(input.caseId) : '',
        case_title: theCase?.title ?? '',
        case_link: link,
        actor_name: actor?.name ?? 'CVDP',
        site_name: 'CVDP',
        ...input.vars,
      },
    })),
  );
  return people.map((p) => p.id);
}
