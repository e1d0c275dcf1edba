// npm run cwe:import -- <cwec_vX.Y.xml> [--force]
// Loads an official MITRE CWE release (https://cwe.mitre.org/data/downloads.html, the XML inside
// cwec_latest.xml.zip) into the configured database (DATABASE_URL or the embedded one under CVDP_DATA_DIR).
// Refuses a release older than the loaded one unless --force, so a stale file cannot silently downgrade, and
// refuses while a server holds the embedded database.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { cweCatalog, loadConfig, openDatabase } from '@cvdp/server-kit';
import { compareCweVersions } from './catalog-version.ts';
import { importCweCatalog } from './import-catalog.ts';
import { CweCatalogFormatError, parseCweCatalog } from './parse-catalog.ts';

const USAGE = 'Usage: npm run cwe:import -- <path to cwec_vX.Y.xml> [--force]';

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const [file] = files;

  const started = performance.now();
  const catalog = parseCweCatalog(await readFile(file, 'utf8'));
  const weaknesses = catalog.entries.filter((entry) => entry.kind === 'weakness').length;
  console.log(
    `Read CWE ${catalog.version} (${catalog.date}): ${catalog.entries.length} entries, ${weaknesses} weaknesses.`,
  );

  const config = loadConfig();
  // Embedded PGlite is single-process: opening its folder while the server runs would corrupt it.
  // PGlite keeps postmaster.pid there while open (and leaves it behind after a crash, hence --force).
  const pidFile = path.join(config.dataDir, 'pglite', 'postmaster.pid');
  if (!config.databaseUrl && existsSync(pidFile) && !force) {
    console.error(
      `The embedded database is in use (${pidFile} exists). Stop the server first, or use --force after a crash.`,
    );
    return 1;
  }
  const database = await openDatabase(config);
  try {
    const [loaded] = await database.db.select().from(cweCatalog).where(eq(cweCatalog.id, 1));
    if (loaded && !force && compareCweVersions(catalog.version, loaded.version) < 0) {
      console.error(
        `The database holds CWE ${loaded.version}, newer than ${catalog.version}. Nothing changed (use --force to replace it anyway).`,
      );
      return 1;
    }
    const result = await importCweCatalog(database.db, catalog);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const before = loaded ? `replacing CWE ${loaded.version}` : 'into an empty catalogue';
    console.log(`Imported CWE ${result.version}: ${result.entryCount} entries ${before}, in ${seconds} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CweCatalogFormatError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`Cannot import: ${(error as Error).message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
