// Replaces the stored CWE catalogue with a parsed release: one transaction, so readers see the old or the new
// catalogue and never a half-loaded one.
import { sql } from 'drizzle-orm';
import type { Db } from '@cvdp/server-kit';
import { cweCatalog, cweEntries } from './tables.ts';
import type { ParsedCweCatalog } from './parse-catalog.ts';
import { cweSearchText } from './search-text.ts';
import { forgetCweSnapshot } from './catalogue-snapshot.ts';

/** PGlite pays per statement; 500 rows × 14 columns stays far below PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 500;
/**
 * The generation of what an import writes, kept in cwe_catalog.import_format. 2: MITRE's mapping notes
 * (rationale, comments). Raise it when the rows gain a column, so databases loaded before are loaded again.
 */
export const CWE_IMPORT_FORMAT = 2;
/** Serialises concurrent imports (two processes preparing the same database). Any constant bigint works. */
const IMPORT_LOCK_KEY = 0x43_57_45; // 'CWE'

export interface CweImportResult {
  version: string;
  date: string;
  entryCount: number;
  /** false when onlyIf said no. */
  imported: boolean;
}

/** What cwe_catalog says is loaded. */
export interface LoadedCweCatalog {
  version: string;
  importFormat: number;
}

export async function importCweCatalog(
  db: Db,
  catalog: ParsedCweCatalog,
  options: {
    /** Decided under the import lock from what is loaded then (undefined: nothing); false imports nothing. */
    onlyIf?: (loaded: LoadedCweCatalog | undefined) => boolean;
  } = {},
): Promise<CweImportResult> {
  const rows = catalog.entries.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    description: entry.description,
    usage: entry.usage,
    abstraction: entry.abstraction,
    status: entry.status,
    parents: entry.parents,
    children: entry.children,
    slice1003: entry.slice1003,
    mappingRationale: entry.mappingRationale,
    mappingComments: entry.mappingComments,
    catalogVersion: catalog.version,
    searchText: cweSearchText(entry),
  }));

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    if (options.onlyIf) {
      const [loaded] = await tx
        .select({ version: cweCatalog.version, importFormat: cweCatalog.importFormat })
        .from(cweCatalog)
        .limit(1);
      if (!options.onlyIf(loaded))
        return { version: loaded?.version ?? '', date: '', entryCount: 0, imported: false };
    }
    await tx.delete(cweEntries);
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await tx.insert(cweEntries).values(rows.slice(start, start + ROWS_PER_INSERT));
    }
    const catalogRow = {
      version: catalog.version,
      releaseDate: catalog.date,
      importedAt: new Date(),
      entryCount: rows.length,
      importFormat: CWE_IMPORT_FORMAT,
    };
    await tx
      .insert(cweCatalog)
      .values({ id: 1, ...catalogRow })
      .onConflictDoUpdate({ target: cweCatalog.id, set: catalogRow });
    return { version: catalog.version, date: catalog.date, entryCount: rows.length, imported: true };
  });
  // Searches in this process see the new release at once; other processes notice within seconds.
  if (result.imported) forgetCweSnapshot(db);
  return result;
}
