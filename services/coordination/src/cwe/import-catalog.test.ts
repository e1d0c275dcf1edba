// Importer and ensureCweCatalogue against a real database (the test template already ran ensureCweCatalogue).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { type Database } from '@cvdp/server-kit';
import { cweCatalog, cweEntries } from '../tables.ts';
import { createTestDb } from '../../testing/test-app.ts';
import { ensureCweCatalogue } from './ensure-catalogue.ts';
import { CWE_IMPORT_FORMAT, importCweCatalog } from './import-catalog.ts';
import { readBundledCweXml } from './bundled-catalog.ts';
import { type CweCatalogEntry, type ParsedCweCatalog, parseCweCatalog } from './parse-catalog.ts';

let database: Database;
let bundled: ParsedCweCatalog;
beforeAll(async () => {
  database = await createTestDb();
  bundled = parseCweCatalog(await readBundledCweXml());
});
afterAll(() => database.close());

const rowCount = async () => (await database.db.select({ n: count() }).from(cweEntries))[0].n;
const catalogRow = async () => (await database.db.select().from(cweCatalog))[0];
const row = async (id: number) =>
  (await database.db.select().from(cweEntries).where(eq(cweEntries.id, id)))[0];

function fakeEntry(id: number, overrides: Partial<CweCatalogEntry> = {}): CweCatalogEntry {
  return {
    id,
    kind: 'weakness',
    name: `Fake ${id}`,
    description: `Fake description ${id}`,
    usage: 'Allowed',
    abstraction: 'Base',
    status: 'Draft',
    parents: [],
    children: [],
    slice1003: false,
    alternateTerms: [],
    mappingRationale: '',
    mappingComments: '',
    ...overrides,
  };
}

describe('a new database', () => {
  it('holds the bundled 4.15 catalogue with its relations', async () => {
    expect(await catalogRow()).toMatchObject({
      version: '4.15',
      releaseDate: '2024-07-16',
      entryCount: 1427,
    });
    expect(await rowCount()).toBe(1427);
    const weaknesses = await database.db
      .select({ n: count() })
      .from(cweEntries)
      .where(eq(cweEntries.kind, 'weakness'));
    expect(weaknesses[0].n).toBe(964);
    const slice = await database.db
      .select({ n: count() })
      .from(cweEntries)
      .where(eq(cweEntries.slice1003, true));
    expect(slice[0].n).toBe(130);
    expect((await row(74)).children).toEqual(expect.arrayContaining([77, 78, 79, 89, 91, 93, 94]));
    expect(await row(20)).toMatchObject({ usage: 'Discouraged', slice1003: true });
    expect(await row(79)).toMatchObject({
      usage: 'Allowed',
      slice1003: true,
      kind: 'weakness',
      abstraction: 'Base',
      status: 'Stable',
      parents: [74],
      catalogVersion: '4.15',
    });
    // MITRE's mapping notes, kept for the picker's explanations.
    expect(await row(20)).toMatchObject({
      mappingRationale: expect.stringMatching(/^CWE-20 is commonly misused/),
      mappingComments: expect.stringContaining('lower-level children'),
    });
    expect((await catalogRow()).importFormat).toBe(CWE_IMPORT_FORMAT);
    expect((await row(79)).searchText).toMatch(
      /^cwe-79 79 improper neutralization of input .*\nxss .*\nthe product does not/,
    );
  });

  it('ensureCweCatalogue does nothing once a catalogue is loaded', async () => {
    const before = await catalogRow();
    await ensureCweCatalogue(database.db);
    expect(await catalogRow()).toEqual(before);
    expect(await rowCount()).toBe(1427);
  });
});

describe('importCweCatalog', () => {
  it('replaces every row and the catalogue version', async () => {
    const small: ParsedCweCatalog = {
      version: '9.0',
      date: '2030-01-01',
      entries: [fakeEntry(1, { children: [2] }), fakeEntry(2, { parents: [1], slice1003: true })],
    };
    const result = await importCweCatalog(database.db, small);
    expect(result).toEqual({ version: '9.0', date: '2030-01-01', entryCount: 2, imported: true });
    expect(await rowCount()).toBe(2);
    expect(await catalogRow()).toMatchObject({ version: '9.0', releaseDate: '2030-01-01', entryCount: 2 });
    expect(await row(2)).toMatchObject({ parents: [1], slice1003: true, catalogVersion: '9.0' });
  });

  it('onlyIf decides from what is loaded, and a no leaves it alone', async () => {
    const seen: unknown[] = [];
    const result = await importCweCatalog(database.db, bundled, {
      onlyIf: (loaded) => {
        seen.push(loaded);
        return false;
      },
    });
    expect(seen).toEqual([{ version: '9.0', importFormat: CWE_IMPORT_FORMAT }]);
    expect(result.imported).toBe(false);
    expect(await rowCount()).toBe(2);
  });

  it('rolls back completely when a batch fails', async () => {
    // 600 rows span two batches; the duplicate id makes the second one fail after the first went in.
    const entries = Array.from({ length: 600 }, (_, i) => fakeEntry(i + 1));
    entries.push(fakeEntry(550));
    await expect(
      importCweCatalog(database.db, { version: '9.9', date: '2030-02-02', entries }),
    ).rejects.toThrow();
    expect(await rowCount()).toBe(2);
    expect((await catalogRow()).version).toBe('9.0');
  });

  it('loads the bundled release again, in batches', async () => {
    const started = performance.now();
    const result = await importCweCatalog(database.db, bundled);
    console.info(`CWE import of ${result.entryCount} rows: ${Math.round(performance.now() - started)} ms`);
    expect(result).toMatchObject({ version: '4.15', entryCount: 1427, imported: true });
    expect(await rowCount()).toBe(1427);
  });

  it('ensureCweCatalogue loads the same release again when an older import wrote it (no mapping notes)', async () => {
    // What a database loaded before migration 0027 holds: the rows without notes, import format 1.
    await database.db.update(cweEntries).set({ mappingRationale: '', mappingComments: '' });
    await database.db.update(cweCatalog).set({ importFormat: 1 });
    await ensureCweCatalogue(database.db);
    expect(await catalogRow()).toMatchObject({ version: '4.15', importFormat: CWE_IMPORT_FORMAT });
    expect((await row(1)).mappingRationale).toMatch(/^This CWE has been deprecated/);
  });

  it('ensureCweCatalogue leaves another release an older import wrote alone, and says so', async () => {
    await database.db.update(cweCatalog).set({ version: '4.14', importFormat: 1 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ensureCweCatalogue(database.db);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('npm run cwe:import'));
    } finally {
      warn.mockRestore();
    }
    expect(await catalogRow()).toMatchObject({ version: '4.14', importFormat: 1 });
    await database.db.update(cweCatalog).set({ version: '4.15', importFormat: CWE_IMPORT_FORMAT });
  });

  it('ensureCweCatalogue loads the bundled release into an empty catalogue', async () => {
    await database.db.transaction(async (tx) => {
      await tx.delete(cweEntries);
      await tx.delete(cweCatalog);
    });
    await ensureCweCatalogue(database.db);
    expect(await catalogRow()).toMatchObject({ version: '4.15', entryCount: 1427 });
    expect(await rowCount()).toBe(1427);
  });
});
