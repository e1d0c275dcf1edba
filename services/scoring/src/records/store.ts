// The queue's reads and the queue state's writes (assign, reassess, lock, unlock), no HTTP. A lock is
// taken under the row's lock (SELECT … FOR UPDATE), so of two scorers locking at once exactly one wins and
// the other sees the winner. A lock older than config.scoringLockSeconds counts as none.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNull,
  lt,
  or,
  type Placeholder,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Tx, users, HttpError, LargeCounts, sqlNumber } from '@cvdp/server-kit';
import {
  CVE_ID_REGEX,
  VUL_LOCKED_BY_MESSAGE,
  VUL_SEVERITIES,
  VUL_STATUSES,
  type VulActivityEntry,
  type VulChange,
  type VulDetail,
  type VulListQuery,
  type VulLock,
  type VulPatch,
  type VulScore,
  type VulStatus,
  type VulSummary,
} from '@cvdp/core/scoring/index';
import { cveRecords, vulChanges, vulEnrichment } from './tables.ts';
import { type OrderColumns, orderBy } from './ordering.ts';
import { type CommonPhrase, walkGaveUp, walkPageIds, walkRows, worthWalking } from './common-phrase.ts';
import { vulScores } from '../scores/tables.ts';
import { vulActivity } from '../activity/tables.ts';

const assignee = alias(users, 'vul_assignee');
const locker = alias(users, 'vul_locker');
const scorer = alias(users, 'vul_scorer');

/** `{id}` in a path: a CVE id (any case) or our numeric id; anything else matches nothing. */
export function vulKeyCondition(key: string): SQL {
  if (CVE_ID_REGEX.test(key)) return eq(cveRecords.cveId, key.toUpperCase());
  return eq(cveRecords.id, Number(key));
}

/** A lock counts while younger than the configured lifetime (a prepared statement's parameter there). */
export const lockActiveSql = (lockSeconds: number | Placeholder) =>
  sql`(${cveRecords.lockedBy} is not null and ${cveRecords.lockedAt} > now() - make_interval(secs => ${lockSeconds}))`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Words of `query` → a tsquery: every word whole except the last, which may be a prefix (typing). */
export function queryToTsquery(query: string): string | null {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9._-]/g, '').replace(/^[-.]+|[-.]+$/g, ''))
    .filter(Boolean)
    .slice(0, 12);
  if (!words.length) return null;
  return words
    .map((w, i) => (i === words.length - 1 && !/^(cve|cwe)-[0-9-]+$/.test(w) ? `${w}:*` : w))
    .join(' & ');
}

/**
 * The queue's conditions: `where` all of them; `filters` all but the words of `query`, and `words` its
 * tsquery when the query is words only (no CVE id prefix), for the common-phrase reading (common-phrase.ts);
 * `text` whether `query` gave any condition.
 */
export interface QueueConditions {
  where: SQL | undefined;
  filters: SQL | undefined;
  words: string | null;
  text: boolean;
}

/**
 * For a prepared statement (queue-page.ts): the words' tsquery and the dates as its parameters (`dateBounds`
 * gives their values), and the lock lifetime as the statement writes it (a literal its name holds). The other
 * filters it is prepared for have no value to pass: theirs are written into the SQL (filterConditions).
 */
export interface QueuePlaceholders {
  words: Placeholder;
  lockSeconds: number | Placeholder;
  dates: Record<keyof DateBounds, Placeholder>;
}

/** The instants the date filters bound (`…_before` includes its whole day), as ISO texts. */
export interface DateBounds {
  publishedFrom?: string;
  publishedUntil?: string;
  modifiedFrom?: string;
  modifiedUntil?: string;
}

export function dateBounds(q: VulListQuery): DateBounds {
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const nextDay = (d: string) => new Date(day(d).getTime() + 86_400_000).toISOString();
  return {
    publishedFrom: q.published_after && day(q.published_after).toISOString(),
    publishedUntil: q.published_before && nextDay(q.published_before),
    modifiedFrom: q.modified_after && day(q.modified_after).toISOString(),
    modifiedUntil: q.modified_before && nextDay(q.modified_before),
  };
}

export function queueConditions(
  q: VulListQuery,
  me: number,
  lockSeconds: number,
  placeholders?: QueuePlaceholders,
): QueueConditions {
  let text: SQL | undefined;
  let words: string | null = null;
  if (q.query) {
    const ts = queryToTsquery(q.query);
    const byId = /^cve-[0-9-]*$/i.test(q.query)
      ? sql`${cveRecords.cveId} like ${q.query.toUpperCase() + '%'}`
      : undefined;
    const tsquery = placeholders?.words ?? ts;
    const byText = ts ? sql`${cveRecords.tsv} @@ to_tsquery('simple', ${tsquery})` : undefined;
    text = byId && byText ? or(byId, byText) : (byId ?? byText ?? sql`false`);
    if (byText && !byId) words = ts;
  }
  const filters = filterConditions(q, me, placeholders?.lockSeconds ?? lockSeconds, placeholders?.dates);
  return { where: text ? and(text, filters) : filters, filters, words, text: text !== undefined };
}

export const listConditions = (q: VulListQuery, me: number, lockSeconds: number): SQL | undefined =>
  queueConditions(q, me, lockSeconds).where;

/**
 * A value of a closed set (a status, a severity) written into the SQL as a literal, checked against the set:
 * the plan for `status = 'scored'` (a few rows) is not the plan for `status = 'open'` (most), so a prepared
 * statement must not share them (queue-page.ts), and one written into the SQL needs no parameter either.
 */
function choiceLiteral<T extends string>(value: T, choices: readonly T[]): SQL {
  if (!choices.includes(value)) throw new Error(`choiceLiteral: ${value} is not among ${choices.join(', ')}`);
  return sql.raw(`'${value}'`);
}

function filterConditions(
  q: VulListQuery,
  me: number,
  lockSeconds: number | Placeholder,
  datePlaceholders?: QueuePlaceholders['dates'],
): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  // Closed sets and yes/no are written in (choiceLiteral); ids and dates are parameters.
  if (q.status) where.push(sql`${cveRecords.status} = ${choiceLiteral(q.status, VUL_STATUSES)}`);
  if (q.assigned !== undefined) {
    if (q.assigned === 'none') where.push(isNull(cveRecords.assignedTo));
    else where.push(eq(cveRecords.assignedTo, q.assigned === 'me' ? me : q.assigned));
  }
  if (q.locked !== undefined)
    where.push(q.locked ? lockActiveSql(lockSeconds) : sql`not ${lockActiveSql(lockSeconds)}`);
  if (q.has_ssvc !== undefined)
    where.push(sql`${cveRecords.hasSsvc} = ${sql.raw(String(q.has_ssvc === true))}`);
  if (q.kev !== undefined) where.push(sql`${cveRecords.kev} = ${sql.raw(String(q.kev === true))}`);
  if (q.severity) {
    const severities = [...new Set(q.severity)].sort();
    const literals = severities.map((v) => choiceLiteral(v, VUL_SEVERITIES));
    where.push(sql`${cveRecords.severity} in (${sql.join(literals, sql`, `)})`);
  }
  const bounds = dateBounds(q);
  const date = (key: keyof DateBounds) => datePlaceholders?.[key] ?? new Date(bounds[key]!);
  if (bounds.publishedFrom) where.push(gte(cveRecords.datePublished, date('publishedFrom')));
  if (bounds.publishedUntil) where.push(lt(cveRecords.datePublished, date('publishedUntil')));
  if (bounds.modifiedFrom) where.push(gte(cveRecords.dateUpdated, date('modifiedFrom')));
  if (bounds.modifiedUntil) where.push(lt(cveRecords.dateUpdated, date('modifiedUntil')));
  return and(...where);
}

const summaryColumns = (lockSeconds: number) => ({
  id: cveRecords.id,
  cveId: cveRecords.cveId,
  state: cveRecords.state,
  title: cveRecords.title,
  description: sql<string>`left(${cveRecords.description}, 500)`,
  vendors: cveRecords.vendors,
  products: cveRecords.products,
  cwes: cveRecords.cwes,
  datePublished: cveRecords.datePublished,
  dateUpdated: cveRecords.dateUpdated,
  kev: cveRecords.kev,
  hasSsvc: cveRecords.hasSsvc,
  score: cveRecords.score,
  severity: cveRecords.severity,
  priority: cveRecords.priority,
  status: cveRecords.status,
  assignedTo: cveRecords.assignedTo,
  assigneeName: assignee.name,
  lockedBy: sql<number | null>`case when ${lockActiveSql(lockSeconds)} then ${cveRecords.lockedBy} end`,
  lockerName: locker.name,
  lockedAt: cveRecords.lockedAt,
  reassessReason: cveRecords.reassessReason,
});

type SummaryRow = {
  [K in keyof ReturnType<typeof summaryColumns>]: unknown;
} & Record<string, unknown>;

function toSummary(r: SummaryRow, lockSeconds: number): VulSummary {
  const lockedAt = r.lockedAt ? new Date(r.lockedAt as string) : null;
  const locked: VulLock | null =
    r.lockedBy && lockedAt
      ? {
          user: { id: r.lockedBy as number, name: (r.lockerName as string) ?? '' },
          locked_at: lockedAt.toISOString(),
          expires_at: new Date(lockedAt.getTime() + lockSeconds * 1000).toISOString(),
        }
      : null;
  return {
    id: r.id as number,
    cve_id: r.cveId as string,
    state: r.state as VulSummary['state'],
    title: r.title as string,
    description: r.description as string,
    vendors: r.vendors as string[],
    products: r.products as string[],
    cwes: r.cwes as string[],
    published: iso(r.datePublished as Date | null),
    modified: iso(r.dateUpdated as Date | null),
    kev: r.kev as boolean,
    has_ssvc: r.hasSsvc as boolean,
    score: r.score === null ? null : Number(r.score),
    severity: r.severity as string | null,
    priority: r.priority as number,
    status: r.status as VulStatus,
    assigned: r.assignedTo ? { id: r.assignedTo as number, name: (r.assigneeName as string) ?? '' } : null,
    locked,
    reassess_reason: r.reassessReason as string | null,
  };
}

/**
 * The queue's count, as a query (the queue benchmark explains it). With `upTo` it counts at most that many
 * matches (paginateCapped's bound + 1): an exact count of 300,000 records reads 300,000 index entries for
 * every page; a bounded one stops after 1,001.
 */
export const countVulsQuery = (db: Db, where: SQL | undefined, upTo?: number | Placeholder) => {
  if (upTo === undefined)
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(cveRecords)
      .where(where);
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(cveRecords)
    .where(where)
    .limit(upTo)
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches);
};

/**
 * Counting costs as much as the rows it reads: the queue route counts at most 1,001 (its `bound`), but a
 * filter whose matches are sparse along the scan still reads far. A count of at least COUNT_CACHE_MIN is kept
 * for COUNT_CACHE_MS per database and query (server-kit's LargeCounts: why that is safe, and the shared
 * recount of a stale one), and dropped as soon as this process writes to the queue (any non-GET call of the
 * scoring service, every ingest batch: queueChanged()). The COUNT_CACHE_QUERIES queries used last are kept (a
 * query is its SQL and parameters: filters, words, the caller for assigned=me).
 */
export const COUNT_CACHE_MIN = 1000;
export const COUNT_CACHE_MS = 2000;
export const COUNT_CACHE_QUERIES = 500;
export const queueCounts = new LargeCounts({
  min: COUNT_CACHE_MIN,
  ttlMs: COUNT_CACHE_MS,
  max: COUNT_CACHE_QUERIES,
});

/** Something in the queue changed (this process wrote it): cached counts are stale. */
export const queueChanged = () => queueCounts.changed();

export async function countVuls(db: Db, where: SQL | undefined, bound?: number): Promise<number> {
  const query = countVulsQuery(db, where, bound === undefined ? undefined : bound + 1);
  const { sql: text, params } = query.toSQL();
  return countCached(db, `${text}\u0000${JSON.stringify(params)}`, async () => (await query)[0].n);
}

/**
 * A count through the cache above: `key` names the query (its SQL and parameters, or a prepared statement's
 * name and parameters) and `count` runs it.
 */
export const countCached = (db: Db, key: string, count: () => Promise<number>): Promise<number> =>
  queueCounts.count(db, key, count);

/**
 * A page of the queue, as a query (the queue benchmark explains it): the page's ids first (filter, order,
 * offset and limit over the narrow index columns), then the columns and names of those rows only, so a
 * filter matching thousands of records does not build thousands of summaries to sort and drop.
 */
export const listVulsQuery = (
  db: Db,
  where: SQL | undefined,
  ordering: string,
  lockSeconds: number,
  limit: number,
  offset: number,
) => {
  const page = db
    .select({ pageId: sql<number>`${cveRecords.id}`.as('page_id') })
    .from(cveRecords)
    .where(where)
    .orderBy(...orderBy(ordering))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(summaryColumns(lockSeconds))
    .from(page)
    .innerJoin(cveRecords, eq(cveRecords.id, page.pageId))
    .leftJoin(assignee, eq(assignee.id, cveRecords.assignedTo))
    .leftJoin(locker, eq(locker.id, cveRecords.lockedBy))
    .orderBy(...orderBy(ordering));
};

export async function listVuls(
  db: Db,
  where: SQL | undefined,
  ordering: string,
  lockSeconds: number,
  limit: number,
  offset: number,
): Promise<VulSummary[]> {
  const rows = await listVulsQuery(db, where, ordering, lockSeconds, limit, offset);
  return rows.map((r) => toSummary(r as SummaryRow, lockSeconds));
}

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds, `Z`); null stays null. */
const isoSql = (col: SQLWrapper) =>
  sql`to_char((${col}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the queue as the JSON text of its summaries (the same objects as listVuls, key for key), built
 * by PostgreSQL: one text column per row instead of 22 columns that the driver parses (arrays, dates),
 * drizzle maps, toSummary reshapes and JSON.stringify writes again. At 50 rows a page that was most of the
 * route's CPU time (issue 13's profile); listVuls stays for callers that need the objects.
 */
export async function listVulsJson(
  db: Db,
  where: SQL | undefined,
  ordering: string,
  lockSeconds: number,
  limit: number,
  offset: number,
  reading: QueueReading = {},
): Promise<string> {
  return readPageJson(db, ordering, limit, offset, reading, async (how) => {
    const ids =
      how === 'walk' && reading.phrase
        ? walkPageIds(db, reading.phrase, ordering, limit, offset, walkRows(reading.phrase, limit, offset))
        : (how === 'few' ? fewMatchesPageIds : pageIds)(db, where, ordering, limit, offset);
    return (await pageJsonQuery(db, ids, ordering, lockSeconds)).map((r) => r.json);
  });
}

/** Which statement reads a page's ids: walkPageIds, fewMatchesPageIds or pageIds. */
export type PageIdsReading = 'walk' | 'few' | 'index';

/**
 * A page of the queue as JSON text, its rows read by `rowsOf` (listVulsJson's statements, or prepared ones:
 * queue-page.ts): a dense common phrase walks the ordering first and falls back when the walk comes back short.
 */
export async function readPageJson(
  db: Db,
  ordering: string,
  limit: number,
  offset: number,
  reading: QueueReading,
  rowsOf: (how: PageIdsReading) => Promise<string[]>,
): Promise<string> {
  const { phrase } = reading;
  if (phrase && worthWalking(db, phrase, ordering, offset + limit)) {
    const walked = await rowsOf('walk');
    // A full page is the exact one; a short one may be the walk's end, not the matches' end.
    if (walked.length === limit) return `[${walked.join(',')}]`;
    walkGaveUp(db, phrase, ordering, offset + limit);
  }
  return `[${(await rowsOf(reading.fewMatches ? 'few' : 'index')).join(',')}]`;
}

/** How a page of the queue is read, besides the planner's choice (listVulsJson). */
export interface QueueReading {
  /** A common phrase whose matches are dense (the capped count found them): walk the ordering first. */
  phrase?: CommonPhrase | null;
  /**
   * The count found at most its bound of matches for a `query=`: read them all and sort them (fewMatchesPageIds).
   */
  fewMatches?: boolean;
}

/** The ids of a page of the queue: the planner's choice of index for the conditions and the ordering. */
export const pageIds = (
  db: Db,
  where: SQL | undefined,
  ordering: string,
  limit: number | Placeholder,
  offset: number | Placeholder,
) =>
  db
    .select({ pageId: sql<number>`${cveRecords.id}`.as('page_id') })
    .from(cveRecords)
    .where(where)
    .orderBy(...orderBy(ordering))
    .limit(limit)
    .offset(offset)
    .as('page');

/**
 * The ids of a page of a `query=` whose matches are few (the capped count stopped short of its bound): every
 * match, found through the text and prefix indexes, then sorted. The planner misjudges how many records words
 * match and may walk the ordering's index instead, checking each record's words: `query=CVE-2090-0012` (100
 * records by the id prefix, none by the words) was estimated at 3,835 matches and walked 48,000 records of
 * the priority order, reading each one's words out of line (674 ms at 300,000 records; 0.8 ms this way). The
 * OFFSET 0 keeps the matches a subquery of their own (PostgreSQL does not pull one with OFFSET up into the
 * outer query), so the ordering cannot be pushed into it; the count bounds what it reads.
 */
export const fewMatchesPageIds = (
  db: Db,
  where: SQL | undefined,
  ordering: string,
  limit: number | Placeholder,
  offset: number | Placeholder,
) => {
  const matches = db
    .select({
      id: cveRecords.id,
      published: cveRecords.datePublished,
      modified: cveRecords.dateUpdated,
      score: cveRecords.score,
      priority: cveRecords.priority,
    })
    .from(cveRecords)
    .where(where)
    .offset(sqlNumber(0))
    .as('matches');
  const columns: OrderColumns = matches;
  return db
    .select({ pageId: sql<number>`${matches.id}`.as('page_id') })
    .from(matches)
    .orderBy(...orderBy(ordering, columns))
    .limit(limit)
    .offset(offset)
    .as('page');
};

/** The summaries' JSON texts of a page of ids, in the ordering, as a query (prepared in queue-page.ts). */
export function pageJsonQuery(
  db: Db,
  page: ReturnType<typeof pageIds>,
  ordering: string,
  lockSeconds: number | Placeholder,
) {
  const lockedAt = sql`${cveRecords.lockedAt}`;
  return db
    .select({
      json: sql<string>`json_build_object(
        'id', ${cveRecords.id},
        'cve_id', ${cveRecords.cveId},
        'state', ${cveRecords.state},
        'title', ${cveRecords.title},
        'description', left(${cveRecords.description}, 500),
        'vendors', ${cveRecords.vendors},
        'products', ${cveRecords.products},
        'cwes', ${cveRecords.cwes},
        'published', ${isoSql(cveRecords.datePublished)},
        'modified', ${isoSql(cveRecords.dateUpdated)},
        'kev', ${cveRecords.kev},
        'has_ssvc', ${cveRecords.hasSsvc},
        'score', ${cveRecords.score}::float8,
        'severity', ${cveRecords.severity},
        'priority', ${cveRecords.priority},
        'status', ${cveRecords.status},
        'assigned', case when ${cveRecords.assignedTo} is not null then json_build_object(
          'id', ${cveRecords.assignedTo}, 'name', coalesce(${assignee.name}, '')) end,
        'locked', case when ${lockActiveSql(lockSeconds)} then json_build_object(
          'user', json_build_object('id', ${cveRecords.lockedBy}, 'name', coalesce(${locker.name}, '')),
          'locked_at', ${isoSql(lockedAt)},
          'expires_at', ${isoSql(sql`${lockedAt} + make_interval(secs => ${lockSeconds})`)}) end,
        'reassess_reason', ${cveRecords.reassessReason}
      )::text`,
    })
    .from(page)
    .innerJoin(cveRecords, eq(cveRecords.id, page.pageId))
    .leftJoin(assignee, eq(assignee.id, cveRecords.assignedTo))
    .leftJoin(locker, eq(locker.id, cveRecords.lockedBy))
    .orderBy(...orderBy(ordering));
}

/** The record's numeric id for a path key, or 404. */
export async function findVulId(db: Db | Tx, key: string): Promise<number> {
  const [row] = await db.select({ id: cveRecords.id }).from(cveRecords).where(vulKeyCondition(key));
  if (!row) throw new HttpError(404, 'Not found.');
  return row.id;
}

export async function readScore(db: Db | Tx, recordId: number): Promise<VulScore | null> {
  const [s] = await db
    .select({ score: vulScores, scorerName: scorer.name })
    .from(vulScores)
    .leftJoin(scorer, eq(scorer.id, vulScores.scoredBy))
    .where(eq(vulScores.recordId, recordId));
  if (!s) return null;
  const v = s.score;
  return {
    ssvc:
      v.ssvcTable && v.ssvcOutcome
        ? {
            table: v.ssvcTable,
            table_version: v.ssvcTableVersion ?? '',
            values: v.ssvcValues ?? {},
            outcome: v.ssvcOutcome,
            outcome_name: v.ssvcOutcomeName ?? v.ssvcOutcome,
          }
        : null,
    cvss4:
      v.cvss4Vector && v.cvss4Score !== null
        ? { vector: v.cvss4Vector, score: v.cvss4Score, severity: v.cvss4Severity ?? '' }
        : null,
    cvss3:
      v.cvss3Vector && v.cvss3Score !== null
        ? { vector: v.cvss3Vector, score: v.cvss3Score, severity: v.cvss3Severity ?? '' }
        : null,
    cwes: v.cwes,
    scored_by: v.scoredBy ? { id: v.scoredBy, name: s.scorerName ?? '' } : null,
    updated_at: v.updatedAt.toISOString(),
  };
}

export async function readVul(db: Db | Tx, recordId: number, lockSeconds: number): Promise<VulDetail> {
  const [row] = await db
    .select({
      ...summaryColumns(lockSeconds),
      description: cveRecords.description,
      assigner: cveRecords.assigner,
      dataVersion: cveRecords.dataVersion,
      dateReserved: cveRecords.dateReserved,
      kevDateAdded: cveRecords.kevDateAdded,
      record: cveRecords.record,
      ingestedAt: cveRecords.ingestedAt,
      updatedAt: cveRecords.updatedAt,
    })
    .from(cveRecords)
    .leftJoin(assignee, eq(assignee.id, cveRecords.assignedTo))
    .leftJoin(locker, eq(locker.id, cveRecords.lockedBy))
    .where(eq(cveRecords.id, recordId));
  if (!row) throw new HttpError(404, 'Not found.');
  const values = await db
    .select()
    .from(vulEnrichment)
    .where(eq(vulEnrichment.recordId, recordId))
    .orderBy(asc(vulEnrichment.kind), asc(vulEnrichment.id));
  return {
    ...toSummary(row, lockSeconds),
    assigner: row.assigner,
    data_version: row.dataVersion,
    date_reserved: iso(row.dateReserved),
    kev_date_added: row.kevDateAdded,
    record: row.record,
    enrichment: values.map((v) => ({
      kind: v.kind as VulDetail['enrichment'][number]['kind'],
      source: v.source,
      value: v.value,
      version: v.version,
      score: v.score,
      severity: v.severity,
      detail: v.detail,
    })),
    our_score: await readScore(db, recordId),
    ingested_at: row.ingestedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---- queue state ----

export interface Caller {
  id: number;
  name: string;
  isAdmin: boolean;
}

interface LockedRow {
  id: number;
  status: string;
  assignedTo: number | null;
  lockedBy: number | null;
  lockedAt: Date | null;
  reassessReason: string | null;
  lockActive: boolean;
  holderName: string | null;
}

/** The record's queue state under its row lock (FOR UPDATE): concurrent writers queue up behind it. */
export async function lockRow(tx: Tx, recordId: number, lockSeconds: number): Promise<LockedRow> {
  const [row] = await tx
    .select({
      id: cveRecords.id,
      status: cveRecords.status,
      assignedTo: cveRecords.assignedTo,
      lockedBy: cveRecords.lockedBy,
      lockedAt: cveRecords.lockedAt,
      reassessReason: cveRecords.reassessReason,
      lockActive: sql<boolean>`${lockActiveSql(lockSeconds)}`,
    })
    .from(cveRecords)
    .where(eq(cveRecords.id, recordId))
    .for('update');
  if (!row) throw new HttpError(404, 'Not found.');
  let holderName: string | null = null;
  if (row.lockActive && row.lockedBy) {
    const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.lockedBy));
    holderName = u?.name || `user ${row.lockedBy}`;
  }
  return { ...row, holderName };
}

export const lockedByOther = (row: LockedRow, me: number) =>
  row.lockActive && row.lockedBy !== null && row.lockedBy !== me;

export function conflict(row: LockedRow): HttpError {
  const message = VUL_LOCKED_BY_MESSAGE(row.holderName ?? '');
  return new HttpError(409, message, { lock: [message] });
}

export async function recordChange(
  tx: Tx,
  entry: {
    recordId: number;
    kind: string;
    summary: string;
    before: unknown;
    after: unknown;
    actorId: number | null;
  },
) {
  await tx.insert(vulChanges).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export async function recordVulActivity(
  tx: Tx,
  entry: { recordId: number; actorId: number | null; verb: string; before?: unknown; after?: unknown },
) {
  await tx.insert(vulActivity).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** assign / reassess / lock / unlock, in that order of checks: unlock, lock, assign, reassess. */
export async function patchVul(
  db: Db,
  recordId: number,
  body: VulPatch,
  caller: Caller,
  lockSeconds: number,
) {
  await db.transaction(async (tx) => {
    const row = await lockRow(tx, recordId, lockSeconds);
    const before = {
      status: row.status,
      assigned_to: row.assignedTo,
      locked_by: row.lockActive ? row.lockedBy : null,
      reassess_reason: row.reassessReason,
    };
    const after = { ...before };
    const set: Partial<typeof cveRecords.$inferInsert> = {};
    const verbs: { verb: string; detail?: unknown }[] = [];
    const other = lockedByOther(row, caller.id);

    if (body.unlock !== undefined) {
      if (other && !caller.isAdmin) throw conflict(row);
      if (row.lockedBy !== null) {
        set.lockedBy = null;
        set.lockedAt = null;
        after.locked_by = null;
        if (row.lockActive)
          verbs.push({ verb: other ? 'lock_broken' : 'unlocked', detail: { holder: row.lockedBy } });
      }
    }
    if (body.lock !== undefined) {
      if (other) throw conflict(row);
      set.lockedBy = caller.id;
      set.lockedAt = sql`now()` as unknown as Date;
      after.locked_by = caller.id;
      verbs.push({ verb: 'locked' });
    }
    if (body.assign !== undefined) {
      if (other && !caller.isAdmin) throw conflict(row);
      if (body.assign !== null) {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.id, body.assign),
              sql`'scorer' = any(${users.roles})`,
              eq(users.isActive, true),
              eq(users.pending, false),
            ),
          );
        if (!u) throw new HttpError(400, 'Not a scorer.', { assign: ['Not a scorer.'] });
      }
      set.assignedTo = body.assign;
      set.assignedAt = body.assign === null ? null : (sql`now()` as unknown as Date);
      after.assigned_to = body.assign;
      if (body.assign !== null && row.status === 'open') after.status = 'assigned';
      if (body.assign === null && row.status === 'assigned') after.status = 'open';
      verbs.push({ verb: body.assign === null ? 'unassigned' : 'assigned', detail: { user: body.assign } });
    }
    if (body.reassess !== undefined) {
      if (other && !caller.isAdmin) throw conflict(row);
      after.status = 'reassess';
      after.reassess_reason = body.reason ?? '';
      set.reassessReason = body.reason ?? '';
      set.reassessedAt = sql`now()` as unknown as Date;
      verbs.push({ verb: 'reassess', detail: { reason: body.reason } });
    }
    set.status = after.status;
    await tx
      .update(cveRecords)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(cveRecords.id, recordId));
    const changed = Object.keys(after).filter(
      (k) => after[k as keyof typeof after] !== before[k as keyof typeof before],
    );
    if (changed.length) {
      await recordChange(tx, {
        recordId,
        kind: 'queue',
        summary: verbs.map((v) => v.verb).join(', '),
        before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k as keyof typeof after]])),
        actorId: caller.id,
      });
    }
    for (const v of verbs)
      await recordVulActivity(tx, { recordId, actorId: caller.id, verb: v.verb, after: v.detail ?? null });
  });
}

// ---- changes and activity ----

const changeUser = alias(users, 'vul_change_user');

export async function countChanges(db: Db, recordId: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vulChanges)
    .where(eq(vulChanges.recordId, recordId));
  return r.n;
}

export async function listChanges(
  db: Db,
  recordId: number,
  limit: number,
  offset: number,
): Promise<VulChange[]> {
  const rows = await db
    .select({ c: vulChanges, name: changeUser.name })
    .from(vulChanges)
    .leftJoin(changeUser, eq(changeUser.id, vulChanges.actorId))
    .where(eq(vulChanges.recordId, recordId))
    .orderBy(desc(vulChanges.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ c, name }) => ({
    id: c.id,
    kind: c.kind as VulChange['kind'],
    summary: c.summary,
    before: c.before,
    after: c.after,
    user: c.actorId ? { id: c.actorId, name: name ?? '' } : null,
    ingest_job: c.ingestJobId,
    at: c.at.toISOString(),
  }));
}

export async function countActivity(db: Db, recordId: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vulActivity)
    .where(eq(vulActivity.recordId, recordId));
  return r.n;
}

export async function listActivity(
  db: Db,
  recordId: number,
  limit: number,
  offset: number,
): Promise<VulActivityEntry[]> {
  const rows = await db
    .select({ a: vulActivity, name: changeUser.name })
    .from(vulActivity)
    .leftJoin(changeUser, eq(changeUser.id, vulActivity.actorId))
    .where(eq(vulActivity.recordId, recordId))
    .orderBy(desc(vulActivity.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ a, name }) => ({
    id: a.id,
    verb: a.verb,
    user: a.actorId ? { id: a.actorId, name: name ?? '' } : null,
    before: a.before,
    after: a.after,
    at: a.at.toISOString(),
  }));
}
