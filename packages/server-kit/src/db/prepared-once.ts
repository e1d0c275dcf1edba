// Statements prepared once per database handle and name. A list asked on every page load is built by
// drizzle once (building a case list page's SQL costs about a millisecond of this process's CPU) and
// prepared by name: PostgreSQL parses it once per connection and, after its first five executions, may keep
// a generic plan instead of planning every request (a vendor's case list page: 1.3 ms of planning for 0.8 ms
// of work — bench/README.md, issue 30). Only for statements whose good plan does not depend on the values
// (docs/architecture.md, "Statements per list"). The name must fix the SQL: a name per shape of the
// statement (caller shape, filters present, ordering), never per value.
import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './database.ts';

const prepared = new WeakMap<Db, Map<string, unknown>>();

/** PostgreSQL keeps a statement's name to 63 bytes (NAMEDATALEN - 1): two longer names could be one. */
const MAX_NAME = 63;

export function preparedOnce<T>(db: Db, name: string, prepare: () => T): T {
  if (name.length > MAX_NAME) throw new Error(`preparedOnce: "${name}" is longer than ${MAX_NAME} bytes`);
  let built = prepared.get(db);
  if (!built) prepared.set(db, (built = new Map<string, unknown>()));
  if (!built.has(name)) built.set(name, prepare());
  return built.get(name) as T;
}

/** The names each family of preparedWithin has prepared, per database handle. */
const families = new WeakMap<Db, Map<string, Set<string>>>();

/**
 * preparedOnce for a family of statements whose names come from what a request asks (a list's filters):
 * at most `max` names per family and database handle, so no one can make a connection hold a statement per
 * combination of filters. Null past the bound, or for a name longer than PostgreSQL keeps (63 bytes): the
 * caller then plans that request's statement anew, as an unprepared one.
 */
export function preparedWithin<T>(
  db: Db,
  family: string,
  max: number,
  name: string,
  prepare: () => T,
): T | null {
  if (name.length > MAX_NAME) return null;
  let byFamily = families.get(db);
  if (!byFamily) families.set(db, (byFamily = new Map<string, Set<string>>()));
  let names = byFamily.get(family);
  if (!names) byFamily.set(family, (names = new Set<string>()));
  if (!names.has(name)) {
    if (names.size >= max) return null;
    names.add(name);
  }
  return preparedOnce(db, name, prepare);
}

/**
 * The page size whose first page a prepared list writes into its SQL: the desk's, and the case lists'
 * default. A list whose screen asks for another size (the scoring queue's 50) names its own.
 */
export const INLINED_PAGE_SIZE = 20;

/** A prepared list's LIMIT and OFFSET (preparedWindow), and what they add to the statement's name. */
export interface PreparedWindow {
  suffix: string;
  /** Typed as drizzle's .limit() takes it; for the inlined first page an SQL literal. */
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/**
 * LIMIT and OFFSET for a prepared list: written into the SQL for the first page of INLINED_PAGE_SIZE rows,
 * placeholders `limit` and `offset` otherwise. With them unknown, PostgreSQL prices a generic plan for a tenth
 * of the table (a staff case list at a million cases: cost 4.8 M against 1,156 for 20 rows, and 708 ms when
 * forced), so it plans every request anew; written in, it keeps the generic plan after five runs (planning
 * 1–1.5 ms → 0.03 ms; bench/README.md, issue 30). drizzle would send a number as a parameter, so the literal
 * goes in as raw SQL. One size per list (`inlined`, the size its screen asks for): a statement per page size
 * asked would let anyone fill every connection with statements.
 */
export function preparedWindow(
  limit: number,
  offset: number,
  inlined: number = INLINED_PAGE_SIZE,
): PreparedWindow {
  if (limit === inlined && offset === 0)
    return { suffix: `_f${limit}`, limit: sqlNumber(limit), offset: sqlNumber(0) };
  return { suffix: '', limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
}

/**
 * A whole number written into a prepared statement's SQL (drizzle would make it a parameter), for a value
 * that is the same on every run of that statement — e.g. the first page's count bound (preparedWindow).
 */
export function sqlNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`sqlNumber: ${n} is not a whole number`);
  return sql.raw(String(n)) as unknown as number;
}
