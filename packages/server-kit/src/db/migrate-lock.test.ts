// Replicas started together on an empty PostgreSQL database (issue 30 item 3, found by bench:replicas): each
// ran the whole migration set at once and all but one failed with "relation … already exists". The
// migrations now run under an advisory lock. PostgreSQL only: PGlite is one process per folder.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openPostgres } from './database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

it.skipIf(!serverUrl)(
  'three replicas opening an empty database at once all start; each migration runs once',
  async () => {
    const name = `cvdp_migrate_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url.toString(), { max: 2 })));
      const reasons = opened.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      expect(reasons).toEqual([]);
      const [first] = opened as PromiseFulfilledResult<Awaited<ReturnType<typeof openPostgres>>>[];
      // drizzle's journal of applied migrations: one row per migration, none twice.
      const result = await first.value.db.execute(
        sql`select count(*)::int n, count(distinct hash)::int distinct_n from drizzle.__drizzle_migrations`,
      );
      const { rows } = result as { rows: { n: number; distinct_n: number }[] };
      expect(rows[0].n).toBeGreaterThan(10);
      expect(rows[0].n).toBe(rows[0].distinct_n);
      // The app's sessions plan without parallel workers (database.ts says why).
      const parallel = await first.value.db.execute(
        sql`select current_setting('max_parallel_workers_per_gather') v`,
      );
      expect((parallel as { rows: { v: string }[] }).rows[0].v).toBe('0');
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
  120_000,
);
