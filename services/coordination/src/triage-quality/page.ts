// A page of the triage queue in one statement: the page's cases with their first report, scores and reporter's
// name, and the queue's count up to the cap (an uncorrelated subquery, evaluated once). Before, a page was four
// round trips (the count, the page, the reporters' names and the scores); under fifty clients a list's cost is
// mostly its statements (bench/README.md, issue 30). Without a word search the statement is prepared once per
// shape (held or waiting, oldest or weakest first): neither this process nor PostgreSQL builds or plans it again.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { CASE_STATUS } from '@cvdp/core';
import { type Db, preparedOnce, preparedWindow, sqlNumber } from '@cvdp/server-kit';
import { type TriagePageQuery, type TriagePageRow, matchesWords, triageConditions } from '../cases/store.ts';
import { type RawRow, notVulnerabilitySince, scored, toRow, triageCases } from './store.ts';

/** The statement's values: given, or a prepared statement's placeholders. */
interface Values {
  limit: number | Placeholder;
  offset: number | Placeholder;
  countLimit: number | Placeholder;
  now: Date | Placeholder;
  since: Date | Placeholder;
}

/**
 * The page's cases weakest first: two index walks over triage_order merged, one over the rows whose "closed as
 * not a vulnerability lately" holds at `now` (their score_nv), one over the rest (score_plain) — so a page reads
 * about a page of rows however long the queue. The cases are then joined in that order.
 */
function weakestFirst(query: string | undefined, held: boolean, v: Values): SQL {
  const upTo = sql`${v.limit}::int + ${v.offset}::int`;
  const from = query ? sql`triage_order o join cases on cases.id = o.case_id` : sql`triage_order o`;
  const words = query ? sql`and ${matchesWords(query)}` : sql``;
  const order = sql`select case_id, score, created_at from (
        (select o.case_id, o.score_nv as score, o.created_at from ${from}
          where o.held = ${held} and o.nv_until >= ${v.now} ${words}
          order by o.score_nv, o.created_at, o.case_id limit ${upTo})
        union all
        (select o.case_id, o.score_plain, o.created_at from ${from}
          where o.held = ${held} and (o.nv_until is null or o.nv_until < ${v.now}) ${words}
          order by o.score_plain, o.created_at, o.case_id limit ${upTo})
      ) merged order by score, created_at, case_id limit ${v.limit} offset ${v.offset}`;
  // A case that left the queue since triage_order was written is left out of the page.
  return sql`select cases.id, cases.title, cases.created_at as case_created_at, r.id as report_id,
                    r.submitted_by as reporter_id, r.created_at as report_created_at,
                    o.score as order_score, o.created_at as order_created_at
               from (${order}) o
               join cases on cases.id = o.case_id and cases.status = ${CASE_STATUS.PENDING}
               left join reports r on r.id = (select id from reports where case_id = cases.id order by id limit 1)`;
}

function pageStatement(db: Db, query: string | undefined, held: boolean, byQuality: boolean, v: Values) {
  const t = byQuality
    ? weakestFirst(query, held, v)
    : triageCases(
        triageConditions(query, held)!,
        sql`order by cases.created_at, cases.id limit ${v.limit} offset ${v.offset}`,
      );
  // The count, and for the weakest first the stored order the page was chosen in (the outer ORDER BY's).
  const extra = sql`, (select count(*) from (select 1 from cases where ${triageConditions(query, held)}
                        limit ${v.countLimit}) as waiting)::int as total
                    ${byQuality ? sql`, t.order_score, t.order_created_at` : sql``}`;
  const page = sql`(${scored(t, v.since, extra)}) as page`;
  const column = (name: keyof RawRow | 'total') => sql`page.${sql.identifier(name)}`;
  return db
    .select({
      id: column('id'),
      title: column('title'),
      case_created_at: column('case_created_at'),
      reporter_id: column('reporter_id'),
      reporter_user_id: column('reporter_user_id'),
      reporter_name: column('reporter_name'),
      report_created_at: column('report_created_at'),
      product: column('product'),
      missing_steps: column('missing_steps'),
      missing_version: column('missing_version'),
      no_poc: column('no_poc'),
      common_text: column('common_text'),
      reporter_not_vulnerability: column('reporter_not_vulnerability'),
      reporter_valid_history: column('reporter_valid_history'),
      score: column('score'),
      total: column('total'),
    })
    .from(page)
    .orderBy(
      byQuality ? sql`page.order_score, page.order_created_at, page.id` : sql`page.case_created_at, page.id`,
    );
}

/**
 * A page of the triage queue with its count on every row (none when the page is empty: page 1 is then an
 * empty queue, a later page past its end). With a word search the statement is built and planned for its
 * words: a generic plan would not know a common word from a rare one.
 */
export async function readTriagePage(db: Db, q: TriagePageQuery): Promise<TriagePageRow[]> {
  const values = {
    limit: q.limit,
    offset: q.offset,
    countLimit: q.countLimit,
    now: q.now,
    since: notVulnerabilitySince(q.now),
  };
  // The first page of the desk's size is written into the SQL, so that PostgreSQL keeps a generic plan.
  const w = preparedWindow(q.limit, q.offset);
  // The name fixes every literal written into the SQL: the first page's count bound too.
  const inlined = w.suffix && `${w.suffix}c${q.countLimit}`;
  const name = `triage${q.held ? '_held' : ''}${q.byQuality ? '_quality' : ''}${inlined}`;
  const rows = q.query
    ? await pageStatement(db, q.query, q.held, q.byQuality, values)
    : await preparedOnce(db, name, () =>
        pageStatement(db, undefined, q.held, q.byQuality, {
          limit: w.limit,
          offset: w.offset,
          // The first page's count bound is that page's, the same on every run.
          countLimit: w.suffix ? sqlNumber(q.countLimit) : sql.placeholder('countLimit'),
          now: sql.placeholder('now'),
          since: sql.placeholder('since'),
        }).prepare(name),
      ).execute(values);
  return (rows as unknown as (RawRow & { total: number })[]).map((raw) => ({
    ...toRow(raw),
    total: Number(raw.total),
  }));
}
