// Common phrases in the queue at scale (issue 30). `query=sql injection` matched 12,600 of 300,000 records:
// the GIN index answers `tsv @@ words` only as a bitmap of every match, whatever LIMIT follows, so the page
// fetched and sorted all 12,600 to keep 50 (~45 ms), and the capped count built the same bitmap to count
// 1,001. The planner would walk the ordering's index instead if it knew the words were that common, but it
// multiplies the words' frequencies as if they were independent (a few hundred expected).
//
// So when pg_stats says every word of the phrase is common (server-kit word-stats.ts):
// - the count looks for its bound + 1 matches in the table's first pages (a TID range scan of about
//   rangeRows rows, the words checked row by row). If they are there, the count is capped, as the index
//   would have said; if not, the index counts.
// - when that count is capped (matches are dense), the page walks the ordering's index over the other filters,
//   checks the words row by row and stops at the page's end, reading at most walkRows rows. A full page is
//   the same rows in the same order the index and a sort give (the first matches in the ordering are among
//   the first rows in it); a short one (the walk ran out) is read again the exact way.
// A wrong guess costs one bounded scan; the answers are always the exact path's.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, lexemeShare, rowsOf, tsqueryLexemes, wordStats } from '@cvdp/server-kit';
import { cveRecords } from './tables.ts';
import { type OrderColumns, orderBy } from './ordering.ts';

export interface CommonPhraseOptions {
  /** Below this many records the index is cheap enough: never guess. */
  minRecords: number;
  /** Every word of the phrase must be in at least this share of the records. */
  minShare: number;
  /** About how many rows of the table's first pages the count reads. */
  rangeRows: number;
  /** At most how many rows of the ordering the page walks. */
  walkRows: number;
}

/** Tests lower these to take the common-phrase reading on a small table. */
export const COMMON_PHRASE_DEFAULTS: CommonPhraseOptions = {
  minRecords: 100_000,
  minShare: 0.02,
  rangeRows: 30_000,
  walkRows: 20_000,
};

/** A phrase the statistics call common, with the other filters of the queue. */
export interface CommonPhrase {
  words: string;
  filters: SQL | undefined;
  /** The count's range: the first `rangePages` pages of cve_records. */
  rangePages: number;
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
  if (stats.rows < options.minRecords || stats.pages === 0 || stats.shares.size === 0) return null;
  // PostgreSQL's parser decides the lexemes ('simple' splits some words further, e.g. at hyphens).
  const [{ text }] = await rowsOf<{ text: string }>(
    db,
    sql`select to_tsquery('simple', ${words})::text as text`,
  );
  const lexemes = tsqueryLexemes(text);
  if (lexemes.length === 0 || lexemes.some((l) => lexemeShare(stats, l) < options.minShare)) return null;
  return {
    words,
    filters,
    rangePages: Math.max(1, Math.ceil((options.rangeRows * stats.pages) / stats.rows)),
    walkRows: options.walkRows,
  };
}

/**
 * The words checked on each row read, in a form no index answers (so the planner keeps the range or the
 * walk); the query is parsed once (a sub-select), not once per row.
 */
const wordsRowByRow = (words: string) =>
  sql`coalesce(${cveRecords.tsv} @@ (select to_tsquery('simple', ${words})), false)`;

/** At most bound + 1 matches of the phrase and the filters in the table's first pages, counted. */
export const rangeCountQuery = (db: Db, phrase: CommonPhrase, bound: number) => {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(cveRecords)
    .where(
      sql`${cveRecords}.ctid < ${`(${phrase.rangePages},0)`}::tid and ${wordsRowByRow(phrase.words)}${
        phrase.filters ? sql` and ${phrase.filters}` : sql``
      }`,
    )
    .limit(bound + 1)
    .as('matches');
  return db.select({ n: sql<number>`count(*)::int` }).from(matches);
};

/**
 * The page's ids from a walk of the ordering over the filters, at most walkRows rows of it, the words checked
 * on the rows walked. The outer ORDER BY is the walk's own order (no sort: the planner keeps the subquery's).
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
