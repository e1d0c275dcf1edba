// Full-text search over search_entries (kept by database triggers: case titles and summaries, report
// answers; later posts and vulnerabilities). Ranked with ts_rank; snippets from ts_headline, made safe to
// render as HTML: PostgreSQL marks the matches with control characters that cannot come from the text
// (they are stripped from it first), the text is HTML-escaped, and only then do the marks become <mark>.
import { type Placeholder, type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { SearchHit, SearchHitType } from '@cvdp/core';
import { type AuthUser, type Db, isStaff, preparedOnce, preparedWindow, sqlNumber } from '@cvdp/server-kit';
import {
  type ListCaller,
  callerOf,
  callerParams,
  callerShapeOf,
  filter,
  preparedCaller,
} from '../policy/index.ts';
import { amongCallersCases } from '../cases/store.ts';
import { threadRestrictedToSql } from '../policy/rules.ts';
import { cases } from '../cases/tables.ts';
import { searchEntries } from './tables.ts';
import { entriesBefore, wordsRowByRow } from '../cases/common-words.ts';

const START = '\u0001';
const STOP = '\u0002';
const HEADLINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxFragments=2, MaxWords=30, MinWords=10, FragmentDelimiter=" … "`;

/**
 * What a search entry carries for `search.read`'s in-memory check: its thread's `restrictedTo` (posts; see
 * `threadOpen`). Select it with the entry wherever an entry is checked with `can()`.
 */
export const withThreadRestriction = { threadRestrictedTo: threadRestrictedToSql(searchEntries.threadId) };

const tsQuery = (words: string | Placeholder) => sql`plainto_tsquery('english', ${words})`;

/**
 * The words' query parsed once per statement (a sub-select), for the expressions evaluated on each candidate and
 * hit: with the words a parameter, a prepared statement's generic plan parsed them again for every one of the
 * 1,001 candidates ranked (PostgreSQL folds the call into a constant only when it knows the words), and priced
 * that plan too high to keep it (bench/README.md, issue 30).
 */
const tsQueryOnce = (words: string | Placeholder) => sql`(select ${tsQuery(words)})`;

/**
 * The entries the caller may see that match the words. Visibility is the policy's `search.read`: the
 * case.read rule on the entry's case and, for a post, its thread open to the caller (a restricted thread's
 * posts are found by its participants and staff only). Later types' narrower rules plug in there too. For a
 * caller who is not staff the entries are also read among their own cases (`amongCallersCases`): the search
 * is driven by those, with the same plan whoever asks and whatever the words.
 */
const matching = (caller: ListCaller, words: string | Placeholder, range?: SQL | null) =>
  and(
    range ? and(range, wordsRowByRow(words)) : sql`${searchEntries.tsv} @@ ${tsQuery(words)}`,
    caller.staff ? undefined : amongCallersCases(caller, searchEntries.caseId),
    filter('search.read', caller),
  );

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** ts_headline's output (marks as control characters) → escaped HTML with <mark>…</mark>. */
export const safeSnippet = (headline: string) =>
  escapeHtml(headline).replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');

/** A page of search hits and the matches counted up to the bound + 1 (paginateCapped's cap). */
export interface SearchPage {
  /** The matching entries the caller may see, counted up to `bound` + 1. */
  n: number;
  hits: SearchHit[];
}

/**
 * A page of hits ranked by relevance over a bounded candidate set, with their count, in one statement: the
 * first `bound` + 1 matching entries the caller may see (the index's order) are read once — counted, and the
 * first `bound` of them ranked — so a common word ranks a thousand entries, not a third of the index. While
 * the count is exact (at most `bound`) every match is a candidate and the ranking is exact. With `range`
 * (denseScanBound) only the table's first pages are read: when they hold more than `bound` matches those are
 * the same first matches the index gives, in the same order; when not, the caller asks the index instead.
 * Before, the count and the candidates were two statements reading the same matches (bench/README.md, issue 30).
 */
export async function searchPage(
  db: Db,
  user: AuthUser,
  words: string,
  window: { limit: number; offset: number; bound: number },
  /** The first tid past denseScanEnd's range: read only the entries before it. */
  before?: string | null,
): Promise<SearchPage> {
  const values = { ...window, upTo: window.bound + 1 };
  const rows = !isStaff(user)
    ? await searchPagePrepared(db, user).execute({ ...callerParams(user), words, ...values })
    : before
      ? await staffRangePrepared(db, user, window).execute({
          ...callerParams(user),
          words,
          before,
          ...values,
        })
      : await searchPageQuery(db, callerOf(user), words, values);
  const hits = rows.map((r) => ({
    type: r.type as SearchHitType,
    case: r.caseId,
    case_title: r.caseTitle,
    title: r.title || r.caseTitle,
    snippet: safeSnippet(r.headline),
    rank: Number(r.rank),
  }));
  // A page past the last hit has no row to carry the count: any count up to its offset answers alike (none on
  // the first page; a later one is past the end, paginateCapped's 400).
  return { n: rows.length ? Number(rows[0].total) : 0, hits };
}

/**
 * The search of someone who is not staff, prepared once per shape (groups or not) with the caller's ids opaque
 * (PreparedCaller's `opaque`) and the words, page and bound as parameters: driven by their own cases, its plan
 * does not depend on either, and PostgreSQL keeps it instead of planning each search.
 */
function searchPagePrepared(db: Db, user: AuthUser) {
  const shape = callerShapeOf(user);
  const name = shape.groups ? 'search_page_groups' : 'search_page';
  return preparedOnce(db, name, () =>
    searchPageQuery(db, preparedCaller(shape, true), sql.placeholder('words'), {
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
      bound: sql.placeholder('bound'),
      upTo: sql.placeholder('upTo'),
    }).prepare(name),
  );
}

/**
 * Staff's search of common words, read from the table's first pages (denseScanEnd): the range and the words
 * are parameters, and every value gives the same plan (a scan of that range, stopping at the bound), so it is
 * prepared once per shape — the first page of 20 with its LIMIT and bound written in, so that PostgreSQL keeps
 * a generic plan (server-kit `preparedWindow`; with them unknown the generic plan cost a hundred times the
 * custom one, and every search was planned again). Staff's other searches ask the index for the words and stay
 * planned per request: a generic plan cannot tell a common word from a rare one.
 */
function staffRangePrepared(
  db: Db,
  user: AuthUser,
  window: { limit: number; offset: number; bound: number },
) {
  const shape = callerShapeOf(user);
  const w = preparedWindow(window.limit, window.offset);
  const name = `search_page_staff_range${shape.groups ? '_groups' : ''}${w.suffix}${w.suffix ? `c${window.bound + 1}` : ''}`;
  return preparedOnce(db, name, () =>
    searchPageQuery(
      db,
      preparedCaller(shape, true),
      sql.placeholder('words'),
      w.suffix
        ? {
            limit: w.limit,
            offset: w.offset,
            bound: sqlNumber(window.bound),
            upTo: sqlNumber(window.bound + 1),
          }
        : {
            limit: sql.placeholder('limit'),
            offset: sql.placeholder('offset'),
            bound: sql.placeholder('bound'),
            upTo: sql.placeholder('upTo'),
          },
      entriesBefore(sql.placeholder('before')),
    ).prepare(name),
  );
}

type Value = number | Placeholder;

function searchPageQuery(
  db: Db,
  caller: ListCaller,
  words: string | Placeholder,
  v: { limit: Value; offset: Value; bound: Value; upTo: Value },
  range?: SQL | null,
) {
  // The policy filter is inside the bounded set: nothing the caller may not see is counted or ranked.
  const candidates = db
    .select({
      id: searchEntries.id,
      caseId: searchEntries.caseId,
      type: searchEntries.type,
      title: searchEntries.title,
      body: searchEntries.body,
      tsv: searchEntries.tsv,
    })
    .from(searchEntries)
    .where(matching(caller, words, range))
    .limit(v.upTo)
    .as('candidates');
  const rank = sql<number>`ts_rank(${candidates.tsv}, ${tsQueryOnce(words)})`;
  // Every candidate counted (the window runs before the page is cut); the one past the bound, if read, only
  // counted: it sorts after the page, whose end is within the bound (countBound).
  const ranked = db
    .select({
      id: candidates.id,
      caseId: candidates.caseId,
      type: candidates.type,
      title: candidates.title,
      body: candidates.body,
      rank: rank.as('rank'),
      total: sql<number>`count(*) over ()`.as('total'),
      inBound: sql<boolean>`row_number() over () <= ${v.bound}::int`.as('in_bound'),
    })
    .from(candidates)
    .as('ranked');
  // Rank and slice first; headlines (costly) are built for the page's rows only.
  const page = db
    .select({
      id: ranked.id,
      caseId: ranked.caseId,
      type: ranked.type,
      title: ranked.title,
      body: ranked.body,
      rank: ranked.rank,
      total: ranked.total,
    })
    .from(ranked)
    .orderBy(desc(ranked.inBound), desc(ranked.rank), desc(ranked.id))
    .limit(v.limit)
    .offset(v.offset)
    .as('hits');
  const text = sql`translate(case when ${page.body} <> '' then ${page.body} else ${page.title} end, ${START + STOP}, '')`;
  return db
    .select({
      type: page.type,
      caseId: page.caseId,
      caseTitle: cases.title,
      title: page.title,
      rank: page.rank,
      total: page.total,
      headline: sql<string>`ts_headline('english', ${text}, ${tsQueryOnce(words)}, ${HEADLINE_OPTIONS})`,
    })
    .from(page)
    .innerJoin(cases, eq(cases.id, page.caseId))
    .orderBy(desc(page.rank), desc(page.id));
}
