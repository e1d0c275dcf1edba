// The case workspace's seed, shared by bench:cases and bench:scale: cases with reports and 5 participants
// each, a coordinator and a vendor who sign in, in a handful of set-based INSERT … SELECT generate_series
// statements (the search triggers index every case and report as the rows go in).
import type pg from 'pg';
import { hashPassword } from '@cvdp/server-kit';
import { COUNT_DUPLICATE_TERMS, DUPLICATE_TERMS_TRIGGER } from './duplicate-terms.ts';

/** migration triage_order's row triggers (made again in one statement after the seed). */
const TRIAGE_ORDER_TRIGGERS = [
  ['cases', 'cases_triage_order'],
  ['cases', 'cases_triage_order_update'],
  ['reports', 'reports_triage_order'],
  ['report_quality', 'report_quality_triage_order'],
  ['report_quality', 'report_quality_triage_order_update'],
  ['reporter_records', 'reporter_records_triage_order'],
  ['reporter_records', 'reporter_records_triage_order_update'],
];

export const COORDINATOR = 'coordinator@bench.test';
export const VENDOR = 'vendor@bench.test';
export const PASSWORD = 'bench password for the case workspace';
/** Cases the vendor's group takes part in. */
export const VENDOR_CASES = 50;
/** Other people: reporters, participants, observers, vendor staff; the first 20 are coordinators. */
const POOL = 5_000;
const VENDOR_GROUPS = 500;

/** What people type: flaw words, components, products, a phrase, a miss. */
export const QUERIES = [
  'injection',
  'overflow',
  'firmware',
  'sql injection',
  'router',
  'xss',
  'traversal',
  'camera',
  'deserialization',
  'admin console',
  'credentials',
  'zzzz nothing',
];

/**
 * 100,000 cases with reports and 5 participants each, in a handful of set-based statements. Case n (its id,
 * in a fresh database) is derived from n alone, so the data is the same on every run.
 */
export async function seed(client: pg.Client, cases: number, log: (line: string) => void) {
  const hash = await hashPassword(PASSWORD);
  const timed = async (what: string, text: string, values: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(text, values);
    log(`  ${what}: ${result.rowCount ?? 0} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await timed(
    'signed-in users',
    `insert into users (email, name, password_hash, roles, pending) values
       ($1, 'Bench Coordinator', $3, '{coordinator,reporter}', false),
       ($2, 'Bench Vendor', $3, '{reporter}', false)`,
    [COORDINATOR, VENDOR, hash],
  );
  // A pool of people who cannot sign in (no real hash): coordinators 1–20, then everyone else.
  await timed(
    'people',
    `insert into users (email, name, password_hash, roles, pending)
       select 'user' || n || '@bench.test', 'Bench Person ' || n, '!',
              case when n <= 20 then '{coordinator,reporter}'::text[] else '{reporter}'::text[] end, false
       from generate_series(1, ${POOL}) n order by n`,
  );
  await client.query(`create temporary table pool as
    select row_number() over (order by id)::int as n, id from users where email like 'user%@bench.test'`);
  await client.query('create unique index on pool (n)');
  await timed(
    'vendor groups',
    `insert into groups (name, kind, contact_emails)
       select 'Vendor ' || n, 'vendor', array['security@vendor' || n || '.example'] from generate_series(1, ${VENDOR_GROUPS}) n
       union all select 'Bench Vendor Group', 'vendor', '{}'`,
  );
  await client.query(`create temporary table vgroups as
    select row_number() over (order by id)::int as n, id from groups where name like 'Vendor %'`);
  await timed(
    'group members',
    `insert into group_members (group_id, user_id, is_admin)
       select g.id, p.id, true from groups g join pool p on p.n = 4000 + (g.id % 1000) where g.name like 'Vendor %'
       union all
       select (select id from groups where name = 'Bench Vendor Group'), (select id from users where email = $1), true`,
    [VENDOR],
  );

  const words = (list: string[]) => `array[${list.map((w) => `'${w}'`).join(', ')}]`;
  const flaws = words([
    'SQL injection',
    'Stored XSS',
    'Path traversal',
    'Buffer overflow',
    'OS command injection',
    'Hard-coded credentials',
    'Missing authentication',
    'Cross-site request forgery',
    'Server-side request forgery',
    'Unsafe deserialization',
    'Integer overflow',
    'Certificate validation bypass',
  ]);
  const components = words([
    'the login form',
    'the firmware updater',
    'the admin console',
    'the REST API',
    'the web interface',
    'the backup agent',
    'the search page',
    'the image upload',
    'the SNMP agent',
    'the plugin loader',
    'the report generator',
  ]);
  const products = words([
    'Router',
    'Portal',
    'HMI',
    'Gateway',
    'Camera',
    'Printer',
    'Payroll',
    'Chat',
    'Storage',
    'Thermostat',
    'Badge reader',
    'VPN',
  ]);
  // The weakest-first triage order (triage_order) is kept by row triggers on four tables; here it is made once,
  // set-based, after the reports, their quality and their reporters' records.
  for (const [table, trigger] of TRIAGE_ORDER_TRIGGERS)
    await client.query(`alter table ${table} disable trigger ${trigger}`);
  // Status: 20% pending, 50% active, 30% closed; one case every 5 minutes up to now. The bench coordinator
  // owns one case in a hundred; coordinators 1–20 the others.
  await timed(
    'cases',
    `insert into cases (title, summary, status, created_by, owner_id, created_at, updated_at, activated_at,
                        closed_at, first_response_at, tags)
     select s.flaw || ' in ' || s.component || ' of ' || s.product,
            'Reported against ' || s.product || ' ' || (s.n % 97) || '.' || (s.n % 10) || '.',
            s.status, r.id, coalesce(me.id, o.id), s.created, s.created + (s.n % 1000) * interval '1 minute',
            case when s.status > 0 then s.created + interval '1 day' end,
            case when s.status = 2 then s.created + interval '30 days' end,
            case when s.status > 0 then s.created + (s.n % 48) * interval '1 hour' end,
            array[lower(s.product)]
     from (select n,
                  (${flaws})[1 + n % 12] as flaw,
                  (${components})[1 + (n / 12) % 11] as component,
                  (${products})[1 + (n / 132) % 12] as product,
                  case when n % 10 < 2 then 0 when n % 10 < 7 then 1 else 2 end as status,
                  now() - (${cases} - n) * interval '5 minutes' as created
           from generate_series(1, ${cases}) n) s
     join pool r on r.n = 21 + s.n % 1980
     join pool o on o.n = 1 + s.n % 20
     left join users me on me.email = $1 and s.n % 100 = 0
     order by s.n`,
    [COORDINATOR],
  );
  // Each report's duplicate signals count their words in duplicate_terms, row by row through a trigger. The
  // seed's reports share one small vocabulary, so that trigger updates the same few counter rows a million times
  // in one statement, and each update walks the row's growing chain of versions (10 ms a report at 10k, hours at
  // 1M). As bench:duplicates does, the counts are made in one statement after the reports, then each report's
  // quality flags are worked out again with them (the quality trigger reads the counts for "common words").
  await client.query(`alter table duplicate_signals disable trigger ${DUPLICATE_TERMS_TRIGGER}`);
  // Likewise each report makes its reporter's record again (reporter_records), reading their reports so far:
  // the records are made once per reporter after the reports.
  await client.query('alter table reports disable trigger reports_reporter_records');
  await timed(
    'reports',
    `insert into reports (case_id, submitted_by, original, current, created_at, updated_at)
     select id, created_by, doc, doc, created_at, created_at from (
       select c.id, c.created_by, c.created_at, jsonb_build_array(
         jsonb_build_object('question', 'Title', 'answer', c.title),
         jsonb_build_object('question', 'Product', 'answer', split_part(c.title, ' of ', 2)),
         jsonb_build_object('question', 'Have you notified the vendor?', 'answer', 'No'),
         jsonb_build_object('question', 'Do you have plans to disclose this vulnerability?', 'answer', 'No'),
         jsonb_build_object('question', 'Describe the vulnerabilities', 'answer', jsonb_build_array(jsonb_build_array(
           jsonb_build_object('question', 'Description', 'answer',
             c.title || ': a remote attacker can send crafted requests and read or change data they should not. '
             || 'Found during an assessment; reproduced on version ' || (c.id % 97) || '.' || (c.id % 10) || '.'),
           jsonb_build_object('question', 'Problem types (CWE)', 'answer', jsonb_build_array('CWE-' || (20 + c.id % 900))),
           jsonb_build_object('question', 'Do you want to provide a CVSS score?', 'answer', 'No'),
           jsonb_build_object('question', 'Has this vulnerability been publicly disclosed?', 'answer', 'No'),
           jsonb_build_object('question', 'Is this vulnerability being actively exploited?', 'answer', 'No'))))
       ) as doc
       from cases c order by c.id) d`,
  );
  // Statistics before the statements that read what was just loaded: without them each reporter's record was
  // planned as a hash join over a sequential scan of every case (a million cases: ~0.5 s per reporter, 20 min).
  await timed('analyze', 'analyze cases, reports, duplicate_signals');
  await timed('duplicate term counts', COUNT_DUPLICATE_TERMS);
  await client.query(`alter table duplicate_signals enable trigger ${DUPLICATE_TERMS_TRIGGER}`);
  await client.query('alter table reports enable trigger reports_reporter_records');
  await timed(
    'reporter records',
    `select cvdp_refresh_reporter_record(s.submitted_by)
       from (select distinct submitted_by from reports where submitted_by is not null) s`,
  );
  // Any update of a report's signals row runs the quality trigger again; `report_id = report_id` leaves the
  // terms (and so the counts) alone.
  await timed(
    'report quality',
    'update duplicate_signals set report_id = report_id where report_id is not null',
  );
  for (const [table, trigger] of TRIAGE_ORDER_TRIGGERS)
    await client.query(`alter table ${table} enable trigger ${trigger}`);
  await timed('analyze', 'analyze report_quality, reporter_records');
  await timed('triage order', 'select cvdp_rebuild_triage_order()');
  // 5 participants per case, from disjoint ranges of the pool so no user appears twice in a case. The vendor
  // group of the bench vendor takes part in exactly VENDOR_CASES cases.
  const every = Math.floor(cases / VENDOR_CASES);
  await timed(
    'participants',
    `insert into case_participants (case_id, user_id, group_id, role, created_at)
     select id, created_by, null::int, 'reporter', created_at from cases
     union all select id, owner_id, null::int, 'owner', created_at from cases
     union all select c.id, null::int,
                      case when c.id % ${every} = 7 and c.id <= ${every * VENDOR_CASES}
                           then (select id from groups where name = 'Bench Vendor Group')
                           else g.id end,
                      'vendor', c.created_at + interval '1 day'
               from cases c join vgroups g on g.n = 1 + c.id % ${VENDOR_GROUPS}
     union all select c.id, p.id, null::int, 'participant', c.created_at + interval '2 days'
               from cases c join pool p on p.n = 2001 + c.id % 1500
     union all select c.id, p.id, null::int, 'observer', c.created_at + interval '2 days'
               from cases c join pool p on p.n = 3501 + c.id % 500`,
  );
  const t = performance.now();
  // What autovacuum would have done by the time a desk holds 100,000 cases: statistics, and the visibility
  // map that lets index-only scans skip the heap.
  await client.query('vacuum analyze');
  log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const { rows } = await client.query<{
    cases: string;
    reports: string;
    participants: string;
    entries: string;
  }>(
    `select (select count(*) from cases) cases, (select count(*) from reports) reports,
            (select count(*) from case_participants) participants, (select count(*) from search_entries) entries`,
  );
  const { rows: mine } = await client.query<{ n: string }>(
    `select count(distinct cp.case_id) n from case_participants cp
       join group_members gm on gm.group_id = cp.group_id join users u on u.id = gm.user_id where u.email = $1`,
    [VENDOR],
  );
  log(
    `  in the database: ${rows[0].cases} cases, ${rows[0].reports} reports, ${rows[0].participants} ` +
      `participants, ${rows[0].entries} search entries; the vendor takes part in ${mine[0].n} cases`,
  );
}
