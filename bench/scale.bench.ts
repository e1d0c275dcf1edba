// npm run bench:scale [-- --cases=100000 --small=10000 --requests=200 --duration=10 --connections=50
//                        --node-flags="…" --settle=N --keep --only=<part of a route's name>]
//
// Issue 30's regression guard: do the case workspace's lists and searches cost what a page costs, whatever
// the data? In one run, two databases are seeded (bench/support/case-seed.ts: set-based, the seeding time
// printed) with --small (10,000) and --cases (100,000; --cases=1000000 for the full run) cases. Against each,
// what `npm start` runs (dist/server/platform.js, built if its sources changed) runs in a child process and, for the coordinator (sees every
// case) and the vendor (50 cases through a group), every route of the table is measured:
//   - one client: --requests sequential requests per route (rotating the search terms), p50 and p95;
//   - 50 clients (autocannon, --duration s after a 2 s warm-up): req/s, p99 and failed requests;
//   - the platform process's resident memory (VmRSS) fresh and after the load; the child runs with the node
//     flags of `npm start` (package.json), or those of --node-flags="…" for a comparison.
// Then the growth table: p50 at the large size ÷ p50 at the small one, in this same run.
// Goals (issue 30): one client p50 ≤ 20 ms, p95 ≤ 50 ms; growth ≤ 2×; 50 clients p99 ≤ 250 ms, no error;
// RSS ≤ 250 MB after the load, ≤ 150 MB fresh.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; databases
// cvdp_bench_scale_<pid>_<size>, dropped at the end. With --keep they are cvdp_bench_scale_keep_<size> and stay:
// a later run with --keep measures them again without seeding (a 1M seed takes many minutes), migrating them
// to the current schema first.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openPostgres } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { COORDINATOR, PASSWORD, QUERIES, VENDOR, seed } from './support/case-seed.ts';
import {
  benchServerUrl,
  databaseUrl,
  numberOption,
  runScenario,
  serveIfChild,
  signIn,
  startFlags,
  startServer,
  stopServer,
  type Figures,
  oneClientTimes,
  percentile,
} from './support/harness.ts';

interface Route {
  name: string;
  who: 'coordinator' | 'vendor';
  paths: string[];
}

const terms = (base: string) => QUERIES.map((w) => `${base}${encodeURIComponent(w)}`);
const ROUTES: Route[] = (['coordinator', 'vendor'] as const)
  .flatMap((who) => [
    { name: `${who}: /api/cases/`, who, paths: ['/api/cases/'] },
    { name: `${who}: /api/cases/?query=…`, who, paths: terms('/api/cases/?query=') },
    {
      name: `${who}: /api/cases/?owned=True&status=0&status=1`,
      who,
      paths: ['/api/cases/?owned=True&status=0&status=1'],
    },
    { name: `${who}: /api/search/?query=…`, who, paths: terms('/api/search/?query=') },
    ...(who === 'coordinator' ? [{ name: `${who}: /api/triage/`, who, paths: ['/api/triage/'] }] : []),
  ])
  .concat(
    // Issue 28: the queue ordered weakest first (triage_order, kept by triggers). Last, as when it scored the
    // whole queue per request (seconds at 200,000 waiting) and its 50 clients' statements weighed on the rest.
    {
      name: 'coordinator: /api/triage/?ordering=quality',
      who: 'coordinator',
      paths: ['/api/triage/?ordering=quality'],
    },
  );

/** --only=<words>: the routes whose name holds them (e.g. --only=vendor), to measure a change again quickly. */
const selectedRoutes = () => {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  return only ? ROUTES.filter((r) => r.name.includes(only)) : ROUTES;
};

/** The child's resident memory in MB (Linux). */
async function rssMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** When a route of several paths misses p95, which of them cost most: each path's median of 9 requests. */
async function slowestPaths(origin: string, route: Route, headers: Record<string, string>): Promise<string> {
  const medians: [string, number][] = [];
  for (const path of route.paths) {
    const times = await oneClientTimes(origin, [path], headers, 9);
    medians.push([decodeURIComponent(path.split('query=')[1] ?? path), percentile(times, 50)]);
  }
  return medians
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([path, ms]) => `"${path}" ${ms.toFixed(1)} ms`)
    .join(', ');
}

async function measureSize(
  cases: number,
  requests: number,
  connections: number,
  duration: number,
): Promise<{ figures: Map<string, Figures>; seedSeconds: number; rssFresh: number; rssAfter: number }> {
  const serverUrl = benchServerUrl();
  const keep = process.argv.includes('--keep');
  const name = keep ? `cvdp_bench_scale_keep_${cases}` : `cvdp_bench_scale_${process.pid}_${cases}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const kept =
    keep && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!kept) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  const url = databaseUrl(serverUrl, name);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  let server: Awaited<ReturnType<typeof startServer>>['child'] | undefined;
  try {
    console.log(`\n== ${cases.toLocaleString('en')} cases`);
    const setup = await openPostgres(url, { max: 2 });
    await prepareCoordinationData(setup.db);
    await setup.close();
    await client.connect();
    const seeded = performance.now();
    const already = kept && (await client.query('select 1 from cases limit 1')).rowCount === 1;
    if (already) console.log(`Kept database ${name}: measured again, not seeded.`);
    else await seed(client, cases, (line) => console.log(line));
    const seedSeconds = already ? 0 : (performance.now() - seeded) / 1000;
    if (!already) console.log(`Seeded in ${seedSeconds.toFixed(1)} s.`);

    // What `npm start` runs (dist/server/platform.js), so the memory figures are the deployed process's.
    const started = await startServer(import.meta.filename, {
      env: { DATABASE_URL: url },
      nodeFlags: await startFlags(),
      production: true,
    });
    server = started.child;
    const { origin } = started;
    const rssFresh = await rssMb(server.pid);
    const headers = {
      coordinator: { cookie: (await signIn(origin, COORDINATOR, PASSWORD)).cookie },
      vendor: { cookie: (await signIn(origin, VENDOR, PASSWORD)).cookie },
    };
    const figures = new Map<string, Figures>();
    for (const route of selectedRoutes()) {
      const times = await oneClientTimes(origin, route.paths, headers[route.who], requests);
      const many = await runScenario(
        origin,
        { name: route.name, headers: headers[route.who], paths: route.paths },
        connections,
        duration,
      );
      const f = {
        p50: +percentile(times, 50).toFixed(1),
        p95: +percentile(times, 95).toFixed(1),
        rps: many['req/s'],
        p99: many['p99 ms'],
        failed: many.failed,
      };
      figures.set(route.name, f);
      console.log(
        `  ${route.name}: one client p50 ${f.p50} ms, p95 ${f.p95} ms; ${connections} clients ${f.rps} req/s, p99 ${f.p99} ms, ${f.failed} failed`,
      );
      if (route.paths.length > 1 && f.p95 > 50)
        console.log(`    slowest: ${await slowestPaths(origin, route, headers[route.who])}`);
    }
    const rssAfter = await rssMb(server.pid);
    console.log(`Platform RSS: ${rssFresh} MB fresh, ${rssAfter} MB after the load.`);
    // Right after the load V8 still holds the heap it grew under it; its memory reducer gives that back once
    // the process is idle (a minute or two later). --settle=N says what is left N s after the load.
    const settle = process.argv.some((a) => a.startsWith('--settle=')) ? numberOption('settle', 1) : 0;
    if (settle > 0) {
      await new Promise((resolve) => setTimeout(resolve, settle * 1000));
      console.log(`Platform RSS ${settle} s after the load: ${await rssMb(server.pid)} MB.`);
    }
    return { figures, seedSeconds, rssFresh, rssAfter };
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const small = numberOption('small', 10_000);
  const large = numberOption('cases', 100_000);
  const requests = numberOption('requests', 200);
  const connections = numberOption('connections', 50);
  const duration = numberOption('duration', 10);
  console.log(
    `Scale benchmark: ${small.toLocaleString('en')} and ${large.toLocaleString('en')} cases, node flags ` +
      `"${(await startFlags()).join(' ')}", PostgreSQL at ` +
      `${new URL(benchServerUrl()).host}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  const a = await measureSize(small, requests, connections, duration);
  const b = await measureSize(large, requests, connections, duration);
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  const rows = selectedRoutes().map((route) => {
    const x = a.figures.get(route.name)!;
    const y = b.figures.get(route.name)!;
    const growth = y.p50 / Math.max(x.p50, 0.1);
    return {
      route: route.name,
      [`p50 ${small / 1000}k`]: x.p50,
      [`p50 ${large / 1000}k`]: y.p50,
      [`p95 ${large / 1000}k`]: y.p95,
      growth: `${growth.toFixed(2)}×`,
      [`${connections} clients req/s`]: y.rps,
      'p99 ms': y.p99,
      failed: y.failed,
      goals: ok(y.p50 <= 20 && y.p95 <= 50 && growth <= 2 && y.p99 <= 250 && y.failed === 0),
    };
  });
  console.log(
    `\nGrowth (same run): ${large.toLocaleString('en')} vs ${small.toLocaleString('en')} cases; seeding took ` +
      `${a.seedSeconds.toFixed(1)} s and ${b.seedSeconds.toFixed(1)} s. Load average now ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  console.table(rows);
  console.log(
    `Platform RSS at ${large.toLocaleString('en')} cases: ${b.rssFresh} MB fresh (goal ≤ 150: ${ok(b.rssFresh <= 150)}), ` +
      `${b.rssAfter} MB after the load (goal ≤ 250: ${ok(b.rssAfter <= 250)}).`,
  );
  if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
}

if (!(await serveIfChild())) await main();
