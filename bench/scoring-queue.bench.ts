// npm run bench:scoring-queue [-- --records=44000 --duration=10 --connections=50 --keep | --database=<kept> --no-explain
//   --cpu-prof=<dir>]
//
// The scoring queue (issue 13) at the size of a year's CVE feed: the 1,471 real records
// (services/scoring/test-data/cve-records) ingested with the same ingester as `npm run scoring:ingest`, then
// replicated in SQL with new ids (CVE-2090-000001 …, the id replaced in the record, its search text and
// words) until there are --records of them; a share of them assigned, scored, locked, reassessed and given
// software priorities so the filters have something to find; then VACUUM ANALYZE. The real platform
// (buildPlatform, as `npm start`) runs in a child process; autocannon at 50 connections, signed in as a
// scorer, measures GET /scoring/api/vuls/ with the screen's filters and orderings beside GET /healthz in
// the same run (bare first and again last; routes are compared with the mean of the two).
//
// Goal (issue 13): each queue scenario at least 40 % of the bare /healthz req/s, p99 within 3× of its p99.
// Then EXPLAIN ANALYZE of the list and count queries as the route builds them.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the script creates
// cvdp_bench_queue_<pid> there and drops it at the end (--keep leaves it; --database=<kept> measures it again).
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { COUNT_CAP, openPostgres } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { vulListQuerySchema } from '@cvdp/core/scoring/index';
import { countVulsQuery, listConditions, listVulsQuery } from '../services/scoring/src/records/store.ts';
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
  type Scenario as BaseScenario,
} from './support/harness.ts';

type Scenario = BaseScenario & { route?: boolean };

/** The list and count queries as the route builds them (drizzle's SQL), explained on the seeded database. */
async function explainQueries(url: string, me: number, paths: string[]) {
  const database = await openPostgres(url, { max: 1 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const path of paths) {
      const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
      const q = vulListQuerySchema.parse(params);
      const where = listConditions(q, me, 1800);
      const size = q.page_size;
      const statements = [
        // The route's bound (paginateCapped): 1,000, or the end of the asked page when further; one more read.
        countVulsQuery(database.db, where, Math.max(COUNT_CAP, q.page * size) + 1).toSQL(),
        listVulsQuery(database.db, where, q.ordering, 1800, size, (q.page - 1) * size).toSQL(),
      ];
      console.log(`\n${path}`);
      for (const statement of statements) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off) ${statement.sql}`,
          statement.params,
        );
        console.log(rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
  } finally {
    await client.end();
    await database.close();
  }
}

async function main() {
  const duration = numberOption('duration', 10);
  const connections = numberOption('connections', 50);
  const records = numberOption('records', 44_000);
  const reuse = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1];
  if (reuse !== undefined && !/^cvdp_bench_queue_\d+$/.test(reuse))
    throw new Error('--database= takes a database this script kept (cvdp_bench_queue_<pid>)');
  const keep = reuse !== undefined || process.argv.includes('--keep');
  const explain = !process.argv.includes('--no-explain');
  const serverUrl = benchServerUrl();
  const name = reuse ?? `cvdp_bench_queue_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  const url = databaseUrl(serverUrl, name);
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    if (!reuse) {
      console.log(
        `Scoring queue benchmark: ${records.toLocaleString('en')} records, PostgreSQL at ${new URL(serverUrl).host}.`,
      );
      const started = performance.now();
      const setup = await openPostgres(url, { max: 2 });
      await prepareCoordinationData(setup.db);
      await setup.close();
      console.log(`Migrated: ${((performance.now() - started) / 1000).toFixed(1)} s. Seeding:`);
      await client.connect();
      const seeded = performance.now();
      await seed(client, url, records, (line) => console.log(line));
      console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`);
    } else {
      await client.connect();
      console.log(`Scoring queue benchmark on the kept database ${name}.`);
    }
    const { rows: ids } = await client.query<{ me: number; n: number }>(
      `select (select id from users where email = $1) me, (select count(*)::int from cve_records) n`,
      [SCORER],
    );
    console.log(`${ids[0].n.toLocaleString('en')} records in the queue.`);

    // --cpu-prof=<dir>: the server child writes a CPU profile there when it stops (open it in Chrome DevTools).
    const profileDir = process.argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length);
    const started = await startServer(import.meta.filename, {
      env: { DATABASE_URL: url },
      nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    server = started.child;
    const { origin } = started;
    const scorer = { cookie: (await signIn(origin, SCORER, PASSWORD)).cookie };

    // Every path once, so a broken route or filter cannot pass as a fast one.
    const all = Object.values(QUEUE_PATHS).flat();
    const counts: string[] = [];
    for (const path of all) {
      const response = await fetch(`${origin}${path}`, { headers: scorer });
      if (response.status !== 200)
        throw new Error(`probe ${path}: ${response.status} ${await response.text()}`);
      counts.push(
        `${path.replace('/scoring/api/vuls/', '')}: ${((await response.json()) as { count: number }).count}`,
      );
    }
    console.log(`Counts: ${counts.join('; ')}`);

    const scenarios: Scenario[] = [
      { name: 'GET /healthz (bare)', paths: ['/healthz'] },
      { name: 'GET /healthz (signed in)', headers: scorer, paths: ['/healthz'] },
      ...Object.entries(QUEUE_PATHS).map(([what, paths]) => ({
        name: `GET /scoring/api/vuls/ ${what}`,
        headers: scorer,
        paths: [...paths],
        route: true,
      })),
      { name: 'GET /healthz (bare, again)', paths: ['/healthz'] },
    ];
    console.log(`\n${connections} connections, ${duration} s per scenario after a 2 s warm-up.`);
    const results: { scenario: Scenario; r: { p50: number; p99: number; rps: number; failed: number } }[] =
      [];
    for (const scenario of scenarios) {
      const row = await runScenario(origin, scenario, connections, duration);
      const r = { p50: row['p50 ms'], p99: row['p99 ms'], rps: row['req/s'], failed: row.failed };
      results.push({ scenario, r });
      console.log(`  ${scenario.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
    const first = results[0].r;
    const last = results[results.length - 1].r;
    const bare = { rps: (first.rps + last.rps) / 2, p99: (first.p99 + last.p99) / 2 };
    console.log(
      `\nBare baseline (mean of the first and last run): ${Math.round(bare.rps)} req/s, p99 ${Math.round(bare.p99)} ms.\n`,
    );
    console.log('| scenario | p50 ms | p99 ms | req/s | % of bare | p99 × bare | goal |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const { scenario, r } of results) {
      const share = r.rps / bare.rps;
      const ratio = r.p99 / Math.max(bare.p99, 1);
      const goal = scenario.route ? (share >= 0.4 && ratio <= 3 ? 'met' : 'MISSED') : '';
      console.log(
        `| ${scenario.name} | ${r.p50} | ${r.p99} | ${Math.round(r.rps).toLocaleString('en')} | ${Math.round(share * 100)} % | ${ratio.toFixed(1)}× | ${goal} |`,
      );
    }
    if (results.some(({ r }) => r.failed > 0)) {
      console.error('Some requests failed (non-2xx, errors or timeouts).');
      process.exitCode = 1;
    }
    if (explain) {
      await stopServer(server);
      server = undefined;
      console.log('\nEXPLAIN ANALYZE of the count and list queries as the route builds them:');
      await explainQueries(url, ids[0].me, all);
    }
  } finally {
    await client.end().catch(() => {});
    await stopServer(server);
    if (keep) console.log(`\nKept the database ${name}: measure again with --database=${name}.`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (!(await serveIfChild())) await main();
