// Workspace hygiene (docs/architecture.md, "Workspaces"), checked on the source of every npm workspace:
//   - its product code (src/, tests excepted) imports nothing from a testing/ or tools/ folder;
//   - every package its product code imports, `@cvdp/*` ones included, is in its own package.json's
//     `dependencies` (or peer/optional ones) — not merely somewhere in node_modules because the root or
//     another workspace brought it;
//   - every package its tests, testing/ and tools/ import is in its package.json or the root's
//     devDependencies (the root keeps the packages only tests, tools and benchmarks use).
// It reads the files as text: static `import … from '…'`, `export … from '…'`, `import '…'` and dynamic
// `import('…')`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

interface PackageJson {
  name: string;
  workspaces?: string[];
  exports?: Record<string, string | { default?: string }>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
const rootPackage = readJson(path.join(repo, 'package.json'));

interface Workspace {
  dir: string;
  pkg: PackageJson;
}

/** The root's `workspaces` entries: a folder, or `folder/*` for each folder under it with a package.json. */
const workspaces: Workspace[] = (rootPackage.workspaces ?? [])
  .flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(path.join(repo, entry.slice(0, -2))).map((name) => path.join(entry.slice(0, -2), name))
      : [entry],
  )
  .filter((dir) => {
    try {
      return statSync(path.join(repo, dir, 'package.json')).isFile();
    } catch {
      return false;
    }
  })
  .map((dir) => ({ dir, pkg: readJson(path.join(repo, dir, 'package.json')) }));

const byName = new Map(workspaces.map((w) => [w.pkg.name, w]));

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) ? [full] : [];
  });
}

const isTestFile = (file: string) => /\.test\.(ts|tsx)$/.test(file);
/**
 * Test support the web app keeps inside its src/ (its lint boundaries place it there): a `test/` folder
 * (web/src/test/, a feature's test/) or a `test-utils` file. The server workspaces keep theirs in testing/.
 */
const isTestSupportInSrc = (rel: string) =>
  rel.split(path.sep).includes('test') || /^test-utils\.tsx?$/.test(path.basename(rel));

/** The product's files: src/ without tests and test support. */
function productFiles(w: Workspace): string[] {
  const src = path.join(repo, w.dir, 'src');
  return sourceFiles(src).filter((f) => !isTestFile(f) && !isTestSupportInSrc(path.relative(src, f)));
}

/** Tests, test support and tools: the rest of the workspace's source (its config files at the top too). */
function developmentFiles(w: Workspace): string[] {
  const product = new Set(productFiles(w));
  return sourceFiles(path.join(repo, w.dir)).filter((f) => !product.has(f));
}

/** Every module specifier the file imports or re-exports, static or dynamic. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    // Comments may quote imports (only whole-line ones are dropped: `/*` and `//` also occur in strings).
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"\n]+)['"]/g),
    ...text.matchAll(/^\s*import\s*['"]([^'"\n]+)['"]/gm),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]);
}

const builtins = new Set(builtinModules);

/** The package a bare specifier names, or undefined for relative paths and Node's own modules. */
function packageOf(spec: string): string | undefined {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return undefined;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (builtins.has(name) || builtins.has(spec)) return undefined;
  return name;
}

const declared = (pkg: PackageJson) =>
  new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
  ]);

/** The file a workspace package's subpath export points at (`@cvdp/coordination/testing` → …/testing/test-app.ts). */
function exportTarget(w: Workspace, subpath: string): string | undefined {
  const key = subpath === '' ? '.' : `./${subpath}`;
  const exportsMap = w.pkg.exports ?? {};
  const pick = (value: string | { default?: string }) => (typeof value === 'string' ? value : value.default);
  if (key in exportsMap) return pick(exportsMap[key]);
  // The longest matching `*` pattern wins, as in Node.
  const patterns = Object.keys(exportsMap)
    .filter((k) => k.includes('*'))
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'));
  for (const pattern of patterns) {
    const [before, after] = pattern.split('*');
    if (key.startsWith(before) && key.endsWith(after) && key.length >= pattern.length - 1) {
      return pick(exportsMap[pattern])?.replace('*', key.slice(before.length, key.length - after.length));
    }
  }
  return undefined;
}

/** The workspace folder and path inside it that a specifier from `file` reaches, when it reaches a workspace. */
function workspaceTarget(file: string, spec: string): { w: Workspace; inside: string } | undefined {
  let target: string | undefined;
  if (spec.startsWith('.')) {
    target = path.resolve(path.dirname(file), spec);
  } else {
    const name = packageOf(spec);
    const w = name ? byName.get(name) : undefined;
    if (!w || !name) return undefined;
    const relative = exportTarget(w, spec.slice(name.length + 1));
    if (!relative) return undefined;
    target = path.resolve(repo, w.dir, relative);
  }
  for (const w of workspaces) {
    const inside = path.relative(path.join(repo, w.dir), target);
    if (!inside.startsWith('..') && !path.isAbsolute(inside)) return { w, inside };
  }
  return undefined;
}

it('finds the workspaces and their product files', () => {
  expect(workspaces.map((w) => w.pkg.name)).toEqual(
    expect.arrayContaining([
      '@cvdp/core',
      '@cvdp/server-kit',
      '@cvdp/coordination',
      '@cvdp/scoring',
      '@cvdp/platform',
      '@cvdp/web',
    ]),
  );
  for (const w of workspaces) expect(productFiles(w).length, w.dir).toBeGreaterThan(0);
});

it("a workspace's product code imports nothing from a testing/ or tools/ folder", () => {
  const wrong: string[] = [];
  for (const w of workspaces) {
    for (const file of productFiles(w)) {
      for (const spec of specifiers(file)) {
        const reached = workspaceTarget(file, spec);
        if (reached && /^(testing|tools)(\/|\\)/.test(reached.inside)) {
          wrong.push(`${path.relative(repo, file)} imports ${spec} (${reached.w.dir}/${reached.inside})`);
        }
      }
    }
  }
  expect(wrong).toEqual([]);
});

it("every package a workspace's product code imports is in that workspace's dependencies", () => {
  const missing: string[] = [];
  for (const w of workspaces) {
    const own = declared(w.pkg);
    const wanted = new Map<string, string>();
    for (const file of productFiles(w)) {
      for (const spec of specifiers(file)) {
        const name = packageOf(spec);
        if (name && name !== w.pkg.name && !own.has(name) && !wanted.has(name)) {
          wanted.set(name, path.relative(repo, file));
        }
      }
    }
    for (const [name, file] of wanted)
      missing.push(`${w.dir}/package.json lacks ${name} (imported by ${file})`);
  }
  expect(missing).toEqual([]);
});

it("every package a workspace's tests, test support and tools import is declared (there or at the root)", () => {
  const rootDev = new Set(Object.keys(rootPackage.devDependencies ?? {}));
  const missing: string[] = [];
  for (const w of workspaces) {
    const own = new Set([...declared(w.pkg), ...Object.keys(w.pkg.devDependencies ?? {})]);
    const wanted = new Map<string, string>();
    for (const file of developmentFiles(w)) {
      for (const spec of specifiers(file)) {
        const name = packageOf(spec);
        if (name && name !== w.pkg.name && !own.has(name) && !rootDev.has(name) && !wanted.has(name)) {
          wanted.set(name, path.relative(repo, file));
        }
      }
    }
    for (const [name, file] of wanted)
      missing.push(`${w.dir}: nothing declares ${name} (imported by ${file})`);
  }
  expect(missing).toEqual([]);
});
