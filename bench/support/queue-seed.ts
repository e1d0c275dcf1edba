// The scoring queue's benchmark data (bench:scoring-queue, bench:scale-queue): the 1,471 real records
// (services/scoring/test-data/cve-records) through the real ingester, then replicated in SQL with new ids
// (CVE-2090-000001 …, the id replaced in the search text and words; a stub CVE document) until there are `records`;
// queue state spread over them; then VACUUM ANALYZE. QUEUE_PATHS: what the queue screen asks for.
import pg from 'pg';
import { hashPassword, openPostgres } from '@cvdp/server-kit';
import { readSources } from '../../services/scoring/src/ingest/sources.ts';
import { ingestFiles } from '../../services/scoring/src/ingest/ingest.ts';
import { requireRecordsDir } from '../../services/scoring/testing/records.ts';
import { COUNT_DUPLICATE_TERMS, DUPLICATE_TERMS_TRIGGER } from './duplicate-terms.ts';

export const SCORER = 'scorer@bench.test';
export const PASSWORD = 'bench password for the scoring queue';
/** Other scorers the queue's rows are assigned to and locked by. */
const SCORERS = 20;

/** What the queue screen asks for: its default, each ordering, the filters alone and together. */
export const QUEUE_PATHS = {
  'default (-priority)': ['/scoring/api/vuls/'],
  'ordering=…': ['-published', 'published', '-modified', '-score', 'score', 'id', '-id'].map(
    (o) => `/scoring/api/vuls/?ordering=${o}`,
  ),
  'filters: status, kev, has_ssvc, severity, dates, assigned, locked': [
    '/scoring/api/vuls/?status=open&ordering=-published',
    '/scoring/api/vuls/?kev=1&ordering=-published',
    '/scoring/api/vuls/?has_ssvc=0&severity=CRITICAL,HIGH&ordering=-score',
    '/scoring/api/vuls/?published_after=2024-06-01&published_before=2024-06-30&ordering=-published',
    '/scoring/api/vuls/?assigned=me&ordering=-modified',
    '/scoring/api/vuls/?assigned=none&status=open',
    '/scoring/api/vuls/?locked=1',
    '/scoring/api/vuls/?severity=MEDIUM&kev=0&ordering=-priority',
  ],
  'query=… (words, vendor, CWE, CVE id prefix)': [
    'sql injection',
    'microsoft',
    'CWE-79',
    'buffer overflow',
    'wordpress plugin',
    'CVE-2090-0012',
    'linux kernel',
    'zzzz nothing',
  ].map((w) => `/scoring/api/vuls/?query=${encodeURIComponent(w)}`),
  'query + filters + ordering, page 3': [
    '/scoring/api/vuls/?query=injection&kev=0&ordering=-score&page=3',
    '/scoring/api/vuls/?query=linux&status=open&ordering=-published&page=3',
    '/scoring/api/vuls/?severity=HIGH&ordering=-published&page=3',
  ],
} as const;

export async function seed(client: pg.Client, url: string, records: number, log: (line: string) => void) {
  const timed = async (what: string, text: string, values: unknown[] = []) => {
    const t = performance.now();
    const result = await client.query(text, values);
    log(`  ${what}: ${result.rowCount ?? 0} rows, ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const hash = await hashPassword(PASSWORD);
  await timed(
    'the signed-in scorer',
    `insert into users (email, name, password_hash, roles, pending) values ($1, 'Bench Scorer', $2, '{scorer}', false)`,
    [SCORER, hash],
  );
  await timed(
    'other scorers',
    `insert into users (email, name, password_hash, roles, pending)
       select 'scorer' || n || '@bench.test', 'Bench Scorer ' || n, '!', '{scorer}', false
       from generate_series(1, ${SCORERS}) n order by n`,
  );

  // The originals through the real ingester (values with provenance, changes, activity).
  const t = performance.now();
  const database = await openPostgres(url, { max: 2 });
  try {
    const result = await ingestFiles(database.db, readSources([requireRecordsDir()]), {
      origin: 'cli',
      label: 'bench originals',
    });
    log(
      `  the ${result.new} originals ingested (${result.rejected} rejected): ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
  const { rows } = await client.query<{ n: number }>('select count(*)::int n from cve_records');
  const originals = rows[0].n;
  const copies = Math.max(0, Math.ceil(records / originals) - 1);
  // Maintaining cve_records' 16 indexes (two GIN) row by row made 300,000 copies take over 15 minutes on
  // the loaded machine: they are dropped for the copy and the queue state, and built again after, as they were.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'cve_records' and indexname <> 'cve_records_pkey'`,
  );
  for (const { name } of indexes) await client.query(`drop index ${name}`);
  // Each record's duplicate signals count their words in duplicate_terms row by row (a trigger); copies share
  // their originals' words, so that trigger would update the same counter rows hundreds of thousands of times
  // in one statement, each walking the row's growing chain of versions. The counts are made once after the copy.
  await client.query(`alter table duplicate_signals disable trigger ${DUPLICATE_TERMS_TRIGGER}`);
  // Copy k of original o gets CVE-2090-<(k-1)·originals + rank(o)>; ids and search text rewritten. A copy's
  // CVE document is a stub naming its id: the queue never reads `record` (the detail page does), and
  // rewriting, re-compressing and sorting ~10 KB of JSON per copy was most of the seeding time (30,000 copies
  // took over 15 minutes on the loaded machine); the originals' documents stay out of the copy's sort.
  await timed(
    `replicas (${copies} copies of each)`,
    `with o as (select row_number() over (order by id) as rank, cve_id, state, data_version, origin, assigner, title,
                description, vendors, products, cwes, search_text, date_published, date_updated, date_reserved,
                kev, kev_date_added, has_ssvc, score, severity, priority, content_hash from cve_records)
     insert into cve_records (cve_id, state, data_version, origin, assigner, title, description, vendors, products,
       cwes, search_text, date_published, date_updated, date_reserved, kev, kev_date_added, has_ssvc, score,
       severity, priority, record, content_hash, created_at, ingested_at, updated_at)
     select n.id, o.state, o.data_version, o.origin, o.assigner, o.title, o.description, o.vendors, o.products,
       o.cwes, replace(o.search_text, lower(o.cve_id), lower(n.id)),
       o.date_published + (k || ' minutes')::interval, o.date_updated + (k || ' minutes')::interval,
       o.date_reserved, o.kev, o.kev_date_added, o.has_ssvc, o.score, o.severity, o.priority,
       jsonb_build_object('dataType', 'CVE_RECORD', 'cveMetadata', jsonb_build_object('cveId', n.id)),
       md5(o.content_hash || k), now(), now(), now()
     from o cross join generate_series(1, $1::int) k
       cross join lateral (select 'CVE-2090-' || lpad(((k - 1) * ${originals} + o.rank)::text, 6, '0') as id) n
     where (k - 1) * ${originals} + o.rank <= $2::int - ${originals}
     order by k, o.rank`,
    [copies, records],
  );
  await client.query('delete from duplicate_terms');
  await timed('duplicate term counts', COUNT_DUPLICATE_TERMS);
  await client.query(`alter table duplicate_signals enable trigger ${DUPLICATE_TERMS_TRIGGER}`);
  // Queue state: ~5 % assigned to the bench scorer, ~15 % to others, ~10 % scored, ~2 % reassessed,
  // ~0.5 % locked now, ~3 % with a software priority.
  await timed(
    'queue state',
    `with s as (select array_agg(id order by id) ids from users where email like 'scorer%@bench.test')
     update cve_records r set
       status = case when r.id % 50 = 7 then 'reassess' when r.id % 10 = 3 then 'scored'
                     when r.id % 5 in (1, 2) then 'assigned' else 'open' end,
       assigned_to = case when r.id % 20 = 1 then (select id from users where email = $1)
                          when r.id % 5 in (1, 2) or r.id % 10 = 3 then s.ids[1 + r.id % ${SCORERS}] end,
       assigned_at = case when r.id % 5 in (1, 2) or r.id % 10 = 3 then now() - interval '3 days' end,
       scored_at = case when r.id % 10 = 3 then now() - interval '1 day' end,
       reassess_reason = case when r.id % 50 = 7 then 'Vendor advisory changed.' end,
       locked_by = case when r.id % 200 = 11 then s.ids[1 + r.id % ${SCORERS}] end,
       locked_at = case when r.id % 200 = 11 then now() end,
       priority = case when r.id % 33 = 5 then 1 + r.id % 10 else 0 end
     from s`,
    [SCORER],
  );
  // The update above was HOT (no index but the key's): built over those chains of versions while any
  // transaction older than the build runs anywhere on the server (another database's seed), an index is
  // marked `indcheckxmin` and no query may use it until that transaction ends — every page of the queue read
  // the whole table (130 ms at 30,000 records on 27 Nov). VACUUM first removes the old versions (only this
  // database's transactions hold them back), so the indexes are usable at once.
  await timed('VACUUM before the indexes', 'vacuum cve_records');
  const rebuilt = performance.now();
  for (const { definition } of indexes) await client.query(definition);
  log(`  ${indexes.length} indexes rebuilt: ${((performance.now() - rebuilt) / 1000).toFixed(1)} s`);
  await timed('VACUUM ANALYZE', 'vacuum analyze');
}
