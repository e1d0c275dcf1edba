// Reading and marking the caller's notifications. Which rows are the caller's is one condition (`mine`):
// their own rows, about a case they may still see — and a thread they may still read — (composed by app.ts
// from the policy's notification.read, so a participant removed from a case or a thread stops seeing its
// title or subject at once, whatever removed them) or about no case at all.
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationKind } from '@cvdp/core';
import type { Db } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { notifications } from './tables.ts';

/** The caller's own notifications that they may see; `visible` is the policy's filter for them. */
export const mine = (userId: number, visible: SQL | undefined): SQL =>
  and(eq(notifications.userId, userId), visible ? or(isNull(notifications.caseId), visible) : undefined)!;

const unread = isNull(notifications.readAt);

export async function countNotifications(db: Db, where: SQL, onlyUnread: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(where, onlyUnread ? unread : undefined));
  return row.n;
}

export async function listNotifications(
  db: Db,
  where: SQL,
  onlyUnread: boolean,
  limit: number,
  offset: number,
): Promise<Notification[]> {
  const rows = await db
    .select({ n: notifications, caseTitle: cases.title })
    .from(notifications)
    .leftJoin(cases, eq(cases.id, notifications.caseId))
    .where(and(where, onlyUnread ? unread : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ n, caseTitle }) => ({
    id: n.id,
    case: n.caseId,
    case_title: caseTitle,
    kind: n.kind as NotificationKind,
    title: n.title,
    body: n.body,
    link: n.link,
    created: n.createdAt.toISOString(),
    read: n.readAt !== null,
  }));
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
