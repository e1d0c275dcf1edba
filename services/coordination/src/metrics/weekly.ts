// The triage desk's weekly figures (issue 28, item 5): for each of the last METRICS_WEEKS weeks (Monday to
// Sunday, UTC; the current week last and partial), the reports received that week and what became of them —
// likely duplicates shown to staff, merges, the median time to the first staff response, held reports.
// Every figure is about the week's reports (cases created that week), so the columns can be compared.
import { sql } from 'drizzle-orm';
import { METRICS_WEEKS, type WeeklyMetricsRow } from '@cvdp/core';
import { type Db, rowsOf } from '@cvdp/server-kit';

/**
 * Held reports per week (the Monday, yyyy-MM-dd → count): the week's reports that were held beyond a submit
 * limit (issue 28 item 4), released since or not — `held_reports` keeps its rows after a release.
 */
export async function heldReportsPerWeek(db: Db, from: Date, until: Date): Promise<Map<string, number>> {
  const rows = await rowsOf<{ week: string; held: number }>(
    db,
    sql`select to_char(date_bin(interval '1 week', c.created_at, ${from}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD') as week,
               count(*)::int as held
          from held_reports h join cases c on c.id = h.case_id
         where c.created_at >= ${from} and c.created_at < ${until}
         group by 1`,
  );
  return new Map(rows.map((r) => [r.week, Number(r.held)]));
}

const MERGED_VERB = 'merged into case';

/** The Monday 00:00 UTC of the week `now` falls in. */
export function weekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

export async function weeklyMetrics(db: Db, now: Date): Promise<WeeklyMetricsRow[]> {
  const until = new Date(weekStart(now).getTime() + 7 * 86_400_000);
  const from = new Date(until.getTime() - METRICS_WEEKS * 7 * 86_400_000);
  const [rows, held] = await Promise.all([
    rowsOf<{
      week: string;
      received: number;
      found: number;
      merged: number;
      median: number | null;
    }>(
      db,
      sql`
      with weeks as (
        select generate_series(${from}::timestamptz, ${until}::timestamptz - interval '1 week', interval '1 week') as start),
      received as (
        select date_bin(interval '1 week', c.created_at, ${from}::timestamptz) as start,
               count(*)::int as received,
               count(f.case_id)::int as found,
               count(*) filter (where exists (select 1 from activity a where a.case_id = c.id and a.verb = ${MERGED_VERB}))::int as merged,
               (percentile_cont(0.5) within group (order by extract(epoch from (c.first_response_at - c.created_at)) / 3600.0)
                  filter (where c.first_response_at is not null))::float8 as median
          from cases c left join duplicate_findings f on f.case_id = c.id
         where c.created_at >= ${from} and c.created_at < ${until}
         group by 1)
      select to_char(weeks.start at time zone 'UTC', 'YYYY-MM-DD') as week,
             coalesce(r.received, 0) as received, coalesce(r.found, 0) as found,
             coalesce(r.merged, 0) as merged, r.median
        from weeks left join received r on r.start = weeks.start
       order by weeks.start`,
    ),
    heldReportsPerWeek(db, from, until),
  ]);
  return rows.map((r) => ({
    week: r.week,
    received: Number(r.received),
    duplicates_found: Number(r.found),
    duplicates_merged: Number(r.merged),
    first_response_median_hours: r.median === null ? null : Math.round(Number(r.median) * 100) / 100,
    held: held.get(r.week) ?? 0,
  }));
}
