// `npm run cwe:import` as a person runs it: a child process on a fresh embedded database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@cvdp/server-kit';
import { cweCatalog, cweEntries } from '../tables.ts';

const run = promisify(execFile);
const command = path.join(import.meta.dirname, 'import-command.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cvdp-cwe-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const release = (version: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Weakness_Catalog Name="CWE" Version="${version}" Date="2031-05-06" xmlns="http://cwe.mitre.org/cwe-7">
  <Weaknesses>
    <Weakness ID="1" Name="Parent" Abstraction="Class" Status="Draft"><Description>P.</Description></Weakness>
    <Weakness ID="2" Name="Child" Abstraction="Base" Status="Draft"><Description>C.</Description>
      <Related_Weaknesses><Related_Weakness Nature="ChildOf" CWE_ID="1" View_ID="1000"/></Related_Weaknesses>
    </Weakness>
  </Weaknesses>
</Weakness_Catalog>`;

function file(name: string, text: string) {
  const at = path.join(dataDir, name);
  writeFileSync(at, text);
  return at;
}

async function importCommand(...args: string[]) {
  const env = { ...process.env, CVDP_DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', command, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run cwe:import', () => {
  it('explains its usage', async () => {
    const result = await importCommand();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run cwe:import -- <path to cwec_vX.Y.xml> [--force]');
  });

  it('refuses a file that is not a CWE catalogue before touching the database', async () => {
    const result = await importCommand(file('not-cwe.xml', '<html/>'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Not a MITRE CWE catalogue');
  });

  it('imports a release, refuses an older one, and replaces it with --force', async () => {
    const imported = await importCommand(file('cwec_v9.2.xml', release('9.2')));
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported CWE 9.2: 2 entries into an empty catalogue');

    const older = await importCommand(file('cwec_v9.1.xml', release('9.1')));
    expect(older.code).toBe(1);
    expect(older.stderr).toContain('The database holds CWE 9.2, newer than 9.1. Nothing changed');

    const forced = await importCommand(path.join(dataDir, 'cwec_v9.1.xml'), '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Imported CWE 9.1: 2 entries replacing CWE 9.2');

    const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(await database.db.select({ version: cweCatalog.version }).from(cweCatalog)).toEqual([
        { version: '9.1' },
      ]);
      const rows = await database.db
        .select({ id: cweEntries.id, children: cweEntries.children })
        .from(cweEntries);
      expect(rows.sort((a, b) => a.id - b.id)).toEqual([
        { id: 1, children: [2] },
        { id: 2, children: [] },
      ]);
    } finally {
      await database.close();
    }
  });
});
