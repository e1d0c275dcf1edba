// npm run bench:cases [-- --duration=10 --connections=50 --cases=100000 --keep | --database=<kept> --no-explain]
//
// The case workspace's lists at scale: 100,000 cases, each with its report and 5 participants (reporter,
// owner, a vendor group, a participant, an observer), seeded into a fresh PostgreSQL database with set-based
// INSERT … SELECT generate_series (the search triggers index every case and report as the rows go in). The
// real app (buildPlatform, as `npm start`) runs in a child process; autocannon measures, at 50 connections,
// signed in as a coordinator (who sees every case) and as a vendor group member (who takes part in exactly
// 50 cases, through the group): GET /api/cases/ (first page), ?query=…, ?owned=True&status=0&status=1,
// GET /api/search/?query=… and (coordinator) GET /api/triage/ — beside GET /healthz in the same run.
//
// Goal (issue 9): each route at least 40% of the bare /healthz's requests/s, with a p99 within 3× of its p99.
// Then EXPLAIN ANALYZE of each route's main query is printed for the record.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres. The script creates its
// own database there (cvdp_bench_cases_<pid>) and drops it at the end (--keep leaves it for a look).
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { openPostgres } from '@cvdp/server-kit';
import { COORDINATOR, PASSWORD, QUERIES, VENDOR, seed } from './support/case-seed.ts';
import { prepareCoordinationData } from '@cvdp/coordination';
import {
  benchServerUrl,
  databaseUrl,
  numberOption,
  runScenario,
  type Scenario as BaseScenario,
  serveIfChild,
  signIn,
  startServer,
  stopServer,
} from './support/harness.ts';

interface Scenario extends BaseScenario {
  /** Measured against the goal (the baselines are not). */
  route?: boolean;
}

interface Row {
  scenario: string;
  'p50 ms': number;
  'p99 ms': number;
  'req/s': number;
  '% of bare': string;
  'p99 × bare': string;
  goal: string;
  failed: number;
}

/** A route's main query, as the app sends it, explained on the seeded database. */
async function explainRoutes(
  client: pg.Client,
  coordinatorId: number,
  vendorId: number,
  vendorGroup: number,
) {
  const visible = (userId: number, groupIds: number[]) =>
    `exists (select 1 from case_participants cp where cp.case_id = cases.id and (cp.user_id = ${userId}` +
    (groupIds.length ? ` or cp.group_id in (${groupIds.join(',')})` : '') +
    '))';
  const words = `cases.id in (select case_id from search_entries where tsv @@ plainto_tsquery('english', 'injection'))`;
  const owned = (userId: number, groupIds: number[]) =>
    `exists (select 1 from case_participants cp where cp.case_id = cases.id and (cp.user_id = ${userId}` +
    (groupIds.length ? ` or cp.group_id in (${groupIds.join(',')})` : '') +
    ") and cp.role in ('owner'))";
  const queries: [string, string][] = [
    ['coordinator: cases, first page', 'select * from cases order by updated_at desc, id desc limit 20'],
    ['coordinator: cases ?query=injection (count)', `select count(*) from cases where ${words}`],
    [
      'coordinator: cases ?query=injection (page)',
      `select * from cases where ${words} order by updated_at desc, id desc limit 20`,
    ],
    [
      'coordinator: my cases (count)',
      `select count(*) from cases where ${owned(coordinatorId, [])} and status in (0, 1)`,
    ],
    [
      'coordinator: my cases (page)',
      `select * from cases where ${owned(coordinatorId, [])} and status in (0, 1) order by updated_at desc, id desc limit 20`,
    ],
    [
      'coordinator: search injection (count)',
      `select count(*) from search_entries where tsv @@ plainto_tsquery('english', 'injection')`,
    ],
    [
      'coordinator: search injection (page)',
      `select id, ts_rank(tsv, plainto_tsquery('english', 'injection')) rank from search_entries
         where tsv @@ plainto_tsquery('english', 'injection') order by rank desc, id desc limit 20`,
    ],
    [
      'coordinator: triage (page)',
      `select c.id from cases c left join reports r on r.id = (select id from reports where case_id = c.id order by id limit 1)
         where c.status = 0 order by c.created_at, c.id limit 20`,
    ],
    ['vendor: cases (count)', `select count(*) from cases where ${visible(vendorId, [vendorGroup])}`],
    [
      'vendor: cases (page)',
      `select * from cases where ${visible(vendorId, [vendorGroup])} order by updated_at desc, id desc limit 20`,
    ],
    [
      'vendor: search injection (page)',
      `select id from search_entries where tsv @@ plainto_tsquery('english', 'injection')
         and exists (select 1 from case_participants cp where cp.case_id = search_entries.case_id
                     and (cp.user_id = ${vendorId} or cp.group_id in (${vendorGroup})))
         order by ts_rank(tsv, plainto_tsquery('english', 'injection')) desc, id desc limit 20`,
    ],
  ];
  for (const [name, text] of queries) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const time = plan.find((l) => l.startsWith('Execution Time'));
    console.log(`\n-- ${name}: ${time ?? ''}`);
    console.log(plan.filter((l) => !l.startsWith('Planning') && !l.startsWith('Execution')).join('\n'));
  }
}

async function main() {
  const duration = numberOption('duration', 10);
  const connections = numberOption('connections', 50);
  const caseCount = numberOption('cases', 100_000);
  const reuse = process.argv.find((a) => a.startsWith('--database='))?.split('=')[1];
  if (reuse !== undefined && !/^cvdp_bench_cases_\d+$/.test(reuse))
    throw new Error('--database= takes a database this script kept (cvdp_bench_cases_<pid>)');
  // A reused database is kept; a new one is dropped at the end unless --keep.
  const keep = reuse !== undefined || process.argv.includes('--keep');
  const explain = !process.argv.includes('--no-explain');
  const serverUrl = benchServerUrl();
  const name = reuse ?? `cvdp_bench_cases_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  const url = databaseUrl(serverUrl, name);
  let server: ChildProcess | undefined;
  let client: pg.Client | undefined;
  try {
    client = new pg.Client({ connectionString: url });
    // Dropping the database at the end ends this connection too.
    client.on('error', () => {});
    if (reuse) {
      await client.connect();
      console.log(
        `Case workspace benchmark on the kept database ${name}, PostgreSQL at ${new URL(serverUrl).host}.`,
      );
    } else {
      console.log(
        `Case workspace benchmark: ${caseCount.toLocaleString('en')} cases, PostgreSQL at ${new URL(serverUrl).host}.`,
      );
      const started = performance.now();
      const setup = await openPostgres(url, { max: 2 });
      await prepareCoordinationData(setup.db);
      await setup.close();
      console.log(
        `Migrated and loaded the CWE catalogue: ${((performance.now() - started) / 1000).toFixed(1)} s. Seeding:`,
      );
      await client.connect();
      const seeded = performance.now();
      await seed(client, caseCount, (line) => console.log(line));
      console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`);
    }

    const { rows: ids } = await client.query<{ coordinator: number; vendor: number; group: number }>(
      `select (select id from users where email = $1) coordinator, (select id from users where email = $2) vendor,
              (select id from groups where name = 'Bench Vendor Group') "group"`,
      [COORDINATOR, VENDOR],
    );

    const started2 = await startServer(import.meta.filename, { env: { DATABASE_URL: url } });
    server = started2.child;
    const { origin } = started2;
    const coordinator = { cookie: (await signIn(origin, COORDINATOR, PASSWORD)).cookie };
    const vendor = { cookie: (await signIn(origin, VENDOR, PASSWORD)).cookie };

    // What each caller sees, once, so a broken route cannot pass as a fast one.
    const probe = async (who: Record<string, string>, path: string) => {
      const response = await fetch(`${origin}${path}`, { headers: who });
      if (response.status !== 200)
        throw new Error(`probe ${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { count: number }).count;
    };
    console.log(
      `The coordinator sees ${await probe(coordinator, '/api/cases/')} cases ` +
        `(${await probe(coordinator, '/api/cases/?owned=True&status=0&status=1')} of them theirs, open), ` +
        `${await probe(coordinator, '/api/triage/')} in triage, ` +
        `${await probe(coordinator, '/api/search/?query=overflow')} search hits for "overflow"; the vendor ` +
        `${await probe(vendor, '/api/cases/')} cases, ${await probe(vendor, '/api/search/?query=overflow')} hits.`,
    );

    const q = (base: string) => QUERIES.map((w) => `${base}${encodeURIComponent(w)}`);
    const scenarios: Scenario[] = [
      { name: 'GET /healthz (bare)', paths: ['/healthz'] },
      { name: 'GET /healthz (signed in)', headers: coordinator, paths: ['/healthz'] },
    ];
    for (const [who, headers] of [
      ['coordinator', coordinator],
      ['vendor', vendor],
    ] as const) {
      scenarios.push(
        { name: `${who}: GET /api/cases/`, headers, paths: ['/api/cases/'], route: true },
        { name: `${who}: GET /api/cases/?query=…`, headers, paths: q('/api/cases/?query='), route: true },
        {
          name: `${who}: GET /api/cases/?owned=True&status=0&status=1`,
          headers,
          paths: ['/api/cases/?owned=True&status=0&status=1'],
          route: true,
        },
        { name: `${who}: GET /api/search/?query=…`, headers, paths: q('/api/search/?query='), route: true },
      );
      if (who === 'coordinator')
        scenarios.push({ name: `${who}: GET /api/triage/`, headers, paths: ['/api/triage/'], route: true });
    }
    console.log(
      `\n${connections} connections, ${duration} s per scenario after a 2 s warm-up; ?query= rotates ` +
        `${QUERIES.length} terms.`,
    );
    // The bare baseline runs first and again last; routes are compared with the mean of the two, so a
    // shared machine's load drifting during the run weighs on both sides alike.
    scenarios.push({ name: 'GET /healthz (bare, again)', paths: ['/healthz'] });
    const results: { scenario: Scenario; r: { p50: number; p99: number; rps: number; failed: number } }[] =
      [];
    for (const scenario of scenarios) {
      const row = await runScenario(origin, scenario, connections, duration);
      const r = { p50: row['p50 ms'], p99: row['p99 ms'], rps: row['req/s'], failed: row.failed };
      results.push({ scenario, r });
      console.log(`  ${scenario.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms`);
    }
    const first = results[0].r;
    const last = results[results.length - 1].r;
    const bare = { rps: (first.rps + last.rps) / 2, p99: (first.p99 + last.p99) / 2 };
    const rows: Row[] = results.map(({ scenario, r }) => {
      const share = r.rps / bare.rps;
      const p99Ratio = r.p99 / Math.max(bare.p99, 1);
      return {
        scenario: scenario.name,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'req/s': Math.round(r.rps),
        '% of bare': `${Math.round(share * 100)}%`,
        'p99 × bare': `${p99Ratio.toFixed(1)}×`,
        goal: scenario.route ? (share >= 0.4 && p99Ratio <= 3 ? 'met' : 'MISSED') : '',
        failed: r.failed,
      };
    });
    console.log(
      `Bare baseline (mean of the first and last run): ${Math.round(bare.rps)} req/s, p99 ${Math.round(bare.p99)} ms.`,
    );
    console.table(rows);
    if (rows.some((r) => r.failed > 0)) {
      console.error('Some requests failed (non-2xx, errors or timeouts).');
      process.exitCode = 1;
    }
    if (explain) {
      console.log('\nEXPLAIN ANALYZE of the main queries (as the routes build them), on this database:');
      await explainRoutes(client, ids[0].coordinator, ids[0].vendor, ids[0].group);
    }
  } finally {
    await client?.end().catch(() => {});
    await stopServer(server);
    if (keep)
      console.log(
        `\nKept the database ${name}: measure again with --database=${name}; drop it with  dropdb -h … ${name}`,
      );
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (!(await serveIfChild())) await main();
