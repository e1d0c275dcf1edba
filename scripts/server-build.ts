// The services' production build: `npm start`, `start:coordination` and `start:scoring` run ahead-of-time
// compiled JavaScript (dist/server/), not the TypeScript sources through tsx. tsx's loader, esbuild's API
// and every module's inline source map cost a running service ~20 MB of resident memory and its start
// ~1 s (bench/README.md "A lean process"). Tests, benchmarks and tools still run the sources through tsx.
//
// One esbuild build of the three entry points, split into shared chunks: our own code (the workspace
// packages) is bundled; every npm package stays an import of the package, resolved by node at run time,
// so lazily loaded packages (PGlite, the AWS SDK, openpgp…) stay lazy and native or WebAssembly packages
// find their files. Two things would otherwise change meaning in a bundle, and are kept as they were:
// - `import.meta.url`/`dirname`/`filename` name the source file, not the chunk: config.ts finds the repository
//   (the default data folder `<repo>/data`), database.ts the migrations, the CSAF and CVE schemas are required
//   relative to their module, and `createRequire` resolves packages from where the source lives;
// - a package a workspace has its own copy of (services/coordination/node_modules/ajv is v8, the root's v6)
//   is imported by the path node resolves from the source's folder, not from dist/.
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const outdir = path.join(root, 'dist/server');
/** What the build wrote last: the hash of its inputs, the source files it bundled, the files it wrote. */
export const stampFile = path.join(outdir, '.build-stamp.json');

/** The entry points, by output name: dist/server/<name>.js. */
export const ENTRIES = {
  platform: 'services/platform/src/main.ts',
  coordination: 'services/coordination/src/main.ts',
  scoring: 'services/scoring/src/main.ts',
} as const;

/** Besides the bundled sources, what the output depends on: the esbuild version, the build itself. */
const ALWAYS = ['package-lock.json', 'tsconfig.json', 'scripts/server-build.ts'];

const posix = (p: string) => p.split(path.sep).join('/');
/** A path from the chunks' folder `into` to `file`, as an import or URL wants it. */
const relativeTo = (into: string, file: string) => {
  const rel = posix(path.relative(into, file));
  return rel.startsWith('.') ? rel : `./${rel}`;
};

// Every chunk imports this, so a rewritten `import.meta.dirname` can turn the source's URL into a path.
const BANNER = "import { fileURLToPath as __cvdpFileURLToPath } from 'node:url';";

/** `import.meta.*` of a source file, rewritten to name that file wherever its chunk lands. */
function keepImportMeta(source: string, file: string, into: string): string {
  const url = `new URL(${JSON.stringify(relativeTo(into, file))}, import.meta.url)`;
  const dir = `new URL(${JSON.stringify(relativeTo(into, path.dirname(file)) + '/')}, import.meta.url)`;
  return source
    .replaceAll('import.meta.url', `${url}.href`)
    .replaceAll('import.meta.filename', `__cvdpFileURLToPath(${url})`)
    .replaceAll('import.meta.dirname', `__cvdpFileURLToPath(${dir}).replace(/\\/$/, '')`);
}

/**
 * npm packages compiled into the bundle rather than imported at run time. drizzle-orm: node's module resolver
 * re-reads the package scope of every module it loads, and drizzle-orm's package.json (179 KB: an export for
 * each of its files) was parsed again for each of its 108 modules' imports — 160 MB of garbage in the first
 * second, whose pages V8 then kept pooled (~40 MB resident). Only pure JavaScript packages that no external
 * package imports belong here (a second copy would be a second instance), and none that reads its own files.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The plugin for a build whose chunks land in `into` (a folder of this repository). */
const sourcesAsWritten = (into: string): Plugin => ({
  name: 'cvdp-sources-as-written',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return { contents: keepImportMeta(source, args.path, into), loader: 'ts' };
    });
    // npm packages stay external; our workspace packages (@cvdp/*) and BUNDLED_PACKAGES are bundled.
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      if (args.path.startsWith('node:') || args.path.startsWith('@cvdp/')) return undefined;
      if (BUNDLED_PACKAGES.includes(packageName(args.path))) return undefined;
      const options = { kind: args.kind, pluginData: 'inner' };
      const fromSource = await b.resolve(args.path, { ...options, resolveDir: args.resolveDir });
      if (fromSource.errors.length > 0) return { errors: fromSource.errors };
      if (fromSource.external) return { path: args.path, external: true };
      // From dist/… node looks in the repository's node_modules (dist/ has none).
      const fromRoot = await b.resolve(args.path, { ...options, resolveDir: root });
      // Node, from the chunks' folder, finds the same file: keep the bare specifier.
      if (fromRoot.errors.length === 0 && fromRoot.path === fromSource.path)
        return { path: args.path, external: true };
      return { path: relativeTo(into, fromSource.path), external: true };
    });
  },
});

function hashOf(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const full = path.join(root, file);
    hash.update(file).update('\0');
    hash.update(existsSync(full) ? readFileSync(full) : '(missing)').update('\0');
  }
  return hash.digest('hex');
}

interface Stamp {
  hash: string;
  inputs: string[];
  outputs: string[];
}

const readStamp = (): Stamp | undefined =>
  existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp) : undefined;

/** True when dist/server/ was built from the sources as they are now. */
export function buildIsCurrent(): boolean {
  const stamp = readStamp();
  if (!stamp) return false;
  if (Object.keys(ENTRIES).some((name) => !existsSync(path.join(outdir, `${name}.js`)))) return false;
  return hashOf([...stamp.inputs, ...ALWAYS]) === stamp.hash;
}

/** esbuild's build of `entries` (output name → source) into `into`, a folder of this repository; not written. */
export async function bundle(entries: Record<string, string>, into: string) {
  return build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: into,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Source maps in a file beside each chunk: `node --enable-source-maps` names the .ts file and line.
    sourcemap: 'linked',
    // Names and lines are enough for a stack trace; node would hold the sources' text too.
    sourcesContent: false,
    // Function and class names as written (the logs and error names show them).
    keepNames: true,
    // Chunks beside the entry points: the paths rewritten above are relative to that one folder.
    chunkNames: '[name]-[hash]',
    banner: { js: BANNER },
    plugins: [sourcesAsWritten(into)],
    metafile: true,
    logLevel: 'warning',
    write: false,
  });
}

/**
 * Builds dist/server/ and writes the stamp. Each file is written whole (a temporary file renamed), and the
 * chunks are named by their content, so a service already running from dist/server/ still finds the chunks
 * it loads later (the CSAF validator, PGlite's driver); two starts that build at once write the same files.
 * Files of builds before the previous one are removed.
 */
export async function buildServer(): Promise<void> {
  const previous = readStamp();
  const result = await bundle(ENTRIES, outdir);
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const outputs = result.outputFiles.map((file) => path.basename(file.path));
  const keep = new Set([...outputs, ...(previous?.outputs ?? []), path.basename(stampFile)]);
  for (const name of readdirSync(outdir)) {
    if (!keep.has(name) && !name.endsWith('.tmp')) rmSync(path.join(outdir, name), { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/'));
  const stamp: Stamp = { hash: hashOf([...inputs, ...ALWAYS]), inputs, outputs };
  const temporary = `${stampFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(stamp));
  renameSync(temporary, stampFile);
}
