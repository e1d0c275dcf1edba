// Common phrases in the queue at scale (issue 30). `query=sql injection` matched 15,000 of 300,000 records:
// the GIN index answers `tsv @@ words` only as a bitmap of every match, whatever LIMIT follows, so a page
// fetched all 15,000 rows (12,900 heap pages of 900) to sort them and keep 50. The planner would walk the
// ordering's index instead if it knew the words were that common, but it multiplies the words' frequencies
// as if they were independent (1,500 expected).
//
// So when pg_stats says every word of the phrase is common (server-kit word-stats.ts) and the queue's capped
// count found more than its bound (the matches are dense), the page walks the ordering's index over the
// other filters, checks the words row by row and stops at the page's end, reading at most walkRows rows. A
// full page is the same rows in the same order the index and a sort give: the first matches in the ordering
// are among the first rows in it. A short one (the walk ran out: the matches are rare at the ordering's
// start, e.g. "sql injection" by ascending score) is read again the exact way; the walk's bound is what a
// wrong guess costs.
//
// The count stays on the index: it stops at 1,001 rows, and a range of the table's first pages (what the
// coordination service reads for common words) holds 2 KB rows here: reading enough of them cost more than
// the bitmap (180 against 90 ms at 300,000 records on the loaded machine).
import { type SQL, sql } from 'drizzle-orm';
import { type Db, lexemeShare, rowsOf, tsqueryLexemes, wordStats } from '@cvdp/server-kit';
import { cveRecords } from './tables.ts';
import { type OrderColumns, orderBy } from './ordering.ts';

export interface CommonPhraseOptions {
  /** Below this many records the index is cheap enough: never guess. */
  minRecords: number;
  /** Every word of the phrase must be in at least this share of the records. */
  minShare: number;
  /** At most how many rows of the ordering the page walks. */
  walkRows: number;
}

/** Tests lower these to take the common-phrase reading on a small table. */
export const COMMON_PHRASE_DEFAULTS: CommonPhraseOptions = {
  minRecords: 100_000,
  minShare: 0.02,
  // Walking 20,000 rows without a match cost 350 ms (cold) at 300,000 records; dense phrases need a few hundred
  // to 2,000 for a first page, and a page 3 of a 4 % phrase about 3,750.
  walkRows: 5_000,
};

/** A phrase the statistics call common, with the other filters of the queue. */
export interface CommonPhrase {
  words: string;
  filters: SQL | undefined;
  walkRows: number;
}

/**
 * `words` (a queueToTsquery tsquery) as a CommonPhrase when every lexeme of it is common in cve_records.tsv,
 * else null (use the index).
 */
export async function commonPhrase(
  db: Db,
  words: string | null,
  filters: SQL | undefined,
  options: CommonPhraseOptions = COMMON_PHRASE_DEFAULTS,
): Promise<CommonPhrase | null> {
  if (!words) return null;
  const stats = await wordStats(db, 'cve_records', 'tsv');
  if (stats.rows < options.minRecords || stats.shares.size === 0) return null;
  // PostgreSQL's parser decides the lexemes ('simple' splits some words further, e.g. at hyphens).
  const [{ text }] = await rowsOf<{ text: string }>(
    db,
    sql`select to_tsquery('simple', ${words})::text as text`,
  );
  const lexemes = tsqueryLexemes(text);
  if (lexemes.length === 0 || lexemes.some((l) => lexemeShare(stats, l) < options.minShare)) return null;
  return { words, filters, walkRows: options.walkRows };
}

/**
 * The page's ids from a walk of the ordering over the filters, at most walkRows rows of it, the words checked
 * on the rows walked (the query parsed once, a sub-select). The outer ORDER BY is the walk's own order: no
 * sort (the planner keeps the subquery's), and the walk stops when the page is full.
 */
export const walkPageIds = (
  db: Db,
  phrase: CommonPhrase,
  ordering: string,
  limit: number,
  offset: number,
) => {
  const walk = db
    .select({
      id: cveRecords.id,
      tsv: cveRecords.tsv,
      published: cveRecords.datePublished,
      modified: cveRecords.dateUpdated,
      score: cveRecords.score,
      priority: cveRecords.priority,
    })
    .from(cveRecords)
    .where(phrase.filters)
    .orderBy(...orderBy(ordering))
    .limit(phrase.walkRows)
    .as('walk');
  const columns: OrderColumns = walk;
  return db
    .select({ pageId: sql<number>`${walk.id}`.as('page_id') })
    .from(walk)
    .where(sql`${walk.tsv} @@ (select to_tsquery('simple', ${phrase.words}))`)
    .orderBy(...orderBy(ordering, columns))
    .limit(limit)
    .offset(offset)
    .as('page');
};
