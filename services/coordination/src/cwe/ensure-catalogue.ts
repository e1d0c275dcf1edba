// Every new database gets the bundled CWE catalogue; later calls cost one small query and change nothing.
import type { Db } from '@cvdp/server-kit';
import { cweCatalog } from './tables.ts';
import { readBundledCweXml } from './bundled-catalog.ts';
import { importCweCatalog } from './import-catalog.ts';
import { parseCweCatalog } from './parse-catalog.ts';

export async function ensureCweCatalogue(db: Db): Promise<void> {
  const [loaded] = await db.select({ id: cweCatalog.id }).from(cweCatalog).limit(1);
  if (loaded) return;
  // Parsing takes about half a second, so only do it when needed; the import re-checks under its lock
  // in case another process loaded the catalogue meanwhile.
  const catalog = parseCweCatalog(await readBundledCweXml());
  await importCweCatalog(db, catalog, { onlyIfEmpty: true });
}
