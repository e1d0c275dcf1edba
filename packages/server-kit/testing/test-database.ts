// Test databases start from a migrated template (built once per run by the global setup), so a test file
// gets a fresh database without a full initdb + migrate: on PostgreSQL a copy of the template database
// (~0.1 s), on PGlite an instance of the worker's reset to the template (pglite-reuse.ts; a new instance
// from the template's dump costs 1–3 s). CVDP_TEST_FRESH_PGLITE=1 gives every file a new instance.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/database.ts';
import { reusedPglite } from './pglite-reuse.ts';

export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** pglite: the dump file; postgres: the template database name. */
  location: string;
  /** postgres: the server URL tests connect to. */
  serverUrl?: string;
}

export function databaseUrlFor(serverUrl: string, dbName: string) {
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
}

export async function createTestDatabase(template: TemplateInfo): Promise<Database> {
  if (template.kind === 'pglite') {
    if (process.env.CVDP_TEST_FRESH_PGLITE !== '1') return reusedPglite(template.location);
    const dump = await readFile(template.location);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `cvdp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template.location}`);
        break;
      } catch (error) {
        // Two workers copying the template at the same moment: wait and retry.
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
      }
    }
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrlFor(template.serverUrl!, name), { max: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: template.serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).finally(() => c.end());
    },
  };
}
