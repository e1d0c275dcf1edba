// Common words at scale (issue 30). A GIN index answers `tsv @@ words` only as a bitmap of every matching
// entry, whatever LIMIT follows: "sql injection" matched 166,000 of the 2,000,000 entries at 1,000,000 cases,
// and building that bitmap took 30–100 ms although the capped count and the ranked candidates need only the
// first 1,001 matches. PostgreSQL's planner would read the table in order instead if it knew the words were that
// common, but it multiplies each word's frequency as if they were independent (28,000 expected), and words
// searched together are seldom independent.
//
// So: when the statistics say each word is common (pg_stats' most common elements of search_entries.tsv, read
// through server-kit's word-stats.ts, which the scoring queue's common phrases share), the
// first matches are looked for in the table's first pages only (`ctid < '(P,0)'`, a TID range scan of about
// SCAN_ROWS rows, the words checked row by row). If that range holds more matches than the caller needs, those
// are the same first matches the bitmap would have given in the same (physical) order, so the answer is the
// same; if not, the caller falls back to the index. A wrong guess costs one bounded scan.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, forgetWordStats, rememberedParse, wordStats } from '@cvdp/server-kit';
import { searchEntries } from '../search/tables.ts';

export interface DenseOptions {
  /** Below this many entries the index is cheap enough: never guess. */
  minEntries: number;
  /** About how many rows the bounded scan reads. */
  scanRows: number;
  /** Every word of the search must be in at least this share of the entries. */
  minShare: number;
}

export const DENSE_DEFAULTS: DenseOptions = { minEntries: 200_000, scanRows: 25_000, minShare: 0.02 };

/** Read the statistics again at the next search (tests, after an ANALYZE). */
export const forgetTableStats = forgetWordStats;

/**
 * The lexemes PostgreSQL's 'english' configuration makes of the words, remembered for the 1,000 most recent
 * searches: the same words always give the same lexemes (the configuration is fixed by the migrations), so
 * this is a function remembered, not data that can go stale — and it saves every staff word search a round
 * trip to ask it (bench/README.md, issue 30).
 */
const lexemesOf = rememberedParse<readonly string[]>(
  (words) => sql`select tsvector_to_array(to_tsvector('english', ${words})) as value`,
);

/**
 * A condition bounding a scan of search_entries to its first pages when every word of `words` is common, or
 * null (use the index). Use it with `wordsRowByRow`, so that the planner reads that range rather than the index.
 */
export async function denseScanBound(
  db: Db,
  words: string,
  options: DenseOptions = DENSE_DEFAULTS,
): Promise<SQL | null> {
  const before = await denseScanEnd(db, words, options);
  return before === null ? null : entriesBefore(before);
}

/** denseScanBound's range as the first tid past it (`(pages,0)`), or null. */
export async function denseScanEnd(
  db: Db,
  words: string,
  options: DenseOptions = DENSE_DEFAULTS,
): Promise<string | null> {
  const stats = await wordStats(db, 'search_entries', 'tsv');
  if (stats.rows < options.minEntries || stats.pages === 0 || stats.shares.size === 0) return null;
  const lexemes = await lexemesOf(db, words);
  if (lexemes.length === 0) return null;
  if (!lexemes.every((l) => (stats.shares.get(l) ?? 0) >= options.minShare)) return null;
  const pages = Math.max(1, Math.ceil((options.scanRows * stats.pages) / stats.rows));
  return `(${pages},0)`;
}

/** The search entries stored before the tid `before` (a value, or a prepared statement's placeholder). */
export const entriesBefore = (before: string | Placeholder) => sql`${searchEntries}.ctid < ${before}::tid`;

/**
 * The words checked on each row read, in a form no index answers (with denseScanBound's range). The query is
 * parsed once (a sub-select), not once per row: 16 → 12 ms over 25,000 rows.
 */
export const wordsRowByRow = (words: string | Placeholder) =>
  sql`coalesce(${searchEntries.tsv} @@ (select plainto_tsquery('english', ${words})), false)`;
