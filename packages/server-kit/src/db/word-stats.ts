// How common a search's words are in a tsvector column, from PostgreSQL's own statistics (issue 30).
//
// A GIN index answers `tsv @@ query` only as a bitmap of every matching row, whatever LIMIT follows, and the
// planner multiplies the words' frequencies as if they were independent: "sql injection" is expected in a
// few hundred records and matches thousands. A service that knows the words are common can read its first
// matches another way (a bounded walk of an ordering index, the table's first pages) and keep the index for
// the rest; this says when. It never decides an answer: callers check that the other way found enough and
// fall back to the index otherwise, so a stale or wrong guess costs one bounded scan.
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from './database.ts';
import { rowsOf } from './rows.ts';

export interface WordStats {
  /** When read (Date.now()). */
  at: number;
  /** The table's estimated rows and pages (pg_class, as of its last VACUUM/ANALYZE). */
  rows: number;
  pages: number;
  /** Each of the column's most common lexemes → the share of rows holding it (pg_stats). */
  shares: Map<string, number>;
}

/** The statistics change when the table is analysed (autovacuum): read again at most once a minute. */
export const WORD_STATS_TTL_MS = 60_000;
const known = new WeakMap<Db, Map<string, WordStats>>();

/** pg_stats of `table`.`column` (a tsvector) in the current schema, kept WORD_STATS_TTL_MS per database. */
export async function wordStats(db: Db, table: string, column: string): Promise<WordStats> {
  const key = `${table}.${column}`;
  let tables = known.get(db);
  const hit = tables?.get(key);
  if (hit && Date.now() - hit.at < WORD_STATS_TTL_MS) return hit;
  const [row] = await rowsOf<{
    rows: number;
    pages: number;
    elems: string[] | null;
    shares: number[] | null;
  }>(
    db,
    sql`select c.reltuples::float8 as rows, c.relpages::int as pages,
               s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as shares
          from pg_class c
          left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
                              and s.attname = ${column}
         where c.oid = to_regclass(${table})`,
  );
  const shares = new Map<string, number>();
  // The frequencies array carries three more numbers after one per element (minimum, maximum, nulls).
  (row?.elems ?? []).forEach((lexeme, i) => shares.set(lexeme, Number(row.shares![i])));
  const stats = { at: Date.now(), rows: Number(row?.rows ?? 0), pages: Number(row?.pages ?? 0), shares };
  if (!tables) known.set(db, (tables = new Map<string, WordStats>()));
  tables.set(key, stats);
  return stats;
}

/** Read the statistics again at the next call (tests, after an ANALYZE). */
export const forgetWordStats = (db: Db) => known.delete(db);

export interface Lexeme {
  lexeme: string;
  /** `word:*` in the query: any lexeme that begins with it. */
  prefix: boolean;
}

/** The lexemes of a tsquery's text form (`'sql' & 'injection':*`), operators aside. */
export function tsqueryLexemes(text: string): Lexeme[] {
  return [...text.matchAll(/'((?:[^']|'')*)'(:[*A-D]*)?/g)].map((m) => ({
    lexeme: m[1].replace(/''/g, "'"),
    prefix: (m[2] ?? '').includes('*'),
  }));
}

/**
 * The share of rows holding the lexeme, as far as the statistics tell: its own share when it is among the
 * most common; for a prefix, the largest share of a common lexeme it begins (at least that many rows match);
 * 0 when nothing common matches (rare, or the statistics do not know it).
 */
export function lexemeShare(stats: WordStats, { lexeme, prefix }: Lexeme): number {
  if (!prefix) return stats.shares.get(lexeme) ?? 0;
  let share = 0;
  for (const [l, s] of stats.shares) if (l.startsWith(lexeme) && s > share) share = s;
  return share;
}

/**
 * What PostgreSQL's text search parser makes of a search's words (`ask` writes the SELECT, whose one column is
 * `value`), remembered for the last `max` distinct words. The same words always parse alike (the text search
 * configurations are fixed by the migrations), so this is a function remembered, not data that can go stale;
 * it saves each dense search the round trip of asking (docs/architecture.md, "Caches"). One per use.
 */
export function rememberedParse<T extends NonNullable<unknown>>(ask: (words: string) => SQL, max = 1000) {
  const memo = new LRUCache<string, T>({ max });
  return async (db: Db, words: string): Promise<T> => {
    const known = memo.get(words);
    if (known !== undefined) return known;
    const [{ value }] = await rowsOf<{ value: T }>(db, ask(words));
    memo.set(words, value);
    return value;
  };
}
