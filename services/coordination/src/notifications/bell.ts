// The bell (GET /api/case/notifications/): a page of the caller's notifications and its three counts — the
// list's, the unread and Action needed — in one prepared statement. The web app's bell asks every minute on
// every open page, so this is the platform's most frequent signed-in read. Action needed
// (GET /api/case/notifications/actions/, the desk's list) is read the same way: its page and count together.
//
// Why one prepared statement: four statements (a count, the page, the unread count, the action count) each
// paid a round trip and a plan — about 0.6 ms of planning apiece for the policy's filter — and the bell cost
// 7 ms where Action needed cost 2 (bench/README.md, issue 26). The counts are uncorrelated scalar subqueries,
// which PostgreSQL runs once (InitPlans) beside the page. The statement is prepared once per shape of caller
// (staff or not, with groups or not: the policy's filter differs in form, not only in values) and list (all
// or unread), so a connection plans it once; the caller's ids, the page and the cap are its parameters.
import { and, desc, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { ActionItem, Notification } from '@cvdp/core';
import { UNREAD_COUNT_CAP } from '@cvdp/core';
import { type AuthUser, type Db, preparedOnce } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { actionOf, mine, myActions, notificationOf, unread } from './store.ts';
import { actionItems, notifications } from './tables.ts';

/** What fixes the policy's filter in a prepared statement (its values are the placeholders). */
export interface BellShape {
  staff: boolean;
  groups: boolean;
}

/**
 * The policy's filters for a caller of this shape with their ids as the placeholders `userId` and `groupIds`
 * (notification.read and action.read; app.ts composes them — the policy sits above this domain).
 */
export type BellFilters = (shape: BellShape) => { visible: SQL | undefined; actionsVisible: SQL | undefined };

interface PageQuery {
  user: AuthUser;
  shape: BellShape;
  limit: number;
  offset: number;
}

export interface BellQuery extends PageQuery {
  onlyUnread: boolean;
  /** Where the list's count stops (paginateCapped's bound, countBound). */
  bound: number;
}

export interface BellRead {
  results: Notification[];
  /** The list's matches counted up to `bound` + 1. */
  listCount: number;
  /** The unread counted up to UNREAD_COUNT_CAP + 1. */
  unreadCount: number;
  actionCount: number;
}

/** A count of `where`'s notifications that stops at `limit` rows (bound + 1). */
const countUpToSql = (where: SQL, limit: Placeholder | number) =>
  sql<number>`(select count(*) from (select 1 from ${notifications} where ${where} limit ${limit}) as up_to)`.mapWith(
    Number,
  );

function prepareBell(db: Db, filters: ReturnType<BellFilters>, onlyUnread: boolean, name: string) {
  const where = mine(sql.placeholder('userId'), filters.visible);
  const unreadWhere = and(where, unread)!;
  const listWhere = onlyUnread ? unreadWhere : where;
  const counts = {
    // With ?unread=1 the list *is* the unread: one count, up to the larger of the two caps, answers both.
    listCount: countUpToSql(listWhere, sql.placeholder('countLimit')),
    unreadCount: onlyUnread ? sql<number>`null` : countUpToSql(unreadWhere, UNREAD_COUNT_CAP + 1),
    actionCount: sql<number>`(select count(*) from ${actionItems} where ${myActions(
      sql.placeholder('userId'),
      filters.actionsVisible,
    )})`.mapWith(Number),
  };
  const page = db
    .select({ n: notifications, caseTitle: cases.title, ...counts })
    .from(notifications)
    .leftJoin(cases, eq(cases.id, notifications.caseId))
    .where(listWhere)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
  // A page with no rows (an empty list, a page past the end) carries no counts: they are then read alone.
  const countsAlone = db
    .select(counts)
    .from(sql`(select 1) as one`)
    .prepare(`${name}_counts`);
  return { page, countsAlone };
}

const shapeName = (shape: BellShape) => `${shape.staff ? '_staff' : ''}${shape.groups ? '_groups' : ''}`;

function bellStatements(db: Db, filters: BellFilters, shape: BellShape, onlyUnread: boolean) {
  const name = `bell${shapeName(shape)}${onlyUnread ? '_unread' : ''}`;
  return preparedOnce(db, name, () => prepareBell(db, filters(shape), onlyUnread, name));
}

/** The bell's page and its counts: one statement (two when the page has no rows). */
export async function readBell(db: Db, filters: BellFilters, q: BellQuery): Promise<BellRead> {
  const { page, countsAlone } = bellStatements(db, filters, q.shape, q.onlyUnread);
  const params = {
    userId: q.user.id,
    groupIds: [...q.user.groupIds],
    limit: q.limit,
    offset: q.offset,
    countLimit: (q.onlyUnread ? Math.max(q.bound, UNREAD_COUNT_CAP) : q.bound) + 1,
  };
  const rows = await page.execute(params);
  const [found] = rows.length > 0 ? rows : await countsAlone.execute(params);
  return {
    results: rows.map(({ n, caseTitle }) => notificationOf(n, caseTitle)),
    listCount: found.listCount,
    unreadCount: q.onlyUnread ? found.listCount : found.unreadCount,
    actionCount: found.actionCount,
  };
}

/** Action needed's page with its count on each row (`count(*)`, an InitPlan run once), as a statement. */
function prepareActions(db: Db, filters: ReturnType<BellFilters>, name: string) {
  const where = myActions(sql.placeholder('userId'), filters.actionsVisible);
  return db
    .select({
      a: actionItems,
      caseTitle: cases.title,
      count: sql<number>`(select count(*) from ${actionItems} where ${where})`.mapWith(Number),
    })
    .from(actionItems)
    .leftJoin(cases, eq(cases.id, actionItems.caseId))
    .where(where)
    .orderBy(desc(actionItems.createdAt), desc(actionItems.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

/**
 * A page of the caller's open requests and how many there are, in one statement. A page with no rows carries
 * no count: page 1 is then an empty list (count 0), a later page is past the end (pageFrom).
 */
export async function readActions(
  db: Db,
  filters: BellFilters,
  q: PageQuery,
): Promise<{ results: ActionItem[]; count: number }> {
  const name = `actions${shapeName(q.shape)}`;
  const statement = preparedOnce(db, name, () => prepareActions(db, filters(q.shape), name));
  const rows = await statement.execute({
    userId: q.user.id,
    groupIds: [...q.user.groupIds],
    limit: q.limit,
    offset: q.offset,
  });
  return { results: rows.map(({ a, caseTitle }) => actionOf(a, caseTitle)), count: rows[0]?.count ?? 0 };
}
