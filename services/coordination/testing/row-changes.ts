// Whether a request wrote anything, cheaply: row triggers on every table keep a per-table counter in
// `test_row_changes`, inside the writing transaction (a rolled-back write leaves no trace). Reading that
// one small table replaces counting or fingerprinting every row of ~60 tables around each request, which
// cost more than the requests themselves in the route-wide suites (the bad-input suite, the access matrix).
import { sql } from 'drizzle-orm';
import type { Db } from '@cvdp/server-kit';

export interface RowChangeTracker {
  /** The tables whose counter is not 0, as `table:n` in name order: equal strings mean nothing changed. */
  read(): Promise<string>;
  /** The table names of a difference between two reads. */
  changedTables(before: string, after: string): string[];
}

/**
 * mode 'count': +1 per inserted row, −1 per deleted row — the tables' row counts, as a count before and
 * after would see them. mode 'content': +1 per inserted, deleted or actually changed row (an UPDATE that
 * sets the same values is no change) — what a fingerprint of every row would see, except that a row added
 * and removed again within one request still counts. A TRUNCATE marks its table in both.
 */
export async function trackRowChanges(
  db: Db,
  options: { mode: 'count' | 'content'; exclude: string[] },
): Promise<RowChangeTracker> {
  const rows = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = (rows as { rows: { tablename: string }[] }).rows
    .map((r) => r.tablename)
    .filter((name) => !options.exclude.includes(name) && !name.startsWith('__drizzle'));
  const step =
    options.mode === 'count'
      ? `case when tg_op = 'INSERT' then 1 when tg_op = 'DELETE' then -1 else 0 end`
      : `case when tg_op <> 'UPDATE' or old is distinct from new then 1 else 0 end`;
  await db.execute(sql`create table test_row_changes (tbl text primary key, n bigint not null default 0)`);
  await db.execute(
    sql.raw(`create function test_count_row() returns trigger language plpgsql as $$
    begin
      update test_row_changes set n = n + ${step} where tbl = tg_table_name;
      return null;
    end $$`),
  );
  await db.execute(sql`create function test_count_truncate() returns trigger language plpgsql as $$
    begin
      update test_row_changes set n = n + 1000000000 where tbl = tg_table_name;
      return null;
    end $$`);
  const events = options.mode === 'count' ? 'insert or delete' : 'insert or update or delete';
  for (const name of tables) {
    await db.execute(sql`insert into test_row_changes (tbl) values (${name})`);
    await db.execute(
      sql.raw(
        `create trigger test_rows after ${events} on "${name}" for each row execute function test_count_row()`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger test_truncate after truncate on "${name}" for each statement execute function test_count_truncate()`,
      ),
    );
  }
  return {
    async read() {
      const res = await db.execute(sql`select string_agg(tbl || ':' || n, ' ' order by tbl) as changes
        from test_row_changes where n <> 0`);
      return String((res as { rows: { changes: string | null }[] }).rows[0].changes ?? '');
    },
    changedTables(before, after) {
      const parse = (s: string) =>
        new Map(s ? s.split(' ').map((p) => p.split(':') as [string, string]) : []);
      const a = parse(before);
      const b = parse(after);
      return [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t)).sort();
    },
  };
}
