// Likely duplicates of a report in triage: candidates found through duplicate_signals' GIN indexes — the
// same exact key (CVE id, reference URL, proof-of-concept hash), the same product with a shared CWE, or one
// of the report's rarest lexemes — then ranked by text similarity plus the weight of each exact reason.
// Cases are only those the caller may see (the policy's case.read filter); CVE records are public.
import { sql } from 'drizzle-orm';
import { CASE_STATUS, type DuplicateReason, type DuplicateSuggestion, caseStatusLabel } from '@cvdp/core';
import { type Db, rowsOf } from '@cvdp/server-kit';
import { type Caller, filter } from '../policy/index.ts';
import {
  CLOSE_TEXT_MIN,
  EXACT_KEY_WEIGHT,
  MAX_SUGGESTIONS,
  PRODUCT_AND_CWE_WEIGHT,
  SUGGEST_MIN,
  RARE_TERM_MAX_SHARE,
  RARE_TERM_MIN_CAP,
  RARE_TERMS,
  TEXT_CANDIDATES,
} from './thresholds.ts';

/** What a report is recognised by (its duplicate_signals row, or several reports of a case together). */
export interface Signals {
  products: string[];
  cwes: string[];
  keys: string[];
  terms: string[];
}

/** The signals of a case's reports: every product, CWE, key and lexeme of them. */
export async function signalsOfCase(db: Db, caseId: number): Promise<Signals | null> {
  const [row] = await rowsOf<Signals & { n: number }>(
    db,
    sql`select count(*)::int as n,
          coalesce(array(select distinct x from duplicate_signals d, unnest(d.products) x where d.case_id = ${caseId}), '{}') as products,
          coalesce(array(select distinct x from duplicate_signals d, unnest(d.cwes) x where d.case_id = ${caseId}), '{}') as cwes,
          coalesce(array(select distinct x from duplicate_signals d, unnest(d.keys) x where d.case_id = ${caseId}), '{}') as keys,
          coalesce(array(select distinct x from duplicate_signals d, unnest(d.terms) x where d.case_id = ${caseId}), '{}') as terms
        from duplicate_signals where case_id = ${caseId}`,
  );
  return row && row.n > 0 ? row : null;
}

interface CandidateRow {
  case_id: number | null;
  cve_id: string | null;
  title: string;
  status: number | null;
  similarity: number;
  shared_keys: string[];
  product_and_cwe: boolean;
}

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** The score and reasons of one candidate, from the thresholds (thresholds.ts). */
export function rank(row: Pick<CandidateRow, 'similarity' | 'shared_keys' | 'product_and_cwe'>) {
  const reasons: DuplicateReason[] = [];
  const kinds = new Set(row.shared_keys.map((k) => k.slice(0, k.indexOf(':'))));
  if (kinds.has('cve')) reasons.push('same_cve_id');
  if (kinds.has('url')) reasons.push('same_reference_url');
  if (kinds.has('poc')) reasons.push('same_poc_file');
  if (row.product_and_cwe) reasons.push('same_product_and_cwe');
  if (row.similarity >= CLOSE_TEXT_MIN) reasons.push('close_text');
  const score =
    row.similarity +
    (row.product_and_cwe ? PRODUCT_AND_CWE_WEIGHT : 0) +
    (kinds.size > 0 ? EXACT_KEY_WEIGHT : 0);
  return { score, reasons };
}

/**
 * The likely duplicates of `signals` among the cases `caller` may see (but `exceptCase`) and the CVE
 * records, best first. Text is compared by lexemes weighted by rarity (idf from duplicate_terms): a
 * candidate must share one of the query's rarest lexemes, and its similarity is the idf-weighted cosine of
 * the two lexeme sets. `all` skips the score threshold (the evaluation tunes it on every candidate).
 */
export async function findDuplicates(
  db: Db,
  caller: Caller,
  signals: Signals,
  exceptCase: number | null,
  options: { all?: boolean } = {},
): Promise<DuplicateSuggestion[]> {
  const visible = sql`(s.case_id is null or (s.case_id is distinct from ${exceptCase} and ${filter('case.read', caller) ?? sql`true`}))`;
  const keys = textArray(signals.keys);
  const products = textArray(signals.products);
  const cwes = textArray(signals.cwes);
  const terms = textArray(signals.terms);
  const rows = await rowsOf<CandidateRow>(
    db,
    sql`with stats as (select coalesce((select greatest(n, 1) from duplicate_terms where term = ''), 1)::float8 as n),
        qw as (
          select q.term, coalesce(d.n, 1) as df, ln(((select n from stats) + 1) / greatest(coalesce(d.n, 1), 1)) as w
            from unnest(${terms}) q(term) left join duplicate_terms d on d.term = q.term),
        rare as (
          select array_agg(term) as a from (
            select term from qw where df <= greatest(${RARE_TERM_MIN_CAP}, (select n from stats) * ${RARE_TERM_MAX_SHARE})
            order by df, term limit ${RARE_TERMS}) r),
        text_hits as (
          select s.id from duplicate_signals s left join cases on cases.id = s.case_id
           where s.terms && (select a from rare) and ${visible}
           order by (select sum(qw.w) from unnest(s.terms) t(term) join qw using (term)) desc
           limit ${TEXT_CANDIDATES}),
        product_hits as (
          select s.id from duplicate_signals s left join cases on cases.id = s.case_id
           where s.products && ${products} and s.cwes && ${cwes} and ${visible}
           order by (select sum(qw.w) from unnest(s.terms) t(term) join qw using (term)) desc nulls last
           limit ${TEXT_CANDIDATES}),
        key_hits as (
          select s.id from duplicate_signals s left join cases on cases.id = s.case_id
           where s.keys && ${keys} and ${visible}),
        picked as (select id from text_hits union select id from product_hits union select id from key_hits)
        select s.case_id, s.cve_id,
               coalesce(cases.title, nullif(s.title, ''), s.cve_id, '') as title,
               cases.status,
               coalesce(
                 (select sum(qw.w) from unnest(s.terms) t(term) join qw using (term))
                 / nullif(sqrt((select sum(w) from qw) *
                   (select sum(ln(((select n from stats) + 1) / greatest(d.n, 1)))
                      from unnest(s.terms) t(term) join duplicate_terms d using (term))), 0),
                 0)::float8 as similarity,
               array(select unnest(s.keys) intersect select unnest(${keys})) as shared_keys,
               (s.products && ${products} and s.cwes && ${cwes}) as product_and_cwe
          from picked
          join duplicate_signals s on s.id = picked.id
          left join cases on cases.id = s.case_id`,
  );
  // A case with several matching reports is suggested once, by its best.
  const best = new Map<string, DuplicateSuggestion>();
  for (const row of rows) {
    const { score, reasons } = rank(row);
    if (!options.all && score < SUGGEST_MIN) continue;
    const key = row.case_id !== null ? `case:${row.case_id}` : `cve:${row.cve_id}`;
    const previous = best.get(key);
    if (previous && previous.score >= score) continue;
    best.set(key, {
      kind: row.case_id !== null ? 'case' : 'cve',
      case: row.case_id,
      cve_id: row.case_id !== null ? null : row.cve_id,
      title: row.title,
      status_label: row.status === null ? null : caseStatusLabel(row.status),
      score: Math.round(score * 1000) / 1000,
      similarity: Math.round(row.similarity * 1000) / 1000,
      reasons,
    });
  }
  return [...best.values()]
    .sort(
      (a, b) =>
        b.score - a.score || (a.case ?? 0) - (b.case ?? 0) || (a.cve_id ?? '').localeCompare(b.cve_id ?? ''),
    )
    .slice(0, options.all ? undefined : MAX_SUGGESTIONS);
}

/**
 * "Duplicates found" (the dashboard's weekly figures): the first time staff are shown at least one likely
 * duplicate of a report still in triage. Later looks change nothing.
 */
export async function recordFinding(db: Db, caseId: number, suggestions: number) {
  if (suggestions === 0) return;
  await db.execute(
    sql`insert into duplicate_findings (case_id, suggestions)
        select id, ${suggestions} from cases where id = ${caseId} and status = ${CASE_STATUS.PENDING}
        on conflict (case_id) do nothing`,
  );
}
