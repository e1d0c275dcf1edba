// npm run bench:cwe [-- --duration=10 --connections=50]
//
// GET /api/cwe/?search=… on the real app (buildPlatform, the code `npm start` runs) over PostgreSQL, signed
// in, from 50 concurrent autocannon clients with mixed search terms, beside GET /healthz on the same server
// as the baseline. The server runs in a child process so autocannon does not share its event loop.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres. The script creates its
// own database there (cvdp_bench_cwe_<pid>) and drops it at the end.
import type { ChildProcess } from 'node:child_process';
import { hashPassword, openPostgres, users } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { cweSnapshot } from '../services/coordination/src/cwe/catalogue-snapshot.ts';
import { rankCwes } from '../services/coordination/src/cwe/search-ranking.ts';
import {
  createBenchDatabase,
  failOnErrors,
  numberOption,
  runScenario,
  type Scenario,
  serveIfChild,
  signIn,
  startServer,
  stopServer,
} from './support/harness.ts';

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

async function main() {
  const duration = numberOption('duration', 10);
  const connections = numberOption('connections', 50);
  const database = await createBenchDatabase('cvdp_bench_cwe');
  const { url, serverUrl } = database;
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

    const started2 = await startServer(import.meta.filename, {
      env: { DATABASE_URL: url },
      prepareData: true,
    });
    server = started2.child;
    const { origin } = started2;
    const signedIn = { cookie: (await signIn(origin, BENCH_EMAIL, BENCH_PASSWORD)).cookie };

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
    for (const scenario of scenarios) rows.push(await runScenario(origin, scenario, connections, duration));
    console.table(rows);
    failOnErrors(rows);
  } finally {
    await stopServer(server);
    await database.close();
  }
}

if (!(await serveIfChild())) await main();
