// The embedded database's lock file. PGlite is a single-process database: two processes on one folder would
// corrupt it, so the process that opens it writes its pid to `cvdp.lock` and a second opener is refused.
// Node built-ins only: a command (`npm run seed:demo`) asks `embeddedDatabaseInUse` before it imports the
// services, which takes seconds, so a running server is named at once rather than after the imports.
import path from 'node:path';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

const LOCK_FILE = 'cvdp.lock';

/** The folder PGlite keeps its files in, under the configured data folder. */
export const embeddedDataDir = (dataDir: string) => path.join(dataDir, 'pglite');

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a live process holding the folder's lock, or null (no lock, or its process has ended). */
function holderOf(pgliteDir: string): number | null {
  let holder = NaN;
  try {
    holder = Number(readFileSync(path.join(pgliteDir, LOCK_FILE), 'utf8'));
  } catch {
    // no lock yet
  }
  return Number.isInteger(holder) && holder > 0 && isAlive(holder) ? holder : null;
}

const inUseMessage = (pgliteDir: string, holder: number) =>
  `The embedded database in ${pgliteDir} is in use by process ${holder}. Stop that process first ` +
  '(or use a PostgreSQL server through DATABASE_URL to run several processes).';

/**
 * Why the configured database cannot be opened by another process now, or null: the embedded database's
 * folder is locked by a live process (a running server). A PostgreSQL server takes many processes: null.
 */
export function embeddedDatabaseInUse(config: { databaseUrl?: string; dataDir: string }): string | null {
  if (config.databaseUrl) return null;
  const dir = embeddedDataDir(config.dataDir);
  const holder = holderOf(dir);
  return holder === null ? null : inUseMessage(dir, holder);
}

/** Takes the folder's lock (refused while a live process holds it); returns the function that releases it. */
export function lockDataDir(pgliteDir: string): () => void {
  const holder = holderOf(pgliteDir);
  if (holder !== null) throw new Error(inUseMessage(pgliteDir, holder));
  const lockFile = path.join(pgliteDir, LOCK_FILE);
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}
