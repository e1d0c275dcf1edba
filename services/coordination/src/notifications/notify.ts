// Telling people about a change: a notification row for each recipient and an email through the outbox,
// both in the caller's transaction. The actor is not told about their own change; users who muted the case
// (and do not follow the thread) or muted the thread hear nothing about it. Events of one thread (or of one
// case) gather in one unread row per person until they read it; conversation is emailed at once or in the
// person's hourly/daily digest (digest.ts).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ConversationEmailMode, NotificationKind } from '@cvdp/core';
import { type Tx, groupMembers, users } from '@cvdp/server-kit';
import { caseAssignments } from '../assignments/tables.ts';
import { caseParticipants, caseUserStates, cases } from '../cases/tables.ts';
import { queueEmails } from '../email/outbox.ts';
import { notificationPreferences, notifications, threadFollows } from './tables.ts';

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
  /** Where it leads in the app (defaults to the case). */
  link?: string;
  /**
   * Gather into the person's unread row of this group ('thread:12', 'case:3') instead of a new row; `title`
   * is used for the first event, the count followed by `afterCount` once there are more ("12" + " new posts…").
   */
  group?: { key: string; afterCount: string };
}

/** Kinds that are conversation: emailed at once or in a digest, as each person chose. */
const CONVERSATION_KINDS: ReadonlySet<string> = new Set(['new_post']);

/**
 * The group of a case-level event: the person's unread row about the case collects them ("3 updates in case
 * #12 — latest: Ana activated it").
 */
export const caseGroup = (caseId: number, latest: string) => ({
  key: `case:${caseId}`,
  afterCount: ` updates in case #${caseId} — latest: ${latest}`,
});

export const threadLink = (caseId: number, threadId: number) =>
  `/cvdp/cases/${caseId}/threads?thread=${threadId}`;

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

/** Active, approved accounts among these users (only they are told anything), with name and address. */
export async function activePeople(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isActive, true), eq(users.pending, false)));
}

/** The template variables every notification email fills in, for one case and actor. */
export async function commonVars(
  tx: Tx,
  caseId: number | null,
  actorId: number | null,
  publicUrl = '',
): Promise<Record<string, string>> {
  const [theCase] =
    caseId !== null ? await tx.select({ title: cases.title }).from(cases).where(eq(cases.id, caseId)) : [];
  const [actor] =
    actorId !== null ? await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)) : [];
  return {
    case_id: caseId !== null ? String(caseId) : '',
    case_title: theCase?.title ?? '',
    case_link: caseId !== null ? caseLink(caseId, publicUrl) : `${publicUrl}/cvdp/`,
    actor_name: actor?.name ?? 'CVDP',
    site_name: 'CVDP',
  };
}

/** Of these users, those who want conversation in a digest rather than at once. */
async function digestReaders(tx: Tx, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ userId: notificationPreferences.userId, mode: notificationPreferences.conversationEmail })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, ids));
  return new Set(rows.filter((r) => (r.mode as ConversationEmailMode) !== 'immediate').map((r) => r.userId));
}

/**
 * Who among the recipients hears about it: not those who muted the thread; not those who muted the case,
 * unless they follow the thread.
 */
async function audible(tx: Tx, input: NotifyInput, recipients: number[]): Promise<number[]> {
  const follows = new Map<number, string>();
  if (input.threadId) {
    const rows = await tx
      .select({ userId: threadFollows.userId, mode: threadFollows.mode })
      .from(threadFollows)
      .where(and(eq(threadFollows.threadId, input.threadId), inArray(threadFollows.userId, recipients)));
    for (const r of rows) follows.set(r.userId, r.mode);
  }
  let mutedCase = new Set<number>();
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
    mutedCase = new Set(muted.map((m) => m.userId));
  }
  return recipients.filter((id) => {
    const mode = follows.get(id);
    if (mode === 'mute') return false;
    return mode === 'follow' || !mutedCase.has(id);
  });
}

/** Writes the notifications (gathered into unread rows of a group) and queues the emails; returns the users told. */
export async function notify(tx: Tx, input: NotifyInput): Promise<number[]> {
  let recipients = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
  if (recipients.length === 0) return [];
  recipients = await audible(tx, input, recipients);
  const people = await activePeople(tx, recipients);
  if (people.length === 0) return [];
  const link = input.link ?? (input.caseId !== null ? `/cvdp/cases/${input.caseId}` : '/cvdp/');
  const insert = tx.insert(notifications).values(
    people.map((p) => ({
      userId: p.id,
      caseId: input.caseId,
      threadId: input.threadId ?? null,
      actorId: input.actorId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link,
      groupKey: input.group?.key ?? null,
    })),
  );
  if (input.group) {
    // The person's unread row of the group takes the event: one more, the latest actor, title and time.
    await insert.onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
      set: {
        eventCount: sql`${notifications.eventCount} + 1`,
        actorId: sql`excluded.actor_id`,
        kind: sql`excluded.kind`,
        title: sql`(${notifications.eventCount} + 1)::text || ${input.group.afterCount}::text`,
        body: sql`excluded.body`,
        createdAt: sql`excluded.created_at`,
      },
    });
  } else {
    await insert;
  }
  const byDigest = CONVERSATION_KINDS.has(input.kind)
    ? await digestReaders(
        tx,
        people.map((p) => p.id),
      )
    : new Set<number>();
  const common = await commonVars(tx, input.caseId, input.actorId, input.publicUrl);
  await queueEmails(
    tx,
    people
      .filter((p) => !byDigest.has(p.id))
      .map((p) => ({
        to: p.email,
        toName: p.name,
        kind: input.kind,
        caseId: input.caseId,
        vars: { recipient_name: p.name, ...common, ...input.vars },
      })),
  );
  return people.map((p) => p.id);
}
