// Insights over the scoring work (issue 13, part 2). Days are UTC; `start`..`end` are both included.
//  - scored per day: distinct records with a 'scored' activity that day (by `user` when given);
//  - time to score: hours from a record's arrival in the queue (cve_records.created_at) to its first
//    'scored' activity, over the records whose first score falls in the range;
//  - queue: records waiting now (open, assigned, reassess) in the whole queue, `user` or not (the queue is
//    shared), and with `user` how many of those are assigned to that scorer;
//  - vulnrich: on records we scored with the CISA Coordinator table in the range that carry CISA's ADP SSVC,
//    per decision point (Exploitation, Automatable, Technical Impact) how often our value equals CISA's;
//  - score: our decisions by table and outcome, CVSS severities by version, over scores last changed in range.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@cvdp/server-kit';
import type { Insights, ScoreInsights, VulnrichInsights } from '@cvdp/core/scoring/work';
import { cveRecords, vulEnrichment } from '../records/tables.ts';
import { vulActivity } from '../activity/tables.ts';
import { vulScores } from '../scores/tables.ts';

const from = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
const until = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
/** Statuses of a record still waiting for a scorer. */
const WAITING = ['open', 'assigned', 'reassess'];
const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export async function insights(db: Db, q: { start: string; end: string; user?: number }): Promise<Insights> {
  const byUser = q.user ? sql`and a.actor_id = ${q.user}` : sql``;
  const perDay = await rowsOf<{ day: string; n: number }>(
    db,
    sql`select to_char((a.at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(distinct a.record_id)::int as n
          from ${vulActivity} a
         where a.verb = 'scored' and a.at >= ${from(q.start)} and a.at < ${until(q.end)} ${byUser}
         group by 1`,
  );
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(distinct a.record_id)::int as n from ${vulActivity} a
         where a.verb = 'scored' and a.at >= ${from(q.start)} and a.at < ${until(q.end)} ${byUser}`,
  );
  const [tts] = await rowsOf<{ n: number; mean: number | null; median: number | null }>(
    db,
    sql`with first as (
          select a.record_id, min(a.at) as at from ${vulActivity} a where a.verb = 'scored' group by a.record_id
        ), firsts as (
          select f.record_id, extract(epoch from (f.at - r.created_at)) / 3600.0 as hours
            from first f join ${cveRecords} r on r.id = f.record_id
           where f.at >= ${from(q.start)} and f.at < ${until(q.end)}
             ${q.user ? sql`and exists (select 1 from ${vulActivity} a where a.record_id = f.record_id and a.verb = 'scored' and a.at = f.at and a.actor_id = ${q.user})` : sql``}
        )
        select count(*)::int as n, avg(hours)::float8 as mean,
               (percentile_cont(0.5) within group (order by hours))::float8 as median from firsts`,
  );
  // The queue is shared: its size is every scorer's, whatever `user` says; `assigned` is the part of it
  // assigned to `user` (null without one).
  const status = await rowsOf<{ status: string; n: number; mine: number }>(
    db,
    sql`select status, count(*)::int as n,
               count(*) filter (where ${q.user ? sql`assigned_to = ${q.user}` : sql`false`})::int as mine
          from ${cveRecords} where state = 'PUBLISHED' group by status`,
  );
  const byStatus = Object.fromEntries(status.map((s) => [s.status, Number(s.n)]));
  const waiting = status.filter((s) => WAITING.includes(s.status));
  const counts = new Map(perDay.map((d) => [d.day, Number(d.n)]));
  return {
    start: q.start,
    end: q.end,
    user: q.user ?? null,
    scored_per_day: days(q.start, q.end).map((date) => ({ date, scored: counts.get(date) ?? 0 })),
    scored_total: Number(total.n),
    time_to_score: {
      count: Number(tts.n),
      mean_hours: round(tts.mean === null ? null : Number(tts.mean)),
      median_hours: round(tts.median === null ? null : Number(tts.median)),
    },
    queue: {
      size: waiting.reduce((n, s) => n + Number(s.n), 0),
      by_status: byStatus,
      assigned: q.user ? waiting.reduce((n, s) => n + Number(s.mine), 0) : null,
    },
  };
}

/** CISA's words (vulnrichment.md §2, normalised at ingest) → core's value keys. */
const CISA_TO_OURS: Record<'E' | 'A' | 'TI', Record<string, string>> = {
  E: { none: 'N', poc: 'P', 'public poc': 'P', active: 'A' },
  A: { no: 'N', yes: 'Y' },
  TI: { partial: 'P', total: 'T' },
};
const POINT_NAMES = { E: 'Exploitation', A: 'Automatable', TI: 'Technical Impact' } as const;

export async function vulnrichInsights(
  db: Db,
  q: { start: string; end: string; user?: number },
): Promise<VulnrichInsights> {
  const rows = await rowsOf<{ values: Record<string, string>; cisa: string }>(
    db,
    sql`select s.ssvc_values as values, e.value as cisa
          from ${vulScores} s
          join ${vulEnrichment} e on e.record_id = s.record_id and e.kind = 'ssvc' and e.source = 'adp:CISA-ADP'
         where s.ssvc_table = 'cisa-coordinator' and s.updated_at >= ${from(q.start)} and s.updated_at < ${until(q.end)}
           ${q.user ? sql`and s.scored_by = ${q.user}` : sql``}`,
  );
  const keys = ['E', 'A', 'TI'] as const;
  const agree = { E: 0, A: 0, TI: 0 };
  let all = 0;
  for (const r of rows) {
    const cisa = Object.fromEntries(
      r.cisa.split('/').map((part) => {
        const [k, ...v] = part.split(':');
        return [k, v.join(':')];
      }),
    );
    let every = true;
    for (const k of keys) {
      const same = CISA_TO_OURS[k][cisa[k] ?? ''] === r.values?.[k];
      if (same) agree[k]++;
      else every = false;
    }
    if (every) all++;
  }
  const n = rows.length;
  return {
    start: q.start,
    end: q.end,
    user: q.user ?? null,
    compared: n,
    points: keys.map((key) => ({
      key,
      name: POINT_NAMES[key],
      agree: agree[key],
      disagree: n - agree[key],
      agreement: n ? Math.round((agree[key] / n) * 10_000) / 10_000 : null,
    })),
    all_agree: all,
  };
}

export async function scoreInsights(db: Db, q: { start: string; end: string }): Promise<ScoreInsights> {
  const range = sql`updated_at >= ${from(q.start)} and updated_at < ${until(q.end)}`;
  const [total] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${vulScores} where ${range}`,
  );
  const decisions = await rowsOf<{ table: string; outcome: string; name: string; n: number }>(
    db,
    sql`select ssvc_table as table, ssvc_outcome as outcome, max(ssvc_outcome_name) as name, count(*)::int as n
          from ${vulScores} where ${range} and ssvc_outcome is not null
         group by 1, 2 order by 1, 4 desc, 2`,
  );
  const severities = await rowsOf<{ version: '4.0' | '3.x'; severity: string; n: number }>(
    db,
    sql`select '4.0' as version, cvss4_severity as severity, count(*)::int as n from ${vulScores}
         where ${range} and cvss4_severity is not null group by 2
        union all
        select '3.x', cvss3_severity, count(*)::int from ${vulScores}
         where ${range} and cvss3_severity is not null group by 2`,
  );
  const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE'];
  return {
    start: q.start,
    end: q.end,
    scored: Number(total.n),
    decisions: decisions.map((d) => ({
      table: d.table,
      outcome: d.outcome,
      name: d.name,
      count: Number(d.n),
    })),
    severities: severities
      .map((s) => ({ version: s.version, severity: s.severity, count: Number(s.n) }))
      .sort(
        (a, b) => a.version.localeCompare(b.version) || order.indexOf(a.severity) - order.indexOf(b.severity),
      ),
  };
}
