// A page of the case list with what its rows show, in one statement — and, as prepared statements one per
// shape, every list but most of staff's word searches and "my cases" (readCasePage), so that neither this
// process nor PostgreSQL builds or plans the same SQL again on every request.
//
// Measured at 10,000 cases (bench/README.md, issue 30): building a vendor's page with drizzle took ~0.9 ms of
// this process's CPU, and PostgreSQL spent 1.3 ms planning it for 0.8 ms of execution; prepared, the
// statement ran 3–4 times as often per second of the database's CPU (pgbench, generic plan).
import { type AnyColumn, type DriverValueDecoder, type Placeholder, sql, type SQL } from 'drizzle-orm';
import {
  type AuthUser,
  type Db,
  groups,
  isStaff,
  preparedOnce,
  preparedWindow,
  sqlNumber,
  users,
} from '@cvdp/server-kit';
import { type ListCaller, callerOf, preparedCaller } from '../policy/index.ts';
import { roleRows } from '../policy/rules.ts';
import { caseParticipants } from './tables.ts';
import {
  type CaseListFilter,
  DEFAULT_CASE_ORDERING,
  OWNED_WALK_PER_ROW,
  cappedCountInPage,
  caseCountInPage,
  listCases,
  orderBy,
  readsFewOwned,
  walksDenseMatches,
  walksOwnedPrefix,
} from './store.ts';

/**
 * A selected expression whose columns keep their table names. drizzle writes the columns of a one-table
 * select's fields bare ("id", not "page"."id"), which inside a correlated subquery would name the subquery's
 * own tables; it does so for the field's top-level pieces only, so the expression goes one level down
 * (keeping its decoder: the embargo end is read as a Date).
 */
function inSubquery<T>(expression: SQL<T>): SQL<T> {
  const { decoder } = expression as unknown as { decoder: DriverValueDecoder<T, unknown> };
  return sql<T>`${expression}`.mapWith(decoder);
}

/** What other domains show in a row of the case list: expressions over the row's case id. */
export interface CaseListColumns {
  /** Whether the case waits for the caller's vendor status (vendor-status). */
  awaitingMyStatus: (caller: ListCaller, caseId: AnyColumn) => SQL<boolean>;
  /** The end of the case's holding embargo, or null (embargo). */
  embargoEnds: (caseId: AnyColumn) => SQL<Date | null>;
}

/**
 * A page of the case list with everything its rows show: the owners' names, the caller's roles, and the
 * other domains' columns. One statement: the page (listCases) is a subquery and the rest are correlated
 * subqueries evaluated for its rows only — before, they were four more round trips per page, and under fifty
 * clients a list request's cost is mostly its statements (bench/README.md "Where a list request's CPU goes").
 * The outer ORDER BY repeats the page's, over its twenty-odd rows.
 */
export function listCasePage(
  db: Db,
  caller: ListCaller,
  f: CaseListFilter,
  limit: number | Placeholder,
  offset: number | Placeholder,
  columns: CaseListColumns,
  total: SQL<number> = sql<number>`null`,
  /** "My cases" read from this long a prefix of the ordering (listCases). */
  walk?: number,
) {
  const page = listCases(db, caller, f, limit, offset, walk).as('page');
  return db
    .select({
      // The list's count (caseCountInPage) on every row, evaluated once (an uncorrelated subquery): the page
      // and its count in one round trip. Null when the caller counted first.
      total: inSubquery(total),
      id: page.id,
      title: page.title,
      status: page.status,
      tags: page.tags,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      // Users and groups with the owner role, in the order they were added.
      owners: inSubquery(sql<
        string[]
      >`array(select coalesce(${users.name}, ${groups.name}) from ${caseParticipants}
          left join ${users} on ${users.id} = ${caseParticipants.userId}
          left join ${groups} on ${groups.id} = ${caseParticipants.groupId}
          where ${caseParticipants.caseId} = ${page.id} and ${caseParticipants.role} = 'owner'
            and coalesce(${users.name}, ${groups.name}) is not null
          order by ${caseParticipants.id})`),
      // The roles the caller holds in the case, directly or through a group.
      roles: inSubquery(sql<
        string[]
      >`array(select distinct ${caseParticipants.role}::text from ${caseParticipants}
          where ${caseParticipants.caseId} = ${page.id} and ${roleRows(caller, 'any')})`),
      awaitingMyStatus: inSubquery(columns.awaitingMyStatus(caller, page.id)),
      embargoEnds: inSubquery(columns.embargoEnds(page.id)),
    })
    .from(page)
    .orderBy(
      ...orderBy(f.ordering, {
        id: page.id,
        title: page.title,
        status: page.status,
        created: page.createdAt,
        updated: page.updatedAt,
      }),
    );
}

/** The page's rows as listCasePage reads them, `total` being the list's count (caseCountInPage). */
export type CaseListPageRow = Awaited<ReturnType<ReturnType<typeof listCasePage>['execute']>>[number];

/** Where the page starts and ends. */
export interface PageWindow {
  limit: number;
  offset: number;
  /**
   * A word search's or "my cases"' count stops past this (paginateCapped's countBound): the page's `total` is
   * then at most bound + 1.
   */
  bound?: number;
}

/**
 * A page of the list with its count on every row, as a prepared statement named by its shape — staff or not,
 * groups or not, the statuses and tag filters present, the ordering; for a caller who is not staff also words
 * and "my cases" — whose parameters are the values. Its plan does not depend on who asks: staff's lists have no
 * condition on the caller, and anyone else's are driven by their own cases (cases/store.ts,
 * `amongCallersCases`), whatever plan PostgreSQL keeps. The count is exact (caseCountInPage), or for a word
 * search or "my cases" capped past `window.bound` (cappedCountInPage).
 *
 * Staff's word searches and "my cases" count first instead (countCasesUpTo), and are planned for each request:
 * their plans depend on the words (common words are read from the table's first pages) and on the owner ("my
 * cases" prepared as such took a coordinator owning 10,000 of a million cases from 7.5 to 160 ms, its generic
 * plan hashing and sorting every owned case). The exceptions are prepared: past the cap, along an indexed
 * ordering, a dense word search (walksDenseMatches) and the first page of "my cases" (walksOwnedPrefix), read
 * from the ordering's first cases — if those hold too few of the owner's cases, that page is planned after all;
 * and "my cases" within the cap (readsFewOwned), read from the owner's cases by id. A list with a higher
 * domain's filter (`where`: the embargo's ends-before) is planned.
 */
export async function readCasePage(
  db: Db,
  user: AuthUser,
  f: CaseListFilter,
  window: PageWindow,
  columns: CaseListColumns,
): Promise<CaseListPageRow[]> {
  const capped = Boolean(f.query || f.owned);
  // Staff's dense word search along an indexed ordering: counted first, its page's plan fixed (walksDenseMatches).
  const dense = isStaff(user) && walksDenseMatches(f);
  // Staff's "my cases" past the cap: counted first, its first page read from the ordering's first cases.
  const walk = isStaff(user) && walksOwnedPrefix(f);
  // Staff's "my cases" within the cap: counted first, its page read from the owner's cases by id.
  const few = isStaff(user) && readsFewOwned(f);
  if (capped && !dense && !walk && !few && (isStaff(user) || f.where || window.bound === undefined))
    throw new Error('readCasePage: staff word searches and my cases count first (countCasesUpTo).');
  if (f.where) {
    const caller = callerOf(user);
    return listCasePage(db, caller, f, window.limit, window.offset, columns, caseCountInPage(db, caller, f));
  }
  // The first page of the desk's size is written into the SQL, so that PostgreSQL keeps a generic plan.
  const w = preparedWindow(window.limit, window.offset);
  // "My cases" beyond the first page, or not found among the first cases: planned for this request.
  const planned = () => listCasePage(db, callerOf(user), f, window.limit, window.offset, columns);
  if (walk && !w.suffix) return planned();
  const shape = {
    staff: isStaff(user),
    groups: user.groupIds.length > 0,
    words: Boolean(f.query),
    dense,
    walk,
    few,
    owned: Boolean(f.owned),
    statuses: Array.isArray(f.status) && f.status.length > 0,
    // An empty tag is no filter (listConditions), so it is not a tag shape either.
    tag: Boolean(f.tag),
    ordering: f.ordering ?? DEFAULT_CASE_ORDERING,
  };
  const name = [
    'case_list',
    shape.staff && 'staff',
    shape.groups && 'groups',
    shape.words && 'words',
    shape.dense && 'dense',
    shape.walk && 'walk',
    shape.few && 'few',
    shape.owned && 'owned',
    shape.statuses && 'status',
    shape.tag && 'tag',
    shape.ordering.replace('-', 'desc_'),
  ]
    .filter(Boolean)
    .join('_')
    // The name fixes every literal written into the SQL: the first page's count bound too.
    .concat(w.suffix, w.suffix && window.bound !== undefined ? `c${window.bound + 1}` : '');
  const statement = preparedOnce(db, name, () => {
    // Opaque ids: the plan is the same whoever asks, so PostgreSQL may keep it (PreparedCaller's `opaque`).
    const caller = preparedCaller(shape, true);
    const filter: CaseListFilter = {
      query: shape.words ? sql.placeholder('query') : undefined,
      dense: shape.dense,
      owned: shape.owned,
      ownedById: shape.few,
      status: shape.statuses ? sql.placeholder('status') : undefined,
      tag: shape.tag ? sql.placeholder('tag') : undefined,
      ordering: shape.ordering,
    };
    const total =
      shape.dense || shape.walk || shape.few
        ? undefined // counted first (countCasesUpTo)
        : shape.words || shape.owned
          ? cappedCountInPage(
              db,
              caller,
              filter,
              // The first page's count bound is that page's, the same on every run.
              w.suffix && window.bound !== undefined
                ? sqlNumber(window.bound + 1)
                : sql.placeholder('countUpTo'),
            )
          : caseCountInPage(db, caller, filter);
    const prefix = shape.walk ? OWNED_WALK_PER_ROW * window.limit : undefined;
    return listCasePage(db, caller, filter, w.limit, w.offset, columns, total, prefix).prepare(name);
  });
  const rows = await statement.execute({
    userId: user.id,
    groupIds: [...user.groupIds],
    query: f.query,
    status: f.status,
    tag: f.tag || undefined,
    countUpTo: window.bound === undefined ? undefined : window.bound + 1,
    limit: window.limit,
    offset: window.offset,
  });
  return walk && rows.length < window.limit ? planned() : rows;
}
