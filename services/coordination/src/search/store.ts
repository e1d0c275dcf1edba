// Full-text search over search_entries (kept by database triggers: case titles and summaries, report
// answers; later posts and vulnerabilities). Ranked with ts_rank; snippets from ts_headline, made safe to
// render as HTML: PostgreSQL marks the matches with control characters that cannot come from the text
// (they are stripped from it first), the text is HTML-escaped, and only then do the marks become <mark>.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SearchHit, SearchHitType } from '@cvdp/core';
import type { Db } from '@cvdp/server-kit';
import { type Caller, filter } from '../policy/index.ts';
import { threadRestrictedToSql } from '../policy/rules.ts';
import { cases } from '../cases/tables.ts';
import { searchEntries } from './tables.ts';

const START = '\u0001';
const STOP = '\u0002';
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxFragments=2, MaxWords=30, MinWords=10, FragmentDelimiter=" … "`;

/**
 * What a search entry carries for `search.read`'s in-memory check: its thread's `restrictedTo` (posts; see
 * `threadOpen`). Select it with the entry wherever an entry is checked with `can()`.
 */
export const withThreadRestriction = { threadRestrictedTo: threadRestrictedToSql(searchEntries.threadId) };

const tsQuery = (words: string) => sql`plainto_tsquery('english', ${words})`;

/**
 * The entries the caller may see that match the words. Visibility is the policy's `search.read`: the
 * case.read rule on the entry's case and, for a post, its thread open to the caller (a restricted thread's
 * posts are found by its participants and staff only). Later types' narrower rules plug in there too.
 */
const matching = (caller: Caller, words: string) =>
  and(sql`${searchEntries.tsv} @@ ${tsQuery(words)}`, filter('search.read', caller));

export async function countHits(db: Db, caller: Caller, words: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(searchEntries).where(matching(caller, words));
  return n;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** ts_headline's output (marks as control characters) → escaped HTML with <mark>…</mark>. */
export const safeSnippet = (headline: string) =>
  escapeHtml(headline).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');

export async function searchHits(
  db: Db,
  caller: Caller,
  words: string,
  limit: number,
  offset: number,
): Promise<SearchHit[]> {
  const rank = sql<number>`ts_rank(${searchEntries.tsv}, ${tsQuery(words)})`;
  // Rank and slice first; headlines (costly) are built for the page's rows only.
  const page = db
    .select({
      id: searchEntries.id,
      caseId: searchEntries.caseId,
      type: searchEntries.type,
      title: searchEntries.title,
      body: searchEntries.body,
      rank: rank.as('rank'),
    })
    .from(searchEntries)
    .where(matching(caller, words))
    .orderBy(desc(rank), desc(searchEntries.id))
    .limit(limit)
    .offset(offset)
    .as('hits');
  const text = sql`translate(case when ${page.body} <> '' then ${page.body} else ${page.title} end, ${START + STOP}, '')`;
  const rows = await db
    .select({
      type: page.type,
      caseId: page.caseId,
      caseTitle: cases.title,
      title: page.title,
      rank: page.rank,
      headline: sql<string>`ts_headline('english', ${text}, ${tsQuery(words)}, ${HEADLINE_OPTIONS})`,
    })
    .from(page)
    .innerJoin(cases, eq(cases.id, page.caseId))
    .orderBy(desc(page.rank), desc(page.id));
  return rows.map((r) => ({
    type: r.type as SearchHitType,
    case: r.caseId,
    case_title: r.caseTitle,
    title: r.title || r.caseTitle,
    snippet: safeSnippet(r.headline),
    rank: Number(r.rank),
  }));
}
