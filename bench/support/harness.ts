// What the HTTP benchmarks share: command-line options, a database of their own on the PostgreSQL server,
// the real app (buildPlatform, what `npm start` runs) in a child process so the load generator does not
// share its event loop, signing in like a browser, and autocannon scenarios printed as table rows.
//
// A benchmark script is both parent and child: it calls `serveIfChild()` first, which, when the script was
// started with `--serve` (by `startServer`), runs the app instead of the benchmark.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { loadConfig, openDatabase } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { buildPlatform } from '../../services/platform/src/platform.ts';
import { buildIsCurrent, buildServer, outdir } from '../../scripts/server-build.ts';

// ---- options ----

/** `--name=<positive number>`, else the fallback. */
export function numberOption(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `--name=<text>`, else the fallback. */
export function textOption(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

// ---- the database ----

/** The PostgreSQL server the benchmarks use: TEST_DATABASE_URL, else the local one. */
export const benchServerUrl = () =>
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface BenchDatabase {
  /** The server's URL (TEST_DATABASE_URL or the local default). */
  serverUrl: string;
  name: string;
  /** The new database's URL. */
  url: string;
  /** Drops the database (unless kept) and closes the admin connection. */
  close: (options?: { keep?: boolean }) => Promise<void>;
}

/**
 * A fresh database `<prefix>_<pid>` on the benchmark server (an earlier one of that name is dropped). Run
 * `close()` in a `finally`; with `{ keep: true }` it stays for EXPLAINs or another run.
 */
export async function createBenchDatabase(prefix: string): Promise<BenchDatabase> {
  const serverUrl = benchServerUrl();
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  return {
    serverUrl,
    name,
    url: databaseUrl(serverUrl, name),
    close: async (options = {}) => {
      if (options.keep) console.log(`Kept the database ${name}.`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ---- the server, in a child process ----

/**
 * The node flags `npm start` gives the platform (`node <flags> dist/server/platform.js` in package.json), so
 * the child runs with the same heap settings as a deployment; `--node-flags="…"` replaces them for a
 * comparison.
 */
export async function startFlags(): Promise<string[]> {
  const override = process.argv.find((a) => a.startsWith('--node-flags='));
  if (override !== undefined) return override.slice('--node-flags='.length).split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // The last command of the script (it builds first: `… && node <flags> dist/server/platform.js`).
  const command = /^\s*node\s+(.*?)dist\/server\/platform\.js\s*$/.exec(
    pkg.scripts.start.split('&&').at(-1)!,
  );
  if (!command) throw new Error('package.json start script: no `node … dist/server/platform.js` found');
  return command[1].split(/\s+/).filter(Boolean);
}

/**
 * In the child (started with `--serve`): opens the configured database, with `--prepare-data` also loads
 * what `npm start` loads at start (the bundled CWE catalogue), and serves the app on a free port.
 */
async function serve() {
  const config = { ...loadConfig(), logLevel: 'silent' };
  const database = await openDatabase(config);
  if (process.argv.includes('--prepare-data')) await prepareCoordinationData(database.db);
  const app = await buildPlatform({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  console.log(JSON.stringify({ port: address.port }));
  process.once('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
}

/** Call first in a benchmark script: true (and the app served) when this process is the server child. */
export async function serveIfChild(): Promise<boolean> {
  if (!process.argv.includes('--serve')) return false;
  await serve();
  return true;
}

export interface StartedServer {
  child: ChildProcess;
  origin: string;
}

export interface ServerOptions {
  /** On top of this process's environment: DATABASE_URL, CVDP_* settings. */
  env: Record<string, string>;
  /** Node flags before the script (heap settings, tracing). */
  nodeFlags?: string[];
  /**
   * Run what `npm start` runs (dist/server/platform.js, built first if its sources changed) instead of the
   * benchmark script under tsx: for figures of the deployed process (its memory). Also `--production` on the
   * benchmark's command line. It loads the bundled data as `npm start` does, and logs nothing.
   */
  production?: boolean;
  /** Load the bundled data `npm start` loads (prepareCoordinationData) before listening. */
  prepareData?: boolean;
}

/**
 * Starts `script` (the calling benchmark's `import.meta.filename`) with `--serve` in a child process.
 * Resolves once the child printed its port; its other output goes on to stderr.
 */
export async function startServer(script: string, options: ServerOptions): Promise<StartedServer> {
  // `--node-flags="…"` on the benchmark's command line reaches the servers of every benchmark.
  const nodeFlags =
    options.nodeFlags ?? (process.argv.some((a) => a.startsWith('--node-flags=')) ? await startFlags() : []);
  if (options.production ?? process.argv.includes('--production'))
    return startProduction({ ...options, nodeFlags });
  const args = [
    ...nodeFlags,
    '--import',
    'tsx',
    script,
    '--serve',
    ...(options.prepareData ? ['--prepare-data'] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const portLine = new Promise<string>((resolve) => {
    lines.on('line', (line) => {
      if (line.startsWith('{"port":')) resolve(line);
      else console.error(line);
    });
  });
  const line = await Promise.race([
    portLine,
    once(child, 'exit').then(() => {
      throw new Error('the server exited');
    }),
  ]);
  const { port } = JSON.parse(line) as { port: number };
  return { child, origin: `http://127.0.0.1:${port}` };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The production start (see `ServerOptions.production`): resolves once `/healthz` answers 200. */
async function startProduction(options: ServerOptions): Promise<StartedServer> {
  if (!buildIsCurrent()) await buildServer();
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), path.join(outdir, 'platform.js')], {
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const answer = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends the child server (if it still runs) and waits for it. */
export async function stopServer(child: ChildProcess | undefined) {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

// ---- signing in ----

function cookiesOf(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    jar[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return jar;
}

/**
 * Signs in through the real endpoints, as a browser would (CSRF cookie first). Returns the headers a
 * signed-in request sends: `cookie`, and `x-csrftoken` for unsafe methods.
 */
export async function signIn(
  origin: string,
  email: string,
  password: string,
): Promise<{ cookie: string; 'x-csrftoken': string }> {
  const jar = cookiesOf(await fetch(`${origin}/healthz`));
  const cookie = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const response = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-csrftoken': decodeURIComponent(jar.csrftoken),
    },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  Object.assign(jar, cookiesOf(response));
  return { cookie: cookie(), 'x-csrftoken': decodeURIComponent(jar.csrftoken) };
}

// ---- autocannon (no type package installed: the few fields used here) ----

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  latency: Histogram;
  requests: Histogram & { total: number };
  throughput: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  o: AutocannonOptions,
) => Promise<AutocannonResult>;

export interface Scenario {
  name: string;
  headers?: Record<string, string>;
  /** Requested in rotation. */
  paths: string[];
  /** The status every answer must have (default: any 2xx), e.g. 304 for a conditional GET. */
  expectStatus?: number;
}

/** One scenario's figures, as a console.table row. */
export interface ScenarioRow {
  scenario: string;
  'p50 ms': number;
  'p90 ms': number;
  'p99 ms': number;
  'max ms': number;
  'req/s': number;
  'MB/s': number;
  requests: number;
  failed: number;
}

/**
 * Runs a scenario with autocannon: a 2 s warm-up (JIT, pool connections, PostgreSQL's caches), then
 * `duration` seconds from `connections` clients, rotating over its paths.
 */
/**
 * One scenario under autocannon. Without `overallRate` each connection sends its next request as soon as the
 * last is answered (a closed loop: the figures are the server's saturation). With it the connections together
 * send that many requests a second (an open loop: people at a desk, each clicking now and then), so the
 * latency says what each of them waits while the server is not saturated.
 */
export async function runScenario(
  origin: string,
  scenario: Scenario,
  connections: number,
  duration: number,
  overallRate?: number,
): Promise<ScenarioRow> {
  let i = 0;
  const rotate = (request: AutocannonRequest) => ({
    ...request,
    path: scenario.paths[i++ % scenario.paths.length],
  });
  const options: AutocannonOptions = {
    url: origin,
    connections,
    duration,
    headers: scenario.headers,
    requests: [{ setupRequest: rotate }],
    ...(overallRate ? { overallRate } : {}),
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon(options);
  return {
    scenario: scenario.name,
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'req/s': Math.round(result.requests.average),
    'MB/s': +(result.throughput.average / 1e6).toFixed(1),
    requests: result.requests.total,
    failed: unexpected(result, scenario.expectStatus) + result.errors + result.timeouts,
  };
}

/** Answers of another status than `expected` (without it: answers that are not 2xx). */
function unexpected(result: AutocannonResult, expected: number | undefined): number {
  if (expected === undefined) return result.non2xx;
  return Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== expected)
    .reduce((n, [, stats]) => n + stats.count, 0);
}

/** Sets exit code 1 (with a message) if any request of any scenario failed. */
export function failOnErrors(rows: { failed: number }[]) {
  if (rows.some((r) => r.failed > 0)) {
    console.error('Some requests failed (non-2xx, errors or timeouts).');
    process.exitCode = 1;
  }
}

/** One route's figures in the scale benchmarks: one client's p50/p95, then many clients' req/s, p99, failures. */
export interface Figures {
  p50: number;
  p95: number;
  rps: number;
  p99: number;
  failed: number;
}

/** Nearest-rank percentile of an ascending list. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * One client's latencies (ms, ascending) over `paths` in turn: `requests` timed after 10 that warm up (JIT, the
 * pool, PostgreSQL's caches). Any answer but 200 fails the run.
 */
export async function oneClientTimes(
  origin: string,
  paths: readonly string[],
  headers: Record<string, string>,
  requests: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < requests + 10; i++) {
    const path = paths[i % paths.length];
    const t = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    if (i >= 10) times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
