import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase, openPglite } from './database.ts';
import { embeddedDataDir } from './data-dir-lock.ts';

it('refuses a second opener of an embedded database folder, and reopens it after close with data kept', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cvdp-lock-'));
  const dir = embeddedDataDir(dataDir);
  const first = await openPglite({ dataDir: dir });
  await first.db.execute(sql`insert into groups (name) values ('Kept Corp')`);
  await expect(openPglite({ dataDir: dir })).rejects.toThrow(/is in use by process/);
  await first.close();
  // Reopened as `npm start` opens it: with the small page cache (a lean process, bench/README.md).
  const again = await openDatabase({ dataDir });
  const rows = await again.db.execute(sql`select name from groups`);
  expect((rows as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Kept Corp']);
  const setting = await again.db.execute(sql`select current_setting('shared_buffers') as value`);
  expect((setting as { rows: { value: string }[] }).rows[0].value).toBe(EMBEDDED_SHARED_BUFFERS);
  await again.close();
});
