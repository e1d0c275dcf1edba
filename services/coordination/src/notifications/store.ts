// Reading and marking the caller's notifications. Which rows are the caller's is one condition (`mine`):
// their own rows, about a case they may still see — and a thread they may still read — (composed by app.ts
// from the policy's notification.read, so a participant removed from a case or a thread stops seeing its
// title or subject at once, whatever removed them) or about no case at all.
import { and, count, eq, inArray, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type {
  ActionItem,
  ActionKind,
  ConversationEmailMode,
  Notification,
  NotificationKind,
  ThreadFollowMode,
} from '@cvdp/core';
import { UNREAD_COUNT_CAP } from '@cvdp/core';
import { type Db, type Tx, recordActivity } from '@cvdp/server-kit';
import { actionItems, notificationPreferences, notifications, threadFollows } from './tables.ts';

/** The caller's own notifications that they may see; `visible` is the policy's filter for them. */
export const mine = (userId: number | Placeholder, visible: SQL | undefined): SQL =>
  and(eq(notifications.userId, userId), visible ? or(isNull(notifications.caseId), visible) : undefined)!;

export const unread = isNull(notifications.readAt);

/**
 * The caller's notifications (or only the unread) counted up to `bound` + 1: the count stops there, so the
 * bell's page costs what its rows cost however many read rows pile up (a count over every row through the
 * policy's filter was the slow part of the menu at 10,000 rows). Same `where` as the list: what the list
 * would not show is never counted.
 */
export async function countNotificationsUpTo(
  db: Db,
  where: SQL,
  onlyUnread: boolean,
  bound: number,
): Promise<number> {
  const matches = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(where, onlyUnread ? unread : undefined))
    .limit(bound + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row.n;
}

/** The unread count as the API gives it: capped at UNREAD_COUNT_CAP (`capped` says it went past). */
export async function unreadCount(db: Db, where: SQL): Promise<{ count: number; capped: boolean }> {
  const n = await countNotificationsUpTo(db, where, true, UNREAD_COUNT_CAP);
  return { count: Math.min(n, UNREAD_COUNT_CAP), capped: n > UNREAD_COUNT_CAP };
}

export function notificationOf(n: typeof notifications.$inferSelect, caseTitle: string | null): Notification {
  return {
    id: n.id,
    case: n.caseId,
    case_title: caseTitle,
    kind: n.kind as NotificationKind,
    thread: n.threadId,
    title: n.title,
    body: n.body,
    link: n.link,
    created: n.createdAt.toISOString(),
    read: n.readAt !== null,
    count: n.eventCount,
  };
}

/** Marks the caller's unread notifications read (these ids, or all); returns how many changed. */
export async function markRead(db: Db, where: SQL, ids: number[] | 'all'): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(where, unread, ids === 'all' ? undefined : inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return changed.length;
}

// --- Action needed ---------------------------------------------------------------------------------------

/** The caller's open requests that they may see; `visible` is the policy's filter (action.read). */
export const myActions = (userId: number | Placeholder, visible: SQL | undefined): SQL =>
  and(
    eq(actionItems.userId, userId),
    isNull(actionItems.resolvedAt),
    visible ? or(isNull(actionItems.caseId), visible) : undefined,
  )!;

/** An Action-needed row as the API gives it. */
export function actionOf(a: typeof actionItems.$inferSelect, caseTitle: string | null): ActionItem {
  return {
    id: a.id,
    kind: a.kind as ActionKind,
    case: a.caseId,
    case_title: caseTitle,
    title: a.title,
    link: a.link,
    created: a.createdAt.toISOString(),
  };
}

// --- Preferences and per-thread follow/mute --------------------------------------------------------------

export async function conversationEmailOf(db: Db | Tx, userId: number): Promise<ConversationEmailMode> {
  const [row] = await db
    .select({ mode: notificationPreferences.conversationEmail })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return (row?.mode as ConversationEmailMode | undefined) ?? 'immediate';
}

/** A personal setting: logged without a case id (like muting a case), only when it changes. */
export async function setConversationEmail(db: Db, userId: number, mode: ConversationEmailMode) {
  await db.transaction(async (tx) => {
    const before = await conversationEmailOf(tx, userId);
    if (before === mode) return;
    await tx
      .insert(notificationPreferences)
      .values({ userId, conversationEmail: mode })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { conversationEmail: mode } });
    await recordActivity(tx, {
      actorId: userId,
      caseId: null,
      verb: 'changed conversation email',
      objectType: 'user',
      objectId: userId,
      before: { conversation_email: before },
      after: { conversation_email: mode },
    });
  });
}

export async function threadFollowOf(
  db: Db | Tx,
  userId: number,
  threadId: number,
): Promise<ThreadFollowMode> {
  const [row] = await db
    .select({ mode: threadFollows.mode })
    .from(threadFollows)
    .where(and(eq(threadFollows.userId, userId), eq(threadFollows.threadId, threadId)));
  return (row?.mode as ThreadFollowMode | undefined) ?? 'default';
}

/** 'default' removes the user's choice (the case's mute decides again). Logged like muting a case. */
export async function setThreadFollow(db: Db, userId: number, threadId: number, mode: ThreadFollowMode) {
  await db.transaction(async (tx) => {
    const before = await threadFollowOf(tx, userId, threadId);
    if (before === mode) return;
    const mine = and(eq(threadFollows.userId, userId), eq(threadFollows.threadId, threadId));
    if (mode === 'default') await tx.delete(threadFollows).where(mine);
    else
      await tx
        .insert(threadFollows)
        .values({ userId, threadId, mode })
        .onConflictDoUpdate({ target: [threadFollows.userId, threadFollows.threadId], set: { mode } });
    await recordActivity(tx, {
      actorId: userId,
      caseId: null,
      verb:
        mode === 'mute'
          ? 'muted thread'
          : mode === 'follow'
            ? 'followed thread'
            : 'reset thread notifications',
      objectType: 'thread',
      objectId: threadId,
      before: { mode: before },
      after: { mode },
    });
  });
}
