// The web app's build for `npm start` (scripts/build-if-changed.ts): built only when what it is built from
// changed since the last build — the web sources and config, the core package the page imports, and the
// lockfile — by a content hash kept beside the build (web/dist/.source-hash). A second `npm start` reaches
// its first screen in seconds instead of waiting for the build each time. `npm run build:web` still builds
// unconditionally, and since a build empties web/dist, the hash is gone after any other build: the next start
// builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
const hashFile = path.join(dist, '.source-hash');
/**
 * What the build reads: folders are walked (node_modules and dist left out), files read. Test files count
 * too: a changed test costs one build of a few seconds, a missed source change would serve a stale page.
 */
const INPUTS = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'packages/core/src',
  'packages/core/package.json',
  'package-lock.json',
];

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .flatMap((name) => files(path.join(entry, name)));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Builds web/dist unless it was built from the sources as they are now; false when the build failed. */
export function buildWebIfChanged(): boolean {
  const current = sourceHash();
  const built =
    existsSync(path.join(dist, 'index.html')) && existsSync(hashFile)
      ? readFileSync(hashFile, 'utf8').trim()
      : '';
  if (built === current) {
    console.log('The web app is up to date (web/dist); not rebuilding.');
    return true;
  }
  console.log(built ? 'The web app changed since its last build: building it…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) return false;
  writeFileSync(hashFile, current + '\n');
  return true;
}
