import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openPglite } from './database.ts';

it('refuses a second opener of an embedded database folder, and reopens it after close with data kept', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cvdp-lock-'));
  const first = await openPglite({ dataDir: dir });
  await first.db.execute(sql`insert into groups (name) values ('Kept Corp')`);
  await expect(openPglite({ dataDir: dir })).rejects.toThrow(/is in use by process/);
  await first.close();
  const again = await openPglite({ dataDir: dir });
  const rows = await again.db.execute(sql`select name from groups`);
  expect((rows as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Kept Corp']);
  await again.close();
});
