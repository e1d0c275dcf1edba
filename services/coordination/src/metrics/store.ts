// The desk's figures for a date range (UTC days): cases opened, activated and closed per day — every day
// present, zeros included — their totals, and how long cases created in the range took to a first staff
// response and to closing. With a user: only cases they are or were assigned to, or own. No HTTP here.
import { type Column, and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DurationStats, MetricsDay } from '@cvdp/core';
import { type Db, rowsOf } from '@cvdp/server-kit';
import { caseAssignments } from '../assignments/tables.ts';
import { caseParticipants, cases } from '../cases/tables.ts';

export interface MetricsRange {
  /** yyyy-MM-dd, both days included. */
  start: string;
  end: string;
  userId?: number;
}

/** The cases a user is (or was) assigned to or owns (the case's owner, or an owner participant). */
function casesOfUser(userId: number): SQL {
  return or(
    eq(cases.ownerId, userId),
    sql`exists (select 1 from ${caseAssignments} where ${caseAssignments.caseId} = ${cases.id} and ${caseAssignments.userId} = ${userId})`,
    sql`exists (select 1 from ${caseParticipants} where ${caseParticipants.caseId} = ${cases.id} and ${caseParticipants.userId} = ${userId} and ${caseParticipants.role} = 'owner')`,
  )!;
}

/** UTC midnight of the first day, and of the day after the last. */
const bounds = (range: MetricsRange) => ({
  from: sql`(${range.start}::date)::timestamp at time zone 'UTC'`,
  until: sql`(${range.end}::date + 1)::timestamp at time zone 'UTC'`,
});

/** Cases per UTC day of `column` within the range (only days with any). */
function perDay(range: MetricsRange, column: Column) {
  const { from, until } = bounds(range);
  return sql`select (${column} at time zone 'UTC')::date as day, count(*)::int as n from ${cases}
    where ${and(sql`${column} >= ${from}`, sql`${column} < ${until}`, range.userId ? casesOfUser(range.userId) : undefined)}
    group by 1`;
}

export async function metricsDays(db: Db, range: MetricsRange): Promise<MetricsDay[]> {
  const rows = await rowsOf<{ date: string; opened: number; activated: number; closed: number }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
      coalesce(o.n, 0)::int as opened, coalesce(a.n, 0)::int as activated, coalesce(c.n, 0)::int as closed
    from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') as d(day)
    left join (${perDay(range, cases.createdAt)}) o on o.day = d.day::date
    left join (${perDay(range, cases.activatedAt)}) a on a.day = d.day::date
    left join (${perDay(range, cases.closedAt)}) c on c.day = d.day::date
    order by d.day`,
  );
  return rows.map((r) => ({
    date: r.date,
    opened: Number(r.opened),
    activated: Number(r.activated),
    closed: Number(r.closed),
  }));
}

const hours = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 100) / 100);

/** From created_at to `until` for the cases created in the range that have reached it. */
export async function durationStats(db: Db, range: MetricsRange, until: Column): Promise<DurationStats> {
  const { from, until: end } = bounds(range);
  const [row] = await rowsOf<{ n: number; median: number | null; mean: number | null }>(
    db,
    sql`
    select count(*)::int as n,
      (percentile_cont(0.5) within group (order by h))::float8 as median,
      avg(h)::float8 as mean
    from (
      select extract(epoch from (${until} - ${cases.createdAt})) / 3600.0 as h from ${cases}
      where ${and(
        sql`${cases.createdAt} >= ${from}`,
        sql`${cases.createdAt} < ${end}`,
        sql`${until} is not null`,
        range.userId ? casesOfUser(range.userId) : undefined,
      )}
    ) durations`,
  );
  return { count: Number(row.n), median_hours: hours(row.median), mean_hours: hours(row.mean) };
}
