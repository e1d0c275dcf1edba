// npm run bench:cwe [-- --duration=10 --connections=50]
//
// GET /api/cwe/?search=… on the real app (buildPlatform, the code `npm start` runs) over PostgreSQL, signed
// in, from 50 concurrent autocannon clients with mixed search terms, beside GET /healthz on the same server
// as the baseline. The server runs in a child process so autocannon does not share its event loop.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres. The script creates its
// own database there (cvdp_bench_cwe_<pid>) and drops it at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { hashPassword, loadConfig, openDatabase, openPostgres, users } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { buildPlatform } from '../services/platform/src/platform.ts';
import { cweSnapshot } from '../services/coordination/src/cwe/catalogue-snapshot.ts';
import { rankCwes } from '../services/coordination/src/cwe/search-ranking.ts';

const BENCH_EMAIL = 'bench@example.test';
const BENCH_PASSWORD = 'bench password for cwe search';

/** What people type into the picker: ids in each spelling, words, phrases, prefixes, nothing, no match. */
const SEARCHES = [
  '79',
  'CWE-89',
  'cwe-20',
  'injection',
  'sql injection',
  'xss',
  'overflow',
  'buffer',
  'cross-site',
  'auth',
  'memory',
  'path traversal',
  'deserial',
  'race condition',
  'csrf',
  'null pointer',
  'in',
  'cwe-1',
  '',
  'zzzz nothing',
];

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

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

// ---- child: the server ----
async function serve() {
  const config = { ...loadConfig(), logLevel: 'silent' };
  const database = await openDatabase(config);
  await prepareCoordinationData(database.db);
  const app = await buildPlatform({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  console.log(JSON.stringify({ port: address.port }));
  process.once('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
}

// ---- parent: database, sign-in, load ----
function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startServer(url: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve'], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error('the server exited');
    }),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return { child, origin: `http://127.0.0.1:${port}` };
}

function cookiesOf(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    jar[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return jar;
}

/** Signs in through the real endpoints (CSRF cookie first, as a browser would); returns the Cookie header. */
async function signIn(origin: string): Promise<string> {
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
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  Object.assign(jar, cookiesOf(response));
  return cookie();
}

/** The route's own work without HTTP and auth: what the in-memory snapshot costs per request. */
async function measureSearchInProcess(database: { db: Parameters<typeof cweSnapshot>[0] }) {
  const started = performance.now();
  const snapshot = await cweSnapshot(database.db);
  const loadMs = Math.round(performance.now() - started);
  const time = (rounds: number, fn: (i: number) => void) => {
    for (let i = 0; i < rounds; i++) fn(i); // warm-up
    const t = performance.now();
    for (let i = 0; i < rounds; i++) fn(i);
    return +(((performance.now() - t) / rounds) * 1000).toFixed(1);
  };
  const rankUs = time(2_000, (i) => rankCwes(snapshot.entries, SEARCHES[i % SEARCHES.length]));
  const pageUs = time(2_000, (i) => {
    const list = rankCwes(snapshot.entries, SEARCHES[i % SEARCHES.length]);
    JSON.stringify(list.slice(0, 100).map((e) => e.result));
  });
  const cachedUs = time(20_000, (i) => snapshot.page(SEARCHES[i % SEARCHES.length], 1, 100));
  return { loadMs, rankUs, pageUs, cachedUs };
}

interface Scenario {
  name: string;
  headers?: Record<string, string>;
  paths: string[];
}

async function run(origin: string, scenario: Scenario, connections: number, duration: number) {
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
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, pool connections, the CWE snapshot
  const result = await autocannon(options);
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: scenario.name,
    'p50 ms': result.latency.p50,
    'p90 ms': result.latency.p90,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'req/s': Math.round(result.requests.average),
    'MB/s': +(result.throughput.average / 1e6).toFixed(1),
    requests: result.requests.total,
    failed,
  };
}

async function main() {
  const duration = option('duration', 10);
  const connections = option('connections', 50);
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cvdp_bench_cwe_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  let server: ChildProcess | undefined;
  try {
    // Import time of the bundled catalogue into a fresh database (what `npm start` does once).
    const setup = await openPostgres(url, { max: 2 });
    const started = performance.now();
    await prepareCoordinationData(setup.db);
    const importMs = Math.round(performance.now() - started);
    await setup.db.insert(users).values({
      email: BENCH_EMAIL,
      name: 'Bench',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      roles: ['reporter'],
      pending: false,
    });
    const inProcess = await measureSearchInProcess(setup);
    await setup.close();

    const started2 = await startServer(url);
    server = started2.child;
    const { origin } = started2;
    const cookie = await signIn(origin);
    const signedIn = { cookie };

    const probe = await fetch(`${origin}/api/cwe/?search=xss`, { headers: signedIn });
    const body = (await probe.json()) as { count: number; results: { cwe: string }[] };
    if (probe.status !== 200 || body.results[0]?.cwe !== 'CWE-79')
      throw new Error(`probe failed: ${probe.status}`);

    const cwePaths = SEARCHES.map((s) => `/api/cwe/?search=${encodeURIComponent(s)}`);
    const scenarios: Scenario[] = [
      { name: 'GET /healthz (no session)', paths: ['/healthz'] },
      { name: 'GET /healthz (signed in)', headers: signedIn, paths: ['/healthz'] },
      { name: 'GET /api/cwe/?search=… (100/page)', headers: signedIn, paths: cwePaths },
      {
        name: 'GET /api/cwe/?search=…&page_size=20',
        headers: signedIn,
        paths: cwePaths.map((p) => `${p}&page_size=20`),
      },
    ];
    console.log(
      `CWE search benchmark: ${connections} connections, ${duration} s per scenario (after a 2 s warm-up), ` +
        `${SEARCHES.length} search terms in rotation, PostgreSQL at ${new URL(serverUrl).host}.`,
    );
    console.log(`Bundled CWE 4.15 import into the new database: ${importMs} ms.`);
    console.log(
      `In process, per search: ranking ${inProcess.rankUs} µs (uncached), a 100-entry page ${inProcess.pageUs} µs ` +
        `(uncached, incl. JSON), ${inProcess.cachedUs} µs (cached); snapshot load ${inProcess.loadMs} ms.`,
    );
    const rows = [];
    for (const scenario of scenarios) rows.push(await run(origin, scenario, connections, duration));
    console.table(rows);
    if (rows.some((r) => r.failed > 0)) {
      console.error('Some requests failed (non-2xx, errors or timeouts).');
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
