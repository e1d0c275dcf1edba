// The cases domain's queries: the case lists (all visible, owned, triage), the case update with its status
// transitions, who has seen a case, and the resolution catalogue.
//
// The lists must stay fast at 100,000 cases for a coordinator who sees all of them and for a vendor who
// sees 50: visibility is the policy's `case.read` filter (an EXISTS over case_participants that PostgreSQL
// drives from the (user_id, case_id) / (group_id, case_id) indexes), words go through search_entries' GIN
// index, status and dates through cases' own indexes; owners' names and the caller's roles are loaded for
// the one page of rows only.
import {
  type AnyColumn,
  Placeholder,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  is as isInstance,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { resolveActionNeeded } from '../notifications/actions.ts';
import {
  CASE_ROLE_ORDER,
  CASE_STATUS,
  type CaseRole,
  type CaseUpdate,
  CLOSE_NEEDS_RESOLUTION,
  type TriageQuality,
  caseStatusLabel,
} from '@cvdp/core';
import {
  COUNT_CAP,
  type Db,
  HttpError,
  LargeCounts,
  type Tx,
  groups,
  recordActivity,
  sqlNumber,
  users,
} from '@cvdp/server-kit';
import {
  type Caller,
  type CaseAccess,
  type ListCaller,
  filter,
  filterBeyondCaseRead,
} from '../policy/index.ts';
import { holdsRole, roleRows } from '../policy/rules.ts';
import { searchEntries } from '../search/tables.ts';
import { denseScanBound, wordsRowByRow } from './common-words.ts';
import { caseParticipants, caseStatusCounts, caseUserStates, cases, resolutionOptions } from './tables.ts';
import { heldReports } from '../held/tables.ts';

export type CaseRow = typeof cases.$inferSelect;

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/**
 * Cases with an entry (title/summary, a report, a post…) matching the words; uses search_entries' GIN index.
 * `visible`: what an entry must pass besides its case's case.read for the caller to find the case by it
 * (entriesVisibleTo); none for staff, who read every entry.
 */
export const matchesWords = (words: string | Placeholder, visible?: SQL): SQL =>
  sql`${cases.id} in (select ${searchEntries.caseId} from ${searchEntries} where ${searchEntries.tsv} @@ plainto_tsquery('english', ${words})${andAlso(visible)})`;

/**
 * The same condition probed case by case: a correlated EXISTS over search_entries_case_idx that PostgreSQL
 * cannot turn into a join (`offset 0`), so a page walking an ordering index stops after its rows instead of
 * first collecting every matching entry. Cheap only when matches are dense (listCases' `dense`). The words
 * are parsed once (a sub-select), not once per case probed: prepared with the words a parameter, the
 * statement's generic plan then costs what a plan for the given words costs, and PostgreSQL keeps it.
 */
const probesWords = (words: string | Placeholder, visible?: SQL): SQL =>
  sql`exists (select 1 from ${searchEntries} where ${searchEntries.caseId} = ${cases.id} and ${searchEntries.tsv} @@ (select plainto_tsquery('english', ${words}))${andAlso(visible)} offset 0)`;

const andAlso = (condition?: SQL) => (condition ? sql` and ${condition}` : sql``);

/**
 * The search entries by which the caller may find a case they may read: the policy's `search.read` beyond
 * case.read — a post of a restricted thread only for the thread's readers, so that a word said only there never
 * lists (or counts) the case for anyone else. Undefined for staff.
 */
const entriesVisibleTo = (caller: ListCaller) => filterBeyondCaseRead('search.read', caller);

export interface CaseListFilter {
  /** The words, or a prepared statement's placeholder for them (list-page.ts: lists of callers not staff). */
  query?: string | Placeholder;
  /** A word search matched more than the count's cap (countCasesUpTo): probe words along the ordering. */
  dense?: boolean;
  /** The statuses, or a prepared statement's placeholder for them (an int array: list-page.ts). */
  status?: number[] | Placeholder;
  owned?: boolean;
  /** "My cases" read from the owner's rows by id (readsFewOwned), not checked case by case. */
  ownedById?: boolean;
  /** A tag, or a prepared statement's placeholder for it. */
  tag?: string | Placeholder;
  ordering?: string;
  /** A condition from a higher domain (the embargo's ends-before filter). */
  where?: SQL;
}

/** Orderings read off an index (cases_updated_idx, the primary key): a page walks them and stops. */
const INDEXED_ORDERINGS = new Set(['-updated', 'updated', 'id', '-id']);

/**
 * A staff word search whose matches are dense (`dense`) along an indexed ordering: its page walks the
 * ordering and probes the words case by case (listCases), a plan the values never change — so it is
 * prepared (list-page.ts, readCasePage).
 */
export const walksDenseMatches = (f: CaseListFilter) =>
  Boolean(
    f.dense && f.query && !f.owned && !f.where && INDEXED_ORDERINGS.has(f.ordering ?? DEFAULT_CASE_ORDERING),
  );

/**
 * Staff's "my cases" whose count passed the cap, along an indexed ordering: its first page is read from a
 * bounded prefix of the ordering (listCases' `walk`), a plan no owner changes — so it is prepared (list-page.ts,
 * readCasePage). Planned for each request, the page cost PostgreSQL 1 ms of planning for 1.5 ms of walking at
 * a million cases; prepared with the owner as a parameter, its generic plan hashed and sorted every owned case
 * (160 ms for 10,000; bench/README.md, issue 30).
 */
export const walksOwnedPrefix = (f: CaseListFilter) =>
  Boolean(
    f.dense && f.owned && !f.query && !f.where && INDEXED_ORDERINGS.has(f.ordering ?? DEFAULT_CASE_ORDERING),
  );

/**
 * How far "my cases"' walk reads along the ordering: this many cases per case of the page (offset + limit), so
 * an owner holding at least one case in this many finds the page within it. An owner holding fewer reads that
 * far and then has the page planned (readCasePage): 2,000 cases for the first page, about 1.5 ms at a million.
 */
export const OWNED_WALK_PER_ROW = 100;

/**
 * `column` is one of the statuses (none given: no condition). `opaque`: a placeholder's statuses in a
 * sub-select, where no plan sees them — so a custom plan is priced as the generic one is, and PostgreSQL keeps
 * the generic plan (readsFewOwned's page: knowing "0 or 1" made each custom plan look cheaper, and every request
 * was planned again).
 */
function statusIn(
  column: AnyColumn,
  status: number[] | Placeholder | undefined,
  opaque = false,
): SQL | undefined {
  if (isInstance(status, Placeholder))
    return opaque
      ? sql`${column} = any((select ${status}::int[])::int[])`
      : sql`${column} = any(${status}::int[])`;
  return Array.isArray(status) && status.length ? inArray(column, status) : undefined;
}

/**
 * The cases a caller who is not staff takes part in, as `cases.id = any(array(…))`: the same cases the policy's
 * `case.read` lets them see (the policy's filter stays beside it, the rule), read first from their own and
 * their groups' participant rows. Their lists and word searches are then driven by that caller's cases,
 * whatever the desk holds. Without it the planner guessed from an average vendor's share (2,700 of a million
 * cases): it walked the whole `cases_updated_idx` probing each case for a vendor in 50 (2.5 s a page at
 * 1,000,000), and a word search's count read every match of a common word (seconds; bench/README.md, issue
 * 30). An array's size is unknown to the planner, so it reads the caller's cases by id.
 */
export function amongCallersCases(
  caller: ListCaller,
  caseId: AnyColumn = cases.id,
  roles: readonly CaseRole[] | 'any' = 'any',
): SQL {
  return sql`${caseId} = any(array(select ${caseParticipants.caseId} from ${caseParticipants} where ${roleRows(caller, roles)}))`;
}

/**
 * Staff's "my cases" counted at most the cap (`dense` false after countCasesUpTo): the page reads the owner's
 * cases by id (`amongCallersCases` with the owner role), at most a thousand, then filters and sorts them — a
 * plan no owner changes, so it is prepared (list-page.ts, readCasePage). Planned for each request, it cost 1 ms
 * of planning; at 100,000 cases the desk's coordinators own about a thousand each (bench/README.md, issue 30).
 */
export const readsFewOwned = (f: CaseListFilter) =>
  Boolean(f.owned && f.dense === false && !f.query && !f.where);

function listConditions(caller: ListCaller, f: CaseListFilter, words: 'join' | 'probe' | 'none' = 'join') {
  return and(
    filter('case.read', caller),
    caller.staff ? undefined : amongCallersCases(caller),
    f.query && words !== 'none'
      ? (words === 'probe' ? probesWords : matchesWords)(f.query, entriesVisibleTo(caller))
      : undefined,
    statusIn(cases.status, f.status, f.ownedById),
    f.owned
      ? f.ownedById
        ? amongCallersCases(caller, cases.id, ['owner'])
        : holdsRole(caller, cases.id, ['owner'])
      : undefined,
    f.tag ? sql`${cases.tags} @> array[${f.tag}]::text[]` : undefined,
    f.where,
  );
}

export type OrderColumns = Record<'id' | 'title' | 'status' | 'created' | 'updated', AnyColumn>;

const ORDER_COLUMNS: OrderColumns = {
  id: cases.id,
  title: cases.title,
  status: cases.status,
  created: cases.createdAt,
  updated: cases.updatedAt,
};

/** The default order of GET /api/cases/: most recently updated first. */
export const DEFAULT_CASE_ORDERING = '-updated';

/** The ORDER BY of an ordering, over cases' columns or (for the page's outer query) the page's. */
export function orderBy(ordering = DEFAULT_CASE_ORDERING, columns: OrderColumns = ORDER_COLUMNS): SQL[] {
  const descending = ordering.startsWith('-');
  const column = columns[ordering.replace(/^-/, '') as keyof OrderColumns] ?? columns.updated;
  // The id breaks ties, so pages never overlap or skip rows.
  return column === columns.id
    ? [descending ? desc(columns.id) : asc(columns.id)]
    : descending
      ? [desc(column), desc(columns.id)]
      : [asc(column), asc(columns.id)];
}

/** Cases per status from the trigger-kept counter table (every status when `statuses` is empty). */
function countByStatus(db: Db, statuses: number[] | Placeholder | undefined) {
  return db
    .select({ n: sql<number>`coalesce(sum(${caseStatusCounts.n}), 0)::int` })
    .from(caseStatusCounts)
    .where(statusIn(caseStatusCounts.status, statuses));
}

/** The exact count of the list (no word search, not "my cases"), as a query for the page's statement. */
function exactCount(db: Db, caller: ListCaller, f: CaseListFilter) {
  // Staff see every case: with no filter but status the answer is in case_status_counts, not a scan.
  if (caller.staff && !f.query && !f.owned && !f.tag && !f.where) return countByStatus(db, f.status);
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(cases)
    .where(listConditions(caller, f));
}

/**
 * "My cases" counted up to `bound` + 1 (paginateCapped's cap), from the caller's owner rows in case order, each
 * case once as it streams past (a Group over the owners' index, stopping at the bound). As a semi-join from
 * cases, the planner first hashed all of the owner's rows: 5–7 ms for 10,000 owned cases at a million
 * (bench/README.md, issue 30).
 */
async function countOwnedUpTo(db: Db, caller: Caller, f: CaseListFilter, bound: number) {
  const mine = db
    .select({ caseId: caseParticipants.caseId })
    .from(caseParticipants)
    .innerJoin(cases, eq(cases.id, caseParticipants.caseId))
    .where(and(roleRows(caller, ['owner']), listConditions(caller, { ...f, owned: false })))
    .groupBy(caseParticipants.caseId)
    .orderBy(caseParticipants.caseId)
    .limit(bound + 1)
    .as('mine');
  const [{ n }] = await db.select({ n: count() }).from(mine);
  return n;
}

/**
 * The exact count a page of the list carries in its own statement (listCasePage's `total`): for lists without
 * words and not "my cases". Those count first, up to the cap (countCasesUpTo): a word search's count decides how
 * its page reads the matches (CaseListFilter's `dense`), and "my cases" is often empty — counted alone, its page
 * is then never planned.
 */
export function caseCountInPage(db: Db, caller: ListCaller, f: CaseListFilter): SQL<number> {
  return sql<number>`(${exactCount(db, caller, f)})`.mapWith(Number);
}

/**
 * The count a page of a word search or "my cases" carries in its own statement, up to `upTo` (the bound + 1 of
 * paginateCapped's cap), for a caller who is not staff: their lists are driven by their own cases
 * (`amongCallersCases`), so counting them is cheap and the count need not decide how the page reads the
 * matches (list-page.ts).
 */
export function cappedCountInPage(
  db: Db,
  caller: ListCaller,
  f: CaseListFilter,
  upTo: number | Placeholder,
): SQL<number> {
  const matches = db
    .select({ id: cases.id })
    .from(cases)
    .where(listConditions(caller, f))
    .limit(upTo)
    .as('matches');
  return sql<number>`(select count(*)::int from ${matches})`.mapWith(Number);
}

/**
 * The candidate entries a word search's count reads first: its count of distinct cases is taken over at
 * most this many matching entries (a case matches through its own entry and its reports', ~2 each here).
 */
export const CANDIDATE_ENTRIES_PER_CASE = 4;

/**
 * The dense range's read (countCasesUpTo), in steps that each go on where the last stopped: matching entries
 * per case of the bound read by each step (so 1, 2, then 4 in all).
 */
const DENSE_STEPS = [1, 1, 2];

/**
 * Whether the first pages (denseScanBound's `range`) hold more than `bound` cases matching the words: their
 * matching entries are read in physical order, in steps of 1, 1 and 2 × (bound + 1) entries, each step going on
 * after the last entry read, until more than `bound` distinct cases were seen — when a case matches through one
 * entry, the first step answers (about a tenth of the range's rows for a word in a tenth of the entries). False
 * when the range runs out first: the index then counts. Any subset of the matches with more than `bound` cases
 * proves the cap, so an entry read twice or not at all can never make the answer wrong, only slower.
 * Before, each step read the range again from its start, and the first stopped at 2 × (bound + 1) entries
 * (bench/README.md, issue 30). Without a condition on the case (staff, no filter) the entries are read alone:
 * every entry has its case (a foreign key), and joining them was an index probe of `cases` per matching entry.
 */
async function moreInRange(
  db: Db,
  caller: Caller,
  f: CaseListFilter,
  words: string,
  range: SQL,
  bound: number,
) {
  const onCases = listConditions(caller, f, 'none');
  const seen = new Set<number>();
  let after: string | undefined;
  for (const perCase of DENSE_STEPS) {
    const take = perCase * (bound + 1);
    const entries = db
      .select({ caseId: searchEntries.caseId, at: sql<string>`${searchEntries}.ctid::text` })
      .from(searchEntries)
      .$dynamic();
    const rows = await (onCases ? entries.innerJoin(cases, eq(cases.id, searchEntries.caseId)) : entries)
      .where(
        and(
          range,
          after === undefined ? undefined : sql`${searchEntries}.ctid > ${after}::tid`,
          wordsRowByRow(words),
          entriesVisibleTo(caller),
          onCases,
        ),
      )
      .limit(take);
    for (const row of rows) seen.add(row.caseId);
    if (seen.size > bound) return true;
    // The range ran out of matches.
    if (rows.length < take) return false;
    after = rows[rows.length - 1].at;
  }
  return false;
}

/**
 * The cases of a word search (`query`), counted up to `bound` + 1 (paginateCapped's cap). First from the GIN
 * side, bounded: at most CANDIDATE_ENTRIES_PER_CASE × (bound + 1) matching entries whose case passes every
 * other condition (the policy's `case.read` among them, so an invisible case is never counted), then their
 * distinct cases. When that scan ran out of matches its count is exact; when it found more than `bound`
 * cases the count is capped; only in between (many entries for few cases) the exact semi-join below runs.
 * Before, a mid-frequency phrase ("admin console", 18,000 entries at 100,000 cases) hashed every matching
 * entry before the limit applied (70 ms); the bounded scan stops after ~2,000 (bench/README.md, issue 30).
 */
export async function countCasesUpTo(
  db: Db,
  caller: Caller,
  f: CaseListFilter & { query?: string },
  bound: number,
) {
  if (f.owned && !f.query) return countOwnedUpTo(db, caller, f, bound);
  if (f.query && !f.owned) {
    const limit = CANDIDATE_ENTRIES_PER_CASE * (bound + 1);
    // Common words: the first pages alone may hold more than `bound` matching cases (common-words.ts).
    // Staff only: others see a small share of the cases, so the first pages seldom hold that many of theirs
    // (a vendor's search paid the range and then the index: 2.4 → 14.8 ms at 1M cases).
    const range = caller.staff ? await denseScanBound(db, f.query) : null;
    if (range && (await moreInRange(db, caller, f, f.query, range, bound))) return bound + 1;
    const hits = db
      .select({ caseId: searchEntries.caseId })
      .from(searchEntries)
      .innerJoin(cases, eq(cases.id, searchEntries.caseId))
      .where(
        and(
          sql`${searchEntries.tsv} @@ plainto_tsquery('english', ${f.query})`,
          entriesVisibleTo(caller),
          listConditions(caller, f, 'none'),
        ),
      )
      .limit(limit)
      .as('hits');
    const [row] = await db
      .select({ entries: count(), cases: sql<number>`count(distinct ${hits.caseId})::int` })
      .from(hits);
    if (row.entries < limit) return Math.min(row.cases, bound + 1);
    if (row.cases > bound) return bound + 1;
  }
  const matches = db
    .select({ id: cases.id })
    .from(cases)
    .where(listConditions(caller, f))
    .limit(bound + 1)
    .as('matches');
  const [{ n }] = await db.select({ n: count() }).from(matches);
  return n;
}

/**
 * Staff's word searches and "my cases" counted past the cap ("1,000+", or a figure in the thousands), kept a
 * moment (server-kit's LargeCounts says why that is safe): counting a common word's cases at a million reads
 * a thousand entries or more, and every page, refresh and colleague asking the same words read them again
 * (bench/README.md, issue 30). Dropped at every write through this process (app.ts); another replica's
 * writes show within 2 s. Only staff's: what staff may see does not depend on who asks, so the key is the
 * filters — and, for "my cases", the owner and their groups.
 */
export const caseCounts = new LargeCounts({ min: COUNT_CAP + 1, ttlMs: 2000, max: 500 });

/** countCasesUpTo, through caseCounts for staff (a higher domain's `where` is counted each time). */
export function countCasesUpToKept(
  db: Db,
  caller: Caller,
  f: CaseListFilter & { query?: string },
  bound: number,
): Promise<number> {
  if (!caller.staff || f.where) return countCasesUpTo(db, caller, f, bound);
  const key = JSON.stringify([
    f.query ?? null,
    f.owned ? [caller.userId, caller.groupIds] : null,
    f.status ?? null,
    f.tag || null,
    bound,
  ]);
  return caseCounts.count(db, key, () => countCasesUpTo(db, caller, f, bound));
}

export function listCases(
  db: Db,
  caller: ListCaller,
  f: CaseListFilter,
  limit: number | Placeholder,
  offset: number | Placeholder,
  walk?: number,
) {
  if (walk !== undefined) return ownedAlongPrefix(db, caller, f, limit, offset, walk);
  // Dense matches along an indexed ordering: probe the words case by case as the index is walked (a page
  // of 20 at one match in five reads ~100 cases); otherwise collect the matches from the GIN side.
  const probe = f.dense && INDEXED_ORDERINGS.has(f.ordering ?? DEFAULT_CASE_ORDERING);
  return db
    .select()
    .from(cases)
    .where(listConditions(caller, f, probe ? 'probe' : 'join'))
    .orderBy(...orderBy(f.ordering))
    .limit(limit)
    .offset(offset);
}

/**
 * "My cases" (walksOwnedPrefix) among the first `walk` cases of the ordering that pass the other filters: the
 * page holds fewer than `limit` rows when the prefix holds fewer than offset + limit owned cases (readCasePage
 * then plans the whole list). Read lazily, so a page stops at its last row. The owner is checked case by case as
 * the prefix streams past — a subquery PostgreSQL cannot turn into a join (a semi-join would first hash every
 * owner row of the caller; the EXISTS is wrapped in a scalar select for that).
 */
function ownedAlongPrefix(
  db: Db,
  caller: ListCaller,
  f: CaseListFilter,
  limit: number | Placeholder,
  offset: number | Placeholder,
  walk: number,
) {
  const prefix = db
    .select()
    .from(cases)
    .where(listConditions(caller, { ...f, owned: false }))
    .orderBy(...orderBy(f.ordering))
    .limit(sqlNumber(walk))
    .as('prefix');
  return db
    .select()
    .from(prefix)
    .where(sql`(select ${holdsRole(caller, prefix.id, ['owner'])})`)
    .orderBy(
      ...orderBy(f.ordering, {
        id: prefix.id,
        title: prefix.title,
        status: prefix.status,
        created: prefix.createdAt,
        updated: prefix.updatedAt,
      }),
    )
    .limit(limit)
    .offset(offset);
}

/** The owner participants of one case as user refs (a group owner shows its name, with the group's id). */
export async function ownerRefs(db: Db, caseId: number) {
  const rows = await db
    .select({
      userId: caseParticipants.userId,
      groupId: caseParticipants.groupId,
      userName: users.name,
      groupName: groups.name,
    })
    .from(caseParticipants)
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'owner')))
    .orderBy(asc(caseParticipants.id));
  return rows.flatMap((r) =>
    r.userId !== null && r.userName !== null
      ? [{ id: r.userId, name: r.userName }]
      : r.groupId !== null && r.groupName !== null
        ? [{ id: r.groupId, name: r.groupName }]
        : [],
  );
}

export const sortRoles = (roles: Iterable<CaseRole>): CaseRole[] => {
  const held = new Set(roles);
  return CASE_ROLE_ORDER.filter((r) => held.has(r));
};

// ---------------------------------------------------------------------------------------------------------
// Triage: cases waiting in status 0, oldest first, with their first report's submitter and product.

/** The triage queue leaves out reports held beyond a submit limit; `held` lists only those. */
const heldNow = sql`exists (select 1 from ${heldReports} where ${heldReports.caseId} = ${cases.id} and ${heldReports.releasedAt} is null)`;

/** The triage queue's conditions; staff only (its route), who find a case by any of its entries. */
export function triageConditions(query?: string, held = false) {
  return and(
    eq(cases.status, CASE_STATUS.PENDING),
    held ? heldNow : sql`not ${heldNow}`,
    query ? matchesWords(query) : undefined,
  );
}

/** What a page of the triage queue is asked for (its statement: triage-quality/page.ts). */
export interface TriagePageQuery {
  query?: string;
  /** The reports held beyond a submit limit instead of the queue. */
  held: boolean;
  /** Weakest first (the quality signals' order), else oldest first. */
  byQuality: boolean;
  limit: number;
  offset: number;
  /**
   * Where the queue's count stops: countBound + 1. An exact count read every waiting case: 211 ms for 200,000
   * at 1,000,000 cases, where the page itself takes 0.1 ms (bench/README.md, issue 30).
   */
  countLimit: number;
  now: Date;
}

/** A row of the triage queue's page, with the queue's count (up to countLimit) on every row. */
export interface TriagePageRow {
  id: number;
  title: string;
  caseCreatedAt: Date;
  /** The first report's submitter (null: none, or their account is gone). */
  reporter: { id: number; name: string } | null;
  reportCreatedAt: Date | null;
  product: string | null;
  quality: TriageQuality;
  total: number;
}

// ---------------------------------------------------------------------------------------------------------
// Who has seen a case; the first response of staff.

/** Records that the user looked at the case now (an upsert of their case_user_states row). */
export async function recordSeen(db: Db, caseId: number, userId: number) {
  await db
    .insert(caseUserStates)
    .values({ caseId, userId, lastSeenAt: new Date() })
    .onConflictDoUpdate({
      target: [caseUserStates.caseId, caseUserStates.userId],
      set: { lastSeenAt: new Date() },
    });
}

/**
 * The first time staff act on a case (activate, edit, add a participant, post…) is its first response,
 * the start of "time to first response". Call it inside the acting transaction; later calls change nothing.
 */
export async function markFirstResponse(tx: Tx | Db, caseId: number) {
  await tx
    .update(cases)
    .set({ firstResponseAt: sql`now()` })
    .where(and(eq(cases.id, caseId), isNull(cases.firstResponseAt)));
}

// ---------------------------------------------------------------------------------------------------------
// The case update (PATCH /api/cases/{id}/).

export const INVALID_TRANSITION = (from: number, to: number) =>
  `A ${caseStatusLabel(from).toLowerCase()} case cannot become ${caseStatusLabel(to).toLowerCase()}.`;
export const UNKNOWN_RESOLUTION = 'Unknown resolution.';
export const RESOLUTION_ONLY_WHEN_CLOSED = 'Only a closed case has a resolution: close it with one.';

/** The status change's verb in the activity log, or null for no change. */
function transitionVerb(from: number, to: number): string | null {
  if (from === to) return null;
  if (from === CASE_STATUS.PENDING && to === CASE_STATUS.ACTIVE) return 'activated';
  if (to === CASE_STATUS.CLOSED) return 'closed';
  if (from === CASE_STATUS.CLOSED && to === CASE_STATUS.ACTIVE) return 'reopened';
  return '';
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export interface CaseUpdateResult {
  case: CaseRow;
  changed: boolean;
  /** The status verb when the status changed ('activated', 'closed', 'reopened'). */
  statusVerb: string | null;
}

/**
 * Applies a staff member's update: the fields that changed, the status transition and its side effects
 * (activation makes the activating coordinator owner when the case has none; closing needs a resolution;
 * reopening clears it), one activity row, the first response and updated_at — all in `tx`. Nothing is
 * written when nothing changes. Throws 400 naming the field for a refused update.
 */
export async function updateCase(
  tx: Tx,
  actorId: number,
  caseId: number,
  input: CaseUpdate,
): Promise<CaseUpdateResult> {
  // Locked, so two coordinators changing the status at once each see the other's result.
  const [current] = await tx.select().from(cases).where(eq(cases.id, caseId)).for('update');
  const set: Partial<typeof cases.$inferInsert> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const change = <K extends keyof CaseRow>(key: K, field: string, value: CaseRow[K]) => {
    // Every column of the row is a column of the update.
    (set as Record<string, unknown>)[key] = value;
    before[field] = current[key];
    after[field] = value;
  };

  if (input.title !== undefined && input.title !== current.title) change('title', 'title', input.title);
  if (input.summary !== undefined && input.summary !== current.summary)
    change('summary', 'summary', input.summary);
  if (input.due_date !== undefined && input.due_date !== current.dueDate)
    change('dueDate', 'due_date', input.due_date);
  if (input.public_date !== undefined && input.public_date !== current.publicDate)
    change('publicDate', 'public_date', input.public_date);
  if (input.tags !== undefined) {
    const tags = [...new Set(input.tags)];
    if (!sameTags(tags, current.tags)) change('tags', 'tags', tags);
  }

  const to = input.status ?? current.status;
  const verb = transitionVerb(current.status, to);
  if (verb === '') throw badField('status', INVALID_TRANSITION(current.status, to));

  // The resolution: required to close, kept while closed, cleared on reopening.
  let resolutionId: number | null | undefined;
  if (input.resolution !== undefined && input.resolution !== null) {
    const [known] = await tx
      .select({ id: resolutionOptions.id })
      .from(resolutionOptions)
      .where(eq(resolutionOptions.id, input.resolution))
      // Held until the case is written, so an administrator cannot delete it in between.
      .for('key share');
    if (!known) throw badField('resolution', UNKNOWN_RESOLUTION);
    if (to !== CASE_STATUS.CLOSED) throw badField('resolution', RESOLUTION_ONLY_WHEN_CLOSED);
    resolutionId = known.id;
  } else if (input.resolution === null && to === CASE_STATUS.CLOSED) {
    throw badField('resolution', CLOSE_NEEDS_RESOLUTION);
  }
  if (verb === 'closed' && resolutionId === undefined) throw badField('resolution', CLOSE_NEEDS_RESOLUTION);
  if (resolutionId !== undefined && resolutionId !== current.resolutionId)
    change('resolutionId', 'resolution', resolutionId);

  const now = new Date();
  if (verb) {
    change('status', 'status', to);
    if (verb === 'activated') set.activatedAt = now;
    if (verb === 'closed') set.closedAt = now;
    if (verb === 'reopened') {
      set.closedAt = null;
      if (current.resolutionId !== null) change('resolutionId', 'resolution', null);
    }
  }

  if (Object.keys(set).length === 0) return { case: current, changed: false, statusVerb: null };

  if (verb === 'activated') {
    const owners = await tx
      .select({ id: caseParticipants.id })
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'owner')))
      .limit(1);
    if (owners.length === 0) {
      // A case always keeps an owner once activated: the coordinator who activates an unowned case.
      await tx
        .insert(caseParticipants)
        .values({ caseId, userId: actorId, role: 'owner', addedBy: actorId })
        .onConflictDoUpdate({
          target: [caseParticipants.caseId, caseParticipants.userId],
          targetWhere: isNotNull(caseParticipants.userId),
          set: { role: 'owner' },
        });
      if (current.ownerId === null) set.ownerId = actorId;
      after.owner = actorId;
    }
  }

  const [updated] = await tx
    .update(cases)
    .set({ ...set, updatedAt: now })
    .where(eq(cases.id, caseId))
    .returning();
  await markFirstResponse(tx, caseId);
  // A transferred case leaving triage was accepted (activated) or declined (closed): its request is done.
  if (current.status === CASE_STATUS.PENDING && verb)
    await resolveActionNeeded(tx, { kind: 'transfer', objectId: caseId });
  await recordActivity(tx, {
    actorId,
    caseId,
    verb: verb ?? 'updated',
    objectType: 'case',
    objectId: caseId,
    before,
    after,
  });
  return { case: updated, changed: true, statusVerb: verb };
}

// ---------------------------------------------------------------------------------------------------------
// Resolutions (manage/case/options/resolutions/).

export function listResolutions(db: Db) {
  return db
    .select({
      id: resolutionOptions.id,
      name: resolutionOptions.name,
      description: resolutionOptions.description,
    })
    .from(resolutionOptions)
    .orderBy(asc(resolutionOptions.id));
}

export async function findResolution(db: Db, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({
      id: resolutionOptions.id,
      name: resolutionOptions.name,
      description: resolutionOptions.description,
    })
    .from(resolutionOptions)
    .where(eq(resolutionOptions.id, id));
  return row ?? null;
}

/** Distinct tags on the cases the caller may see (at most `limit`, alphabetical). */
export async function tagsInUse(db: Db, access: Caller, limit = 500): Promise<string[]> {
  const visible = filter('case.read', access);
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${cases.tags})`.as('tag') })
    .from(cases)
    .where(and(sql`cardinality(${cases.tags}) > 0`, visible))
    .orderBy(sql`1`)
    .limit(limit);
  return rows.map((r) => r.tag);
}

export type { CaseAccess };
