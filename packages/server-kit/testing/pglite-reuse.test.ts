// The reused embedded test database: what one file leaves behind is gone for the next.
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { type Db, rowsOf } from '../src/index.ts';
import { reusedPglite, reuseCounts } from './pglite-reuse.ts';

const template = inject('dbTemplate');

/** Every row of every table and every sequence's position, as one digest per table. */
async function contents(db: Db) {
  const tables = await rowsOf<{ name: string; kind: string }>(
    db,
    sql`
    select c.oid::regclass::text as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'S') and n.nspname in ('public', 'drizzle') order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name, kind } of tables) {
    const rows = await rowsOf<{ d: string }>(
      db,
      sql.raw(
        kind === 'S'
          ? `select last_value || ' ' || is_called as d from ${name}`
          : `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${name} t`,
      ),
    );
    digest[name] = rows[0].d;
  }
  const stats = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stats
    where schemaname = 'public'`,
  );
  return { digest, stats: stats[0].n };
}

describe.skipIf(template.kind !== 'pglite')('a reused embedded test database', () => {
  it('starts the next file on the template exactly: rows, catalogue, sequences, statistics, session', async () => {
    const first = await reusedPglite(template.location);
    const fresh = await contents(first.db);
    // What a test file does: rows everywhere (the template's own included), sequences moved, ANALYZE, a
    // session setting, a temporary table, an open LISTEN.
    await first.db.execute(sql`insert into users (email, name, password_hash, roles)
      values ('left@example.test', 'Left Behind', 'x', '{reporter}')`);
    await first.db.execute(sql`delete from email_templates where id = (select min(id) from email_templates)`);
    await first.db.execute(sql`update cwe_entries set name = name || ' (edited)' where id = 79`);
    await first.db.execute(sql`insert into resolution_options (name) values ('Left behind')`);
    await first.db.execute(sql`analyze users`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.db.execute(sql`create temporary table scratch (x int)`);
    let heard = 0;
    // As a test's own listener does (the one of the handle is closed with it).
    const client = (first.db as unknown as { $client: PGlite }).$client;
    await client.listen('left_behind', () => heard++);
    const before = reuseCounts();
    await first.close();

    const second = await reusedPglite(template.location);
    expect(reuseCounts().reused).toBe(before.reused + 1);
    expect(await contents(second.db)).toEqual(fresh);
    const rows = await rowsOf<{ t: string }>(
      second.db,
      sql`select current_setting('statement_timeout') as t`,
    );
    expect(rows[0].t).toBe('0');
    await expect(second.db.execute(sql`select * from scratch`)).rejects.toThrow();
    await second.db.execute(sql`select pg_notify('left_behind', 'x')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toBe(0);
    // The next id is the one a fresh database gives.
    const user = await rowsOf<{ id: number }>(
      second.db,
      sql`insert into users (email, name,
      password_hash, roles) values ('next@example.test', 'Next', 'x', '{reporter}') returning id`,
    );
    expect(user[0].id).toBe(1);
    await second.close();
  });

  it('stops working for the file that closed it', async () => {
    const database = await reusedPglite(template.location);
    await database.close();
    const error = await database.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect((error?.cause ?? error)?.message).toMatch(/this test database was closed/);
  });

  it('gives up an instance whose schema a file changed', async () => {
    const database = await reusedPglite(template.location);
    await database.db.execute(sql`alter table users disable trigger all`);
    const before = reuseCounts();
    await database.close();
    const next = await reusedPglite(template.location);
    expect(reuseCounts().givenUp).toBe(before.givenUp + 1);
    const rows = await rowsOf<{ n: number }>(
      next.db,
      sql`select count(*)::int as n from pg_trigger
      where tgrelid = 'users'::regclass and tgenabled = 'D'`,
    );
    expect(rows[0].n).toBe(0);
    await next.close();
  });
});
