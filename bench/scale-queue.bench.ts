// npm run bench:scale-queue [-- --records=300000 --small=30000 --requests=200 --duration=10 --connections=50
//   --databases=<kept small>,<kept large> --keep]
//
// Issue 30 for the scoring queue: does a queue page cost what a page costs at 300,000 CVE records (about
// every CVE published so far)? In one run, two databases are seeded (bench/support/queue-seed.ts: the real
// records through the ingester, then replicated set-based in SQL; the seeding time printed) with --small
// (30,000) and --records (300,000). Against each, the real platform (buildPlatform, as `npm start`) runs
// in a child process and, signed in as a scorer, each group of the queue screen's requests (the default
// page, every ordering, the filters, `query=` terms, query + filters at page 3) is measured like
// bench:scale measures the case lists:
//   - one client: --requests sequential requests per group (rotating over its paths), p50 and p95;
//   - 50 clients (autocannon, --duration s after a 2 s warm-up): req/s, p99 and failed requests.
// Then the growth table: p50 at the large size ÷ p50 at the small one, in this same run.
// Goals (issue 30): one client p50 ≤ 20 ms, p95 ≤ 50 ms; growth ≤ 2×; 50 clients p99 ≤ 250 ms, no error.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; databases
// cvdp_bench_scaleq_<pid>_<size>, dropped at the end unless --keep (then --databases=a,b measures them again).
import { loadavg } from 'node:os';
import pg from 'pg';
import { openPostgres } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { PASSWORD, QUEUE_PATHS, SCORER, seed } from './support/queue-seed.ts';
import {
  benchServerUrl,
  databaseUrl,
  numberOption,
  runScenario,
  serveIfChild,
  signIn,
  startServer,
  stopServer,
  type Figures,
  oneClientTimes,
  percentile,
} from './support/harness.ts';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function measureSize(
  records: number,
  reuse: string | undefined,
  options: { requests: number; connections: number; duration: number; keep: boolean },
): Promise<{ figures: Map<string, Figures>; seedSeconds: number; count: number }> {
  const serverUrl = benchServerUrl();
  const name = reuse ?? `cvdp_bench_scaleq_${process.pid}_${records}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const url = databaseUrl(serverUrl, name);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  let server: Awaited<ReturnType<typeof startServer>>['child'] | undefined;
  try {
    let seedSeconds = 0;
    if (!reuse) {
      console.log(`\n== ${records.toLocaleString('en')} records`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const setup = await openPostgres(url, { max: 2 });
      await prepareCoordinationData(setup.db);
      await setup.close();
      await client.connect();
      const seeded = performance.now();
      await seed(client, url, records, (line) => console.log(line));
      seedSeconds = (performance.now() - seeded) / 1000;
      console.log(`Seeded in ${seedSeconds.toFixed(1)} s.`);
    } else {
      await client.connect();
    }
    const { rows } = await client.query<{ n: number }>('select count(*)::int n from cve_records');
    const count = rows[0].n;
    if (reuse) console.log(`\n== the kept database ${name}: ${count.toLocaleString('en')} records`);

    const started = await startServer(import.meta.filename, { env: { DATABASE_URL: url } });
    server = started.child;
    const { origin } = started;
    const headers = { cookie: (await signIn(origin, SCORER, PASSWORD)).cookie };
    const figures = new Map<string, Figures>();
    for (const [group, paths] of Object.entries(QUEUE_PATHS)) {
      const times = await oneClientTimes(origin, paths, headers, options.requests);
      const many = await runScenario(
        origin,
        { name: group, headers, paths: [...paths] },
        options.connections,
        options.duration,
      );
      const f = {
        p50: +percentile(times, 50).toFixed(1),
        p95: +percentile(times, 95).toFixed(1),
        rps: many['req/s'],
        p99: many['p99 ms'],
        failed: many.failed,
      };
      figures.set(group, f);
      console.log(
        `  ${group}: one client p50 ${f.p50} ms, p95 ${f.p95} ms; ${options.connections} clients ${f.rps} req/s, p99 ${f.p99} ms, ${f.failed} failed`,
      );
    }
    return { figures, seedSeconds, count };
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (options.keep || reuse) console.log(`Kept the database ${name}.`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const small = numberOption('small', 30_000);
  const large = numberOption('records', 300_000);
  const options = {
    requests: numberOption('requests', 200),
    connections: numberOption('connections', 50),
    duration: numberOption('duration', 10),
    keep: process.argv.includes('--keep'),
  };
  const reuse = process.argv.find((a) => a.startsWith('--databases='))?.slice('--databases='.length);
  const [reuseSmall, reuseLarge] = reuse ? reuse.split(',') : [];
  if (reuse && ![reuseSmall, reuseLarge].every((d) => /^cvdp_bench_(scaleq|queue)_\d+(_\d+)?$/.test(d ?? '')))
    throw new Error(
      '--databases= takes two databases this script (or bench:scoring-queue) kept: small,large',
    );
  console.log(
    `Scoring queue scale benchmark: ${small.toLocaleString('en')} and ${large.toLocaleString('en')} records, ` +
      `PostgreSQL at ${new URL(benchServerUrl()).host}; load average ${load()}.`,
  );
  const a = await measureSize(small, reuseSmall, options);
  const b = await measureSize(large, reuseLarge, options);
  const ok = (met: boolean) => (met ? 'met' : 'MISSED');
  const rows = Object.keys(QUEUE_PATHS).map((group) => {
    const x = a.figures.get(group)!;
    const y = b.figures.get(group)!;
    const growth = y.p50 / Math.max(x.p50, 0.1);
    return {
      group,
      [`p50 ${Math.round(a.count / 1000)}k`]: x.p50,
      [`p50 ${Math.round(b.count / 1000)}k`]: y.p50,
      [`p95 ${Math.round(b.count / 1000)}k`]: y.p95,
      growth: `${growth.toFixed(2)}×`,
      [`${options.connections} clients req/s`]: y.rps,
      'p99 ms': y.p99,
      failed: y.failed,
      goals: ok(y.p50 <= 20 && y.p95 <= 50 && growth <= 2 && y.p99 <= 250 && y.failed === 0),
    };
  });
  console.log(
    `\nGrowth (same run): ${b.count.toLocaleString('en')} vs ${a.count.toLocaleString('en')} records; seeding took ` +
      `${a.seedSeconds.toFixed(1)} s and ${b.seedSeconds.toFixed(1)} s (0 = a kept database). Load average now ${load()}.`,
  );
  console.table(rows);
  if (rows.some((r) => r.failed > 0)) process.exitCode = 1;
}

if (!(await serveIfChild())) await main();
