// The queue's pages read by prepared statements and by the few-matches reading (queue-page.ts, issue 30): the
// same answers as the statements planned per request, in every ordering (ties and nulls included), on a
// statement's first runs and after PostgreSQL may have switched to its generic plan (seven rounds).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { VUL_ORDERING_FIELDS, vulListQuerySchema } from '@cvdp/core/scoring/index';
import { rowsOf } from '@cvdp/server-kit';
import { listVulsJson, queueConditions } from './store.ts';
import { preparedShape, queueReader } from './queue-page.ts';
import { COMMON_PHRASE_DEFAULTS } from './common-phrase.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';

const RECORDS = 1500;
const LOCK_SECONDS = 3600;
let t: TestApp;
let scorer: TestClient & { user: { id: number } };

beforeAll(async () => {
  t = await createScoringTestApp({ config: { scoringLockSeconds: LOCK_SECONDS } });
  scorer = await t.signIn({ roles: ['scorer'] });
  // Every record "wombat"; every 9th "platypus" too (166: few). Statuses, severities, KEV, SSVC, locks and
  // assignments mixed; priorities, dates and scores with ties and nulls; inserted in md5 order.
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, record, content_hash, search_text, kev, has_ssvc,
      status, severity, priority, date_published, date_updated, score, assigned_to, locked_by, locked_at)
    select 'CVE-2099-' || lpad(k::text, 6, '0'), 'PUBLISHED', '5.1', '{}'::jsonb, md5(k::text),
      'wombat burrow' || case when k % 9 = 0 then ' platypus' else '' end,
      k % 4 = 0, k % 3 = 0,
      (array['open', 'assigned', 'scored', 'reassess'])[1 + k % 4],
      (array['NONE', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL', null])[1 + k % 6],
      k % 5,
      case when k % 11 = 0 then null else timestamptz '2024-01-01' + (k % 97) * interval '1 day' end,
      case when k % 13 = 0 then null else timestamptz '2024-06-01' + (k % 89) * interval '1 hour' end,
      case when k % 6 = 0 then null else ((k * 7) % 100) / 10.0 end,
      case when k % 4 = 1 then ${scorer.user.id}::int end,
      case when k % 10 = 0 then ${scorer.user.id}::int end,
      -- Half the locks held, half older than the lock's lifetime.
      case when k % 10 = 0 then now() - (k % 20) * interval '400 seconds' end
      from generate_series(1, ${RECORDS}::int) k
     order by md5(k::text)`);
  await t.db.execute(sql`analyze cve_records`);
}, 120_000);
afterAll(() => t?.close());

type Page = { count: number; count_capped: boolean; results: unknown[] };

const routePage = async (query: string): Promise<Page> => {
  const res = await scorer.get(`${S}/api/vuls/?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json<Page>();
};

/** The page as the statements planned per request read it, through the index (no reading chosen). */
async function plannedPage(query: string): Promise<unknown[]> {
  const q = vulListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const { where } = queueConditions(q, scorer.user.id, LOCK_SECONDS);
  const offset = (q.page - 1) * q.page_size;
  return JSON.parse(await listVulsJson(t.db, where, q.ordering, LOCK_SECONDS, q.page_size, offset));
}

const ORDERINGS = ['', ...VUL_ORDERING_FIELDS.flatMap((f) => [`&ordering=${f}`, `&ordering=-${f}`])];

it('reads few matches whole and sorted: the index’s answers in every ordering, ties and nulls included', async () => {
  for (const words of ['query=platypus', 'query=CVE-2099-0001', 'query=platypus&kev=1&status=open']) {
    for (const ordering of ORDERINGS) {
      for (const window of ['page_size=20', 'page_size=20&page=2', 'page_size=50']) {
        const query = `${words}${ordering}&${window}`;
        const page = await routePage(query);
        expect(page.count_capped, query).toBe(false);
        expect(page.results, query).toEqual(await plannedPage(query));
      }
    }
  }
  // The id prefix: CVE-2099-000100 … 000199, a hundred records, in the asked order (our ids, descending).
  const byId = await routePage('query=CVE-2099-0001&ordering=-id&page_size=200');
  const rows = byId.results as { id: number; cve_id: string }[];
  expect(byId.count).toBe(100);
  expect(rows.map((r) => r.cve_id).sort()).toEqual(
    Array.from({ length: 100 }, (_, i) => `CVE-2099-${String(100 + i).padStart(6, '0')}`),
  );
  expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
});

it('answers from its prepared statements as the statements planned per request, seven rounds', async () => {
  const queries = [
    '',
    ...ORDERINGS.map((o) => o.slice(1)),
    'status=open',
    'status=scored&ordering=-published',
    'kev=1&ordering=-score',
    'has_ssvc=0&severity=CRITICAL,HIGH&ordering=-score',
    'assigned=none&status=open',
    'locked=1',
    'locked=0&ordering=id',
    'severity=MEDIUM&kev=0&ordering=-priority',
    // Past the first page: the window is a parameter.
    'status=open&page=3',
    'page_size=20&ordering=score',
    // Words: a count of every match (capped) and the planner's page.
    'query=wombat&ordering=-published',
    // Dates that bound the ordering's own column: their values are parameters.
    'published_after=2024-02-01&published_before=2024-02-29&ordering=-published',
    'modified_after=2024-06-02&ordering=modified&status=open',
    // Not prepared (their plans depend on the values): the same answers all the same.
    'assigned=me&ordering=-modified',
    'published_after=2024-02-01&ordering=-score',
  ];
  // PGlite prepares no named statements: one round there; seven on PostgreSQL, past its generic plans.
  const rounds = process.env.TEST_DATABASE_URL ? 7 : 1;
  for (let round = 0; round < rounds; round++) {
    for (const query of queries) {
      const page = await routePage(query);
      expect(page.results, `${query} (round ${round + 1})`).toEqual(await plannedPage(query));
    }
  }
  // A lock's lifetime is the prepared statements' parameter: half the locks are held.
  expect((await routePage('locked=1')).count).toBe(RECORDS / 20);
});

it('names a statement for each shape whose plan no value changes, and none for the others', () => {
  const shape = (query: string) => {
    const q = vulListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    return preparedShape(q, queueConditions(q, 1, LOCK_SECONDS).words, LOCK_SECONDS);
  };
  expect(shape('')).toBe('vq_dpriority');
  // Each closed set's value is its own statement (the plan for a few records is not the plan for most).
  expect(shape('status=open')).not.toBe(shape('status=scored'));
  expect(shape('kev=1')).not.toBe(shape('kev=0'));
  expect(shape('severity=HIGH,CRITICAL')).toBe(shape('severity=critical,HIGH,HIGH'));
  expect(shape('severity=HIGH')).not.toBe(shape('severity=CRITICAL'));
  expect(shape('query=wombat')).toBe('vq_dpriority_w');
  // The lock's lifetime is written in: its value is in the name.
  expect(shape('locked=1')).toBe(`vq_dpriority_l1t${LOCK_SECONDS}`);
  // Dates bounding the ordering's column are parameters; which bounds are given is the shape.
  expect(shape('ordering=-published&published_after=2024-01-01')).toBe('vq_dpublished_pa');
  expect(shape('ordering=modified&modified_after=2024-01-01&modified_before=2024-02-01')).toBe(
    'vq_modified_ma_mb',
  );
  // A scorer's id, dates bounding another column than the ordering's and a CVE id prefix are planned per request.
  for (const query of [
    'assigned=me',
    'assigned=7',
    'published_after=2024-01-01',
    'modified_before=2024-01-01&ordering=-published',
    'ordering=-published&published_after=2024-01-01&modified_after=2024-01-01',
  ])
    expect(shape(query), query).toBeNull();
  expect(shape('query=CVE-2099-0001')).toBeNull();
  // The longest shape fits PostgreSQL's 63 bytes with its reading, first page and walk suffix.
  const longest = shape(
    'ordering=-published&status=reassess&kev=1&has_ssvc=0&severity=NONE,LOW,MEDIUM,HIGH,CRITICAL&assigned=none&locked=1' +
      '&published_after=2024-01-01&published_before=2024-02-01&query=a',
  )!;
  expect(`${longest}_w_f50_r10000`.length).toBeLessThanOrEqual(63);
});

// PostgreSQL keeps a prepared statement's generic plan only when it costs no more than the custom ones: with the
// first page's LIMIT or the walk's length left unknown it never did, and every request was planned again.
// Statements live per connection, so the reads run in one transaction (PGlite prepares no named statements).
it.runIf(process.env.TEST_DATABASE_URL)(
  'keeps the generic plans of the default page, a count and the first page of a walk',
  async () => {
    const saved = { ...COMMON_PHRASE_DEFAULTS };
    Object.assign(COMMON_PHRASE_DEFAULTS, {
      minRecords: 1,
      minShare: 0.05,
      minDensity: 0.1,
      maxWalkRows: 1500,
    });
    try {
      const plans = await t.db.transaction(async (tx) => {
        for (let run = 0; run < 8; run++) {
          for (const query of ['', 'query=wombat']) {
            const q = vulListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
            const reader = queueReader(tx, q, scorer.user.id, LOCK_SECONDS);
            expect(await reader.count(1000), query).toBe(1001);
            expect(JSON.parse(await reader.page(50, 0)), query).toHaveLength(50);
          }
        }
        const rows = await rowsOf<{ name: string; generic_plans: string }>(
          tx,
          sql`select name, generic_plans from pg_prepared_statements where name like 'vq\\_%'`,
        );
        return Object.fromEntries(rows.map((r) => [r.name, Number(r.generic_plans)]));
      });
      // Five custom plans, then the generic one (the counts are cached after their first run). The connection
      // may hold earlier tests' statements too. The default page's check fails with its LIMIT a placeholder;
      // the walk's holds either way on a table this small (at 300,000 records an unknown walk length kept
      // PostgreSQL planning every request: bench/README.md), so it checks the walk's statement and its plans.
      expect(plans.vq_dpriority_i_f50).toBeGreaterThan(0);
      expect(plans.vq_dpriority_w_w_f50_r500).toBeGreaterThan(0);
    } finally {
      Object.assign(COMMON_PHRASE_DEFAULTS, saved);
    }
  },
);
