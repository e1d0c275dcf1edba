// The triage score (issue 28, "quality signals, not walls"): from a report's stored flags (report_quality,
// kept by a trigger) and its reporter's record, read in one statement for a page of the queue; the queue ordered
// weakest first walks triage_order, the same score kept by triggers. It only orders and labels: nothing here
// hides a report.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  type TriageQuality,
  type TriageQualityLabel,
  type TriageQualityReason,
  TRIAGE_QUALITY_REASONS,
} from '@cvdp/core';
import { type Db, rowsOf } from '@cvdp/server-kit';
import type { UserRef } from '../accounts/user-refs.ts';
import {
  COMMON_TEXT_SHARE,
  NOT_VULNERABILITY_DAYS,
  NOT_VULNERABILITY_MIN,
  STRONG_MIN,
  VALID_HISTORY_MIN,
  WEAK_BELOW,
  WEIGHTS,
} from './thresholds.ts';

/** A triage row as the cases list reads it, with the flags its score is made of. */
export interface ScoredTriageRow {
  id: number;
  title: string;
  caseCreatedAt: Date;
  reporterId: number | null;
  /** The first report's submitter as the queue shows them (null: none, or their account is gone). */
  reporter: UserRef | null;
  reportCreatedAt: Date | null;
  product: string | null;
  quality: TriageQuality;
}

export interface RawRow {
  id: number;
  title: string;
  case_created_at: Date | string;
  reporter_id: number | null;
  reporter_user_id: number | null;
  reporter_name: string | null;
  report_created_at: Date | string | null;
  product: string | null;
  missing_steps: boolean | null;
  missing_version: boolean | null;
  no_poc: boolean | null;
  common_text: boolean | null;
  reporter_not_vulnerability: boolean;
  reporter_valid_history: boolean;
  score: number;
}

/** 100 less each weak point's weight, plus a good record's, kept within 0–100 (one definition, in SQL). */
const SCORE = sql.raw(`least(100, greatest(0, 100
  - case when coalesce(q.missing_steps, false) then ${WEIGHTS.missing_steps} else 0 end
  - case when coalesce(q.missing_version, false) then ${WEIGHTS.missing_version} else 0 end
  - case when coalesce(q.no_poc, false) then ${WEIGHTS.no_poc} else 0 end
  - case when coalesce(q.common_share, 0) >= ${COMMON_TEXT_SHARE} then ${WEIGHTS.common_text} else 0 end
  - case when coalesce(rep.not_vulnerability, 0) >= ${NOT_VULNERABILITY_MIN} then ${WEIGHTS.reporter_not_vulnerability} else 0 end
  + case when coalesce(rep.valid, 0) >= ${VALID_HISTORY_MIN} then ${WEIGHTS.reporter_valid_history} else 0 end))`);

/** The `t` of `scored`: triage cases matching `where` with their first report, in `tail`'s order and window. */
export function triageCases(where: SQL, tail: SQL = sql``): SQL {
  return sql`select cases.id, cases.title, cases.created_at as case_created_at, r.id as report_id,
                    r.submitted_by as reporter_id, r.created_at as report_created_at
               from cases
               left join reports r on r.id = (select id from reports where case_id = cases.id order by id limit 1)
              where ${where} ${tail}`;
}

/**
 * The rows of `t` (triageCases, or another select with the same columns) with their scores and the reporter's
 * name. The reporter's record is their reporter_records row (kept by triggers): "several closed as not a
 * vulnerability lately" is the NOT_VULNERABILITY_MIN-th latest such closure on or after `since` (NOT_VULNERABILITY_DAYS
 * before now). `extra` adds select-list items (the page's count).
 */
export function scored(t: SQL, since: Date | Placeholder, extra: SQL = sql``) {
  return sql`
    with t as (${t}),
    rep as (
      select user_id as submitted_by,
             case when coalesce(not_vulnerability_closed[${NOT_VULNERABILITY_MIN}] >= ${since}, false)
                  then ${NOT_VULNERABILITY_MIN} else 0 end as not_vulnerability,
             valid_cases as valid
        from reporter_records)
    select t.id, t.title, t.case_created_at, t.reporter_id, u.id as reporter_user_id, u.name as reporter_name,
           t.report_created_at,
           -- Read after the order and the limit (an expensive select-list item is worked out for the page only).
           (select jsonb_path_query_first(pr.current, 'strict $[*] ? (@.question == "Product").answer') #>> '{}'
              from reports pr where pr.id = t.report_id) as product,
           q.missing_steps, q.missing_version, q.no_poc, q.common_share >= ${COMMON_TEXT_SHARE} as common_text,
           coalesce(rep.not_vulnerability, 0) >= ${NOT_VULNERABILITY_MIN} as reporter_not_vulnerability,
           coalesce(rep.valid, 0) >= ${VALID_HISTORY_MIN} as reporter_valid_history,
           ${SCORE}::int as score ${extra}
      from t
      left join report_quality q on q.report_id = t.report_id
      left join rep on rep.submitted_by = t.reporter_id
      left join users u on u.id = t.reporter_id`;
}

/** The instant from which a closure counts as "lately". */
export const notVulnerabilitySince = (now: Date) =>
  new Date(now.getTime() - NOT_VULNERABILITY_DAYS * 86_400_000);

export const labelOf = (score: number): TriageQualityLabel =>
  score < WEAK_BELOW ? 'weak' : score < STRONG_MIN ? 'fair' : 'strong';

/** The reasons in the order the screen lists them: core's order. */
const REASON_ORDER: readonly TriageQualityReason[] = TRIAGE_QUALITY_REASONS;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export function toRow(raw: RawRow): ScoredTriageRow {
  const score = Number(raw.score);
  return {
    id: raw.id,
    title: raw.title,
    caseCreatedAt: asDate(raw.case_created_at),
    reporterId: raw.reporter_id,
    reporter:
      raw.reporter_user_id === null ? null : { id: raw.reporter_user_id, name: raw.reporter_name ?? '' },
    reportCreatedAt: raw.report_created_at === null ? null : asDate(raw.report_created_at),
    product: raw.product,
    quality: {
      score,
      label: labelOf(score),
      reasons: REASON_ORDER.filter((reason) => raw[reason] === true),
      reporter_valid_history: raw.reporter_valid_history === true,
    },
  };
}

/** The quality of each of these triage cases (a page of the queue, in any order). */
export async function qualityOf(db: Db, caseIds: number[], now: Date): Promise<Map<number, TriageQuality>> {
  if (caseIds.length === 0) return new Map();
  const where = sql`cases.id in (${sql.join(caseIds, sql`, `)})`;
  const rows = await rowsOf<RawRow>(db, scored(triageCases(where), notVulnerabilitySince(now)));
  return new Map(rows.map((raw) => [raw.id, toRow(raw).quality]));
}
