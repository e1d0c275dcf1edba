// `npm run seed:demo` beside a running server on the embedded database: refused at once, naming the server's
// process, before it opens the database or imports the services (which took the refusal 37 s on a busy
// machine). A child process as a person runs it; its module loads are recorded to see what it imported.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const command = path.resolve(import.meta.dirname, '../seed-demo.ts');
const recorder = path.resolve(import.meta.dirname, '../../testing/record-module-loads.mjs');
const dataDir = mkdtempSync(path.join(tmpdir(), 'cvdp-seed-refusal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('refuses at once while a server holds the embedded database, naming it, and touches nothing', async () => {
  // A live process holds the lock, as a running server does: this test's own process.
  const pglite = path.join(dataDir, 'pglite');
  mkdirSync(pglite);
  writeFileSync(path.join(pglite, 'cvdp.lock'), String(process.pid));
  const loads = path.join(dataDir, 'loaded-modules.txt');
  const env = { ...process.env, CVDP_DATA_DIR: dataDir, DATABASE_URL: '', CVDP_LOADED_MODULES: loads };

  const outcome = await run(process.execPath, ['--import', 'tsx', '--import', recorder, command], {
    env,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );

  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toContain(
    `cvdp: The embedded database in ${pglite} is in use by process ${process.pid}. Stop that process first`,
  );
  expect(outcome.stderr).toContain('The demo data is written while the server is stopped.');
  // The database was never opened (PGlite would have written its files) and still belongs to the server.
  expect(readdirSync(pglite)).toEqual(['cvdp.lock']);
  expect(readFileSync(path.join(pglite, 'cvdp.lock'), 'utf8')).toBe(String(process.pid));
  // Nothing heavy was imported: no service, no database driver.
  const loaded = readFileSync(loads, 'utf8').split('\n');
  expect(loaded.some((url) => url.endsWith('/tools/seed-demo.ts'))).toBe(true);
  expect(
    loaded.filter((url) => /\/services\/(coordination|scoring)\/|\/seed-demo\/|pglite|drizzle/.test(url)),
  ).toEqual([]);
});
