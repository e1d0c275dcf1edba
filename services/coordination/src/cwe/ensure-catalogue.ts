// Every new database gets the bundled CWE catalogue; later calls cost one small query and change nothing.
// A database an older import loaded (CWE_IMPORT_FORMAT: it lacks MITRE's mapping notes, say) gets the bundled
// release again when that is the release it holds.
import type { Db } from '@cvdp/server-kit';
import { cweCatalog } from './tables.ts';
import { readBundledCweXml } from './bundled-catalog.ts';
import { CWE_IMPORT_FORMAT, importCweCatalog, type LoadedCweCatalog } from './import-catalog.ts';

export async function ensureCweCatalogue(db: Db): Promise<void> {
  const [loaded] = await db
    .select({ version: cweCatalog.version, importFormat: cweCatalog.importFormat })
    .from(cweCatalog)
    .limit(1);
  if (loaded && loaded.importFormat >= CWE_IMPORT_FORMAT) return;
  // Parsing takes about half a second, so only do it when needed; the import re-checks under its lock
  // in case another process loaded the catalogue meanwhile. The XML parser loads only then, so a restart
  // never holds it (docs/architecture.md, Memory).
  const { parseCweCatalog } = await import('./parse-catalog.ts');
  const catalog = parseCweCatalog(await readBundledCweXml());
  const wanted = (current: LoadedCweCatalog | undefined) =>
    !current || (current.importFormat < CWE_IMPORT_FORMAT && current.version === catalog.version);
  if (!wanted(loaded)) {
    // Another release, imported with `npm run cwe:import`: only its own file can fill the new columns.
    console.warn(
      `The CWE ${loaded.version} catalogue was imported by an older version: import it again (npm run cwe:import) to add what the picker now shows (MITRE's mapping notes).`,
    );
    return;
  }
  await importCweCatalog(db, catalog, { onlyIf: wanted });
}
