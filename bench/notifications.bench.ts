// npm run bench:notifications [-- --duration=10 --connections=50 --keep]
//
// The bell and Action needed at scale (issue 26): a vendor who takes part in 200 cases, each with a busy
// thread — 50,000 posts unread between them (250 a thread) — seeded set-based into a fresh PostgreSQL
// database. With grouping the vendor holds one unread row per thread (200, counting 250 posts each) beside
// 10,000 older read rows, and a request per case waiting for their vendor status (200 Action-needed rows).
// The real app runs in a child process; autocannon measures, signed in as the vendor:
//   - the bell's badge: GET /api/case/notifications/?unread=1&page_size=1 (unread and action counts),
//   - the bell's menu: GET /api/case/notifications/?page_size=5,
//   - Action needed: GET /api/case/notifications/actions/,
// at 1 connection (goal: p50 < 50 ms) and at 50 (goal: p50 and p99 within 3× of one client's): 50 connections
// back to back (the server's saturation: each waits for the 49 requests queued ahead of it), 50 people
// asking once a second each as autocannon paces them (each second's 50 requests leave together), and 50
// clients each polling once a second on its own random phase (support/paced.ts: 50 req/s spread evenly —
// what a desk of 50 feels, at 60× the bell's real rate of once a minute).
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres. Figures, not assertions.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { hashPassword, openPostgres } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import {
  createBenchDatabase,
  failOnErrors,
  numberOption,
  runScenario,
  type ScenarioRow,
  serveIfChild,
  signIn,
  startServer,
  stopServer,
} from './support/harness.ts';
import { runPaced } from './support/paced.ts';

const PASSWORD = 'bench password for the bell';
const CASES = 200;
const POSTS_PER_THREAD = 250;
const READ_ROWS = 10_000;

async function seed(client: pg.Client) {
  const q = async (text: string, values: unknown[] = []) => (await client.query(text, values)).rows;
  const hash = await hashPassword(PASSWORD);
  const [{ id: coordinator }] = await q(
    `insert into users (email, name, password_hash, roles, pending)
     values ('coordinator@bench.test', 'Bench Coordinator', $1, '{coordinator}', false) returning id`,
    [hash],
  );
  const [{ id: vendor }] = await q(
    `insert into users (email, name, password_hash, roles, pending)
     values ('vendor@bench.test', 'Bench Vendor', $1, '{reporter}', false) returning id`,
    [hash],
  );
  await q(
    `insert into cases (title, summary, status, created_by)
     select 'Bell case ' || g, 'Case ' || g, 1, $1 from generate_series(1, ${CASES}) g`,
    [coordinator],
  );
  await q(`insert into case_participants (case_id, user_id, role) select id, $1, 'vendor' from cases`, [
    vendor,
  ]);
  await q(
    `insert into threads (case_id, subject, post_count) select id, 'Coordination in case ' || id, ${POSTS_PER_THREAD} from cases`,
  );
  await q(
    `insert into posts (thread_id, case_id, author_id, content, html)
     select t.id, t.case_id, $1, 'Post ' || g, '<p>Post ' || g || '</p>'
       from threads t cross join generate_series(1, ${POSTS_PER_THREAD}) g`,
    [coordinator],
  );
  // One grouped unread row per thread, as notify() leaves it after 250 posts.
  await q(
    `insert into notifications (user_id, case_id, thread_id, actor_id, kind, title, link, group_key, event_count)
     select $1, t.case_id, t.id, $2, 'new_post',
            '${POSTS_PER_THREAD} new posts in "' || t.subject || '" — latest by Bench Coordinator',
            '/cvdp/cases/' || t.case_id || '/threads?thread=' || t.id, 'thread:' || t.id, ${POSTS_PER_THREAD}
       from threads t`,
    [vendor, coordinator],
  );
  await q(
    `insert into notifications (user_id, case_id, thread_id, actor_id, kind, title, link, created_at, read_at)
     select $1, t.case_id, t.id, $2, 'new_post', 'Older news in "' || t.subject || '"', '/cvdp/', now() - g * interval '1 minute', now()
       from threads t cross join generate_series(1, ${READ_ROWS / CASES}) g`,
    [vendor, coordinator],
  );
  await q(
    `insert into action_items (user_id, kind, object_id, case_id, actor_id, title, link)
     select $1, 'vendor_status', p.id, p.case_id, $2, 'Case #' || p.case_id || ': your vendor status', '/cvdp/cases/' || p.case_id || '/vendors'
       from case_participants p where p.user_id = $1`,
    [vendor, coordinator],
  );
  await q('analyze');
}

async function main() {
  const duration = numberOption('duration', 10);
  const connections = numberOption('connections', 50);
  const keep = process.argv.includes('--keep');
  const database = await createBenchDatabase('cvdp_bench_bell');
  let server: ChildProcess | undefined;
  try {
    const setup = await openPostgres(database.url, { max: 2 });
    await prepareCoordinationData(setup.db);
    await setup.close();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = performance.now();
    await seed(client);
    await client.end();
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    const startedServer = await startServer(import.meta.filename, {
      env: { DATABASE_URL: database.url, CVDP_DIGEST_WORKER: '0' },
      prepareData: true,
    });
    server = startedServer.child;
    const { origin } = startedServer;
    const headers = { cookie: (await signIn(origin, 'vendor@bench.test', PASSWORD)).cookie };
    const scenarios = [
      {
        name: 'bell badge (?unread=1&page_size=1)',
        paths: ['/api/case/notifications/?unread=1&page_size=1'],
      },
      { name: 'bell menu (?page_size=5)', paths: ['/api/case/notifications/?page_size=5'] },
      { name: 'Action needed', paths: ['/api/case/notifications/actions/'] },
    ];
    // The answers are what they should be before they are timed.
    const badge = await (await fetch(`${origin}${scenarios[0].paths[0]}`, { headers })).json();
    if (badge.unread_count !== CASES || badge.action_count !== CASES)
      throw new Error(`unexpected counts: ${JSON.stringify(badge).slice(0, 300)}`);
    const rows: ScenarioRow[] = [];
    for (const s of scenarios) {
      const one = await runScenario(origin, { ...s, headers }, 1, duration);
      const many = await runScenario(origin, { ...s, headers }, connections, duration);
      // The same number of people at a desk, each asking once a second: what each of them waits.
      const desk = await runScenario(origin, { ...s, headers }, connections, duration, connections);
      // The same, each client on its own phase: the requests spread over the second instead of bursting.
      const paced = await runPaced(origin, s.name, s.paths[0], { clients: connections, duration, headers });
      rows.push(
        { ...one, scenario: `${s.name}, 1 client` },
        { ...many, scenario: `${s.name}, ${connections} clients back to back` },
        { ...desk, scenario: `${s.name}, ${connections} clients at 1 req/s each (autocannon bursts)` },
        { ...paced, scenario: `${s.name}, ${connections} clients at 1 req/s each, own phase` },
      );
    }
    console.table(rows);
    failOnErrors(rows);
  } finally {
    await stopServer(server);
    await database.close({ keep });
  }
}

if (!(await serveIfChild())) await main();
