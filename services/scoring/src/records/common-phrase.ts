// Common phrases in the queue at scale (issue 30). `query=sql injection` matched 15,000 of 300,000 records:
// the GIN index answers `tsv @@ words` only as a bitmap of every match, whatever LIMIT follows, so a page
// fetched all 15,000 rows (12,900 heap pages of 900) to sort them and keep 50. The planner would walk the
// ordering's index instead if it knew the words were that common, but it multiplies the words' frequencies
// as if they were independent (1,500 expected).
//
// So when pg_stats says every word of the phrase is common (server-kit word-stats.ts) and the queue's capped
// count found more than its bound (the matches are dense), the page walks the ordering's index over the
// other filters, checks the words row by row and stops at the page's end. It gives up where the matches are
// sparser than minDensity (page end ÷ minDensity rows, at most maxWalkRows). A full page is the same rows in
// the same order the index and a sort give: the first matches in the ordering are among the first rows in it.
// A short one (the walk gave up: the matches are rare at the ordering's start, e.g. "sql injection" by
// ascending score, or the page is deep) is read again the exact way; the walk's bound is what a wrong guess
// costs (random heap reads and the words' TOAST: 10 µs a row warm, 40 µs cold on the loaded machine), and a
// walk that gave up is not tried again for that phrase, filters and ordering for a minute (up to that page's
// end), so paging through a sparse ordering pays it once.
//
// The count stays on the index: it stops at 1,001 rows, and a range of the table's first pages (what the
// coordination service reads for common words) holds 2 KB rows here: reading enough of them cost more than
// the bitmap (180 against 90 ms at 300,000 records on the loaded machine).
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, lexemeShare, rememberedParse, tsqueryLexemes, wordStats } from '@cvdp/server-kit';
import { cveRecords } from './tables.ts';
import { type OrderColumns, orderBy } from './ordering.ts';

export interface CommonPhraseOptions {
  /** Below this many records the index is cheap enough: never guess. */
  minRecords: number;
  /** Every word of the phrase must be in at least this share of the records. */
  minShare: number;
  /** The walk gives up where fewer than this share of the rows it reads match: page end ÷ minDensity rows. */
  minDensity: number;
  /** And it reads at most this many rows of the ordering. */
  maxWalkRows: number;
}

/** Tests lower these to take the common-phrase reading on a small table. */
export const COMMON_PHRASE_DEFAULTS: CommonPhraseOptions = {
  minRecords: 100_000,
  minShare: 0.02,
  // A first page of 50: at most 2,000 rows. Dense phrases needed 50–1,200 (bench/README.md, 27 Nov).
  minDensity: 0.025,
  maxWalkRows: 10_000,
};

/** A phrase the statistics call common, with the other filters of the queue. */
export interface CommonPhrase {
  /** The words and the filters as one string (the walks that gave up are remembered by it). */
  key: string;
  words: string;
  filters: SQL | undefined;
  minDensity: number;
  maxWalkRows: number;
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
  const lexemes = tsqueryLexemes(await parsedTsquery(db, words));
  if (lexemes.length === 0 || lexemes.some((l) => lexemeShare(stats, l) < options.minShare)) return null;
  const where = db
    .select({ one: sql`1` })
    .from(cveRecords)
    .where(filters)
    .toSQL();
  const key = `${words}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`;
  return { key, words, filters, minDensity: options.minDensity, maxWalkRows: options.maxWalkRows };
}

/**
 * The tsquery text PostgreSQL's parser makes of `words` ('simple' splits some words further, e.g. at hyphens),
 * remembered for the last 1,000 phrases: asking was a round trip for every page of a common phrase.
 */
const parsedTsquery = rememberedParse<string>(
  (words) => sql`select to_tsquery('simple', ${words})::text as value`,
);

/** Per database: phrase, filters and ordering → the smallest page end whose walk gave up, for a minute. */
const gaveUp = new WeakMap<Db, LRUCache<string, number>>();
const GAVE_UP_MS = 60_000;

/** Whether to walk for a page ending at `end` (no walk for this phrase and ordering gave up at or before it). */
export function worthWalking(db: Db, phrase: CommonPhrase, ordering: string, end: number): boolean {
  const failedAt = gaveUp.get(db)?.get(`${ordering}\u0000${phrase.key}`);
  return failedAt === undefined || end < failedAt;
}

/** The walk for a page ending at `end` came back short: the exact way for it and deeper pages, a while. */
export function walkGaveUp(db: Db, phrase: CommonPhrase, ordering: string, end: number) {
  let memo = gaveUp.get(db);
  if (!memo) gaveUp.set(db, (memo = new LRUCache<string, number>({ max: 500, ttl: GAVE_UP_MS })));
  const key = `${ordering}\u0000${phrase.key}`;
  memo.set(key, Math.min(end, memo.get(key) ?? end));
}

/** How many rows of the ordering a walk for the page reads at most: (offset + limit) ÷ minDensity, maxWalkRows. */
export const walkRows = (phrase: CommonPhrase, limit: number, offset: number) =>
  Math.min(phrase.maxWalkRows, Math.ceil((offset + limit) / phrase.minDensity));

/**
 * The page's ids from a walk of the ordering over the filters, at most `rows` rows of it (walkRows), the words
 * checked on the rows walked (the query parsed once, a sub-select). The outer ORDER BY is the walk's own
 * order: no sort (the planner keeps the subquery's), and the walk stops when the page is full. A prepared
 * statement (queue-page.ts) gives the words, the rows and the window as placeholders.
 */
export const walkPageIds = (
  db: Db,
  phrase: Pick<CommonPhrase, 'filters'> & { words: string | Placeholder },
  ordering: string,
  limit: number | Placeholder,
  offset: number | Placeholder,
  rows: number | Placeholder,
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
    .limit(rows)
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
