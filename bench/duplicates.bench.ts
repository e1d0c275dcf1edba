// npm run bench:duplicates [-- --cases=100000 --records=44000 --queries=200 --keep]
//
// Likely duplicates at scale (issue 28): the suggestions for a report in triage — what GET
// /api/case/{id}/duplicates/ runs (signalsOfCase, then findDuplicates as a coordinator, who sees every case)
// — with 100,000 cases (each with its report) and 44,000 CVE records in a fresh PostgreSQL database. Rows
// are seeded set-based with INSERT … SELECT generate_series; the signal triggers index each report and
// record as it goes in (the lexeme counts are then filled in one statement instead of row by row). Texts
// come from a vocabulary of flaws, components and 20,000 product names, so common and rare words occur as
// in real reports. Then `queries` new triage reports — half retelling an existing case, half new — are
// timed one after another. Goal: p50 < 200 ms.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a database of its own,
// dropped at the end unless --keep).
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '@cvdp/server-kit';
import { findDuplicates, signalsOfCase } from '../services/coordination/src/duplicates/store.ts';
import { createBenchDatabase, numberOption } from './support/harness.ts';

const CASES = numberOption('cases', 100_000);
const RECORDS = numberOption('records', 44_000);
const QUERIES = numberOption('queries', 200);
const keep = process.argv.includes('--keep');

const FLAWS = [
  'SQL injection',
  'cross-site scripting',
  'buffer overflow',
  'path traversal',
  'command injection',
  'use after free',
  'server-side request forgery',
  'missing authentication',
  'hard-coded credentials',
  'XML external entity',
  'insecure deserialization',
  'open redirect',
  'integer overflow',
  'race condition',
  'cross-site request forgery',
  'privilege escalation',
  'information disclosure',
  'denial of service',
];
const COMPONENTS = [
  'login form',
  'export endpoint',
  'firmware updater',
  'file upload handler',
  'search box',
  'admin console',
  'REST API',
  'backup page',
  'image parser',
  'session handling',
  'password reset',
  'plugin loader',
  'configuration page',
  'report generator',
  'webhook receiver',
  'template engine',
];
const CWES = [
  'CWE-89',
  'CWE-79',
  'CWE-120',
  'CWE-22',
  'CWE-78',
  'CWE-416',
  'CWE-918',
  'CWE-306',
  'CWE-798',
  'CWE-611',
  'CWE-502',
  'CWE-601',
  'CWE-190',
  'CWE-362',
  'CWE-352',
  'CWE-269',
  'CWE-200',
  'CWE-400',
];

const pgArray = (items: string[]) => `{${items.map((i) => JSON.stringify(i)).join(',')}}`;

async function main() {
  const bench = await createBenchDatabase('cvdp_bench_duplicates');
  const database = await openPostgres(bench.url);
  const { db } = database;
  try {
    const t0 = performance.now();
    const flaws = pgArray(FLAWS);
    const components = pgArray(COMPONENTS);
    const cwes = pgArray(CWES);
    // Lexeme counts in one statement after the seed (the trigger would count them row by row).
    await db.execute(sql`alter table duplicate_signals disable trigger duplicate_signals_count_terms`);
    const text = (n: string, salt: number) =>
      sql.raw(`
      'The ' || (comps)[1 + (${n} * ${7 + salt}) % ${COMPONENTS.length}] || ' of product' || ((${n} * ${31 + salt}) % 20000)
      || ' has a ' || lower((fl)[1 + (${n} * ${13 + salt}) % ${FLAWS.length}]) || ' that lets an attacker reach term'
      || ((${n} * ${101 + salt}) % 50000) || ' and term' || ((${n} * ${211 + salt}) % 50000)
      || ' through the ' || (comps)[1 + (${n} * ${3 + salt}) % ${COMPONENTS.length}] || ' when the handler'
      || ((${n} * ${17 + salt}) % 3000) || ' routine copies the request.'`);
    await db.execute(sql`
      with v as (select ${flaws}::text[] as fl, ${components}::text[] as comps, ${cwes}::text[] as cw)
      insert into cases (title, status, created_at)
      select 'Case ' || n, case when n % 10 = 0 then 0 when n % 3 = 0 then 2 else 1 end, now() - make_interval(mins => n)
        from generate_series(1, ${CASES}) n`);
    await db.execute(sql`
      with v as (select ${flaws}::text[] as fl, ${components}::text[] as comps, ${cwes}::text[] as cw)
      insert into reports (case_id, original, current)
      select n, r, r from v, generate_series(1, ${CASES}) n,
        lateral (select jsonb_build_array(
          jsonb_build_object('question', 'Title', 'answer', 'Case ' || n),
          jsonb_build_object('question', 'Product', 'answer', 'product' || ((n * 31) % 20000) || ' 1.' || (n % 9)),
          jsonb_build_object('question', 'Describe the vulnerabilities', 'answer', jsonb_build_array(jsonb_build_array(
            jsonb_build_object('question', 'Description', 'answer', ${text('n', 0)}),
            jsonb_build_object('question', 'Problem types (CWE)', 'answer', jsonb_build_array((cw)[1 + (n * 13) % ${CWES.length}]))
          )))) as r) x`);
    await db.execute(sql`
      with v as (select ${flaws}::text[] as fl, ${components}::text[] as comps, ${cwes}::text[] as cw)
      insert into cve_records (cve_id, state, data_version, title, description, products, cwes, record, content_hash)
      select 'CVE-2024-' || (100000 + n), 'PUBLISHED', '5.1', '', ${text('n', 5)},
             array['product' || ((n * 37) % 20000)], array[(cw)[1 + (n * 11) % ${CWES.length}]],
             jsonb_build_object('containers', jsonb_build_object('cna', jsonb_build_object('references',
               jsonb_build_array(jsonb_build_object('url', 'https://vendor.example/advisory/' || n))))),
             'h' || n
        from v, generate_series(1, ${RECORDS}) n`);
    await db.execute(sql`insert into duplicate_terms (term, n)
      select t, count(*) from duplicate_signals, unnest(terms) t group by t
      union all select '', count(*) from duplicate_signals`);
    await db.execute(sql`alter table duplicate_signals enable trigger duplicate_signals_count_terms`);
    await db.execute(sql`analyze`);
    console.log(
      `seeded ${CASES} cases and ${RECORDS} CVE records in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );

    // The queries: new triage reports, half retelling case 7n (its words reordered), half new.
    const coordinator = { userId: 0, staff: true, groupIds: [] };
    const times: number[] = [];
    let suggested = 0;
    for (let q = 1; q <= QUERIES; q++) {
      const source = q * 7;
      const [{ descr }] = await rowsOf<{ descr: string }>(
        db,
        sql`select current #>> '{2,answer,0,0,answer}' as descr from reports where case_id = ${source}`,
      );
      const words = descr.split(' ');
      const description =
        q % 2
          ? words.slice(6).concat(words.slice(0, 6)).join(' ')
          : `A new flaw number ${q} in widget${q} of gadget${q}.`;
      const [c] = await rowsOf<{ id: number }>(
        db,
        sql`insert into cases (title, status) values (${'Query ' + q}, 0) returning id`,
      );
      const list = [
        { question: 'Title', answer: `Query ${q}` },
        { question: 'Product', answer: q % 2 ? `product${(source * 31) % 20000}` : `gadget${q}` },
        {
          question: 'Describe the vulnerabilities',
          answer: [[{ question: 'Description', answer: description }]],
        },
      ];
      await db.execute(
        sql`insert into reports (case_id, original, current) values (${c.id}, ${JSON.stringify(list)}::jsonb, ${JSON.stringify(list)}::jsonb)`,
      );
      const started = performance.now();
      const signals = await signalsOfCase(db, c.id);
      const results = signals ? await findDuplicates(db, coordinator, signals, c.id) : [];
      times.push(performance.now() - started);
      if (results.length) suggested++;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
    console.log(
      `suggestions for ${QUERIES} reports: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms (goal p50 < 200 ms); ${suggested} with suggestions`,
    );
  } finally {
    await database.close();
    await bench.close({ keep });
  }
}

await main();
