// Statements prepared once per database handle and name. A list asked on every page load is built by
// drizzle once (building a case list page's SQL costs about a millisecond of this process's CPU) and
// prepared by name: PostgreSQL parses it once per connection and, after its first five executions, may keep
// a generic plan instead of planning every request (a vendor's case list page: 1.3 ms of planning for 0.8 ms
// of work — bench/README.md, issue 30). Only for statements whose good plan does not depend on the values
// (docs/architecture.md, "Statements per list"). The name must fix the SQL: a name per shape of the
// statement (caller shape, filters present, ordering), never per value.
import type { Db } from './database.ts';

const prepared = new WeakMap<Db, Map<string, unknown>>();

export function preparedOnce<T>(db: Db, name: string, prepare: () => T): T {
  let built = prepared.get(db);
  if (!built) prepared.set(db, (built = new Map<string, unknown>()));
  if (!built.has(name)) built.set(name, prepare());
  return built.get(name) as T;
}
