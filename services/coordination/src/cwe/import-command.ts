// npm run cwe:import -- <cwec_vX.Y.xml> [--force]
// Loads an official MITRE CWE release (https://cwe.mitre.org/data/downloads.html, the XML inside
// cwec_latest.xml.zip) into the configured database (DATABASE_URL or the embedded one under CVDP_DATA_DIR;
// the embedded one must not be open in a running server, which openDatabase reports).
// Refuses a release older than the loaded one unless --force, so a stale file cannot silently downgrade.
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { loadConfig, openDatabase, runCommand } from '@cvdp/server-kit';
import { cweCatalog } from './tables.ts';
import { compareCweVersions } from './catalog-version.ts';
import { importCweCatalog } from './import-catalog.ts';
import { parseCweCatalog } from './parse-catalog.ts';

const USAGE = 'Usage: npm run cwe:import -- <path to cwec_vX.Y.xml> [--force]';

runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }

  const started = performance.now();
  // Parsed before the database is opened: a wrong file changes nothing and fails fast.
  const catalog = parseCweCatalog(await readFile(files[0], 'utf8'));
  const weaknesses = catalog.entries.filter((entry) => entry.kind === 'weakness').length;
  console.log(
    `Read CWE ${catalog.version} (${catalog.date}): ${catalog.entries.length} entries, ${weaknesses} weaknesses.`,
  );

  const database = await openDatabase(loadConfig());
  try {
    const [loaded] = await database.db.select().from(cweCatalog).where(eq(cweCatalog.id, 1));
    if (loaded && !force && compareCweVersions(catalog.version, loaded.version) < 0) {
      console.error(
        `The database holds CWE ${loaded.version}, newer than ${catalog.version}. Nothing changed (use --force to replace it anyway).`,
      );
      process.exitCode = 1;
      return;
    }
    const result = await importCweCatalog(database.db, catalog);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const before = loaded ? `replacing CWE ${loaded.version}` : 'into an empty catalogue';
    console.log(`Imported CWE ${result.version}: ${result.entryCount} entries ${before}, in ${seconds} s.`);
  } finally {
    await database.close();
  }
});
