// Common phrases in the queue (records/common-phrase.ts, issue 30): with the thresholds lowered so that this
// small table takes the common-phrase reading, every ordering, page and filter answers the same count and the
// same rows in the same order as the index; the walk is checked to have answered (not fallen back), and a
// walk too short falls back to the same answers. Records are inserted in SQL, in an
// order unrelated to any ordering, with ties and nulls in the ordered columns.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { forgetWordStats, rowsOf } from '@cvdp/server-kit';
import { VUL_ORDERING_FIELDS, vulListQuerySchema } from '@cvdp/core/scoring/index';
import {
  COMMON_PHRASE_DEFAULTS,
  type CommonPhraseOptions,
  commonPhrase,
  walkPageIds,
  walkRows,
  worthWalking,
} from './common-phrase.ts';
import { listVulsJson, queueConditions } from './store.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';

const RECORDS = 3200;
let t: TestApp;
let scorer: TestClient & { user: { id: number } };
const saved = { ...COMMON_PHRASE_DEFAULTS };
// The walk reads at most 1,200 of the 3,200 records: enough for every page below, so a walk in another order
// than the page's would give other rows.
const small: CommonPhraseOptions = { minRecords: 1, minShare: 0.05, minDensity: 0.01, maxWalkRows: 1200 };

beforeAll(async () => {
  t = await createScoringTestApp();
  scorer = await t.signIn({ roles: ['scorer'] });
  // ~85 % "wombat burrow …", every 3rd one "numbat" too; priorities, dates and scores with ties and nulls;
  // a third kev (the numbat ones), statuses mixed. Inserted in md5 order, so the table's order is none of the orderings.
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, record, content_hash, search_text, kev, status,
      priority, date_published, date_updated, score)
    select 'CVE-2099-' || lpad(k::text, 6, '0'), 'PUBLISHED', '5.1', '{}'::jsonb, md5(k::text),
      case when k % 7 = 0 then 'platypus den' else 'wombat burrow injection' end
        || case when k % 3 = 0 then ' numbat' else '' end,
      k % 3 = 0,
      case when k % 4 = 0 then 'assigned' else 'open' end,
      k % 5,
      case when k % 11 = 0 then null else timestamptz '2024-01-01' + (k % 97) * interval '1 day' end,
      case when k % 13 = 0 then null else timestamptz '2024-06-01' + (k % 89) * interval '1 hour' end,
      case when k % 6 = 0 then null else ((k * 7) % 100) / 10.0 end
      from generate_series(1, ${RECORDS}::int) k
     order by md5(k::text)`);
  await t.db.execute(sql`analyze cve_records`);
  forgetWordStats(t.db);
}, 120_000);
afterEach(() => {
  Object.assign(COMMON_PHRASE_DEFAULTS, saved);
});
afterAll(() => t?.close());

const page = async (query: string) => {
  const res = await scorer.get(`${S}/api/vuls/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; count_capped: boolean; results: { cve_id: string }[] }>();
};

const ORDERINGS = ['', ...VUL_ORDERING_FIELDS.flatMap((f) => [`&ordering=${f}`, `&ordering=-${f}`])];
const QUERIES = [
  ...ORDERINGS.flatMap((o) => [
    `query=wombat burrow${o}&page_size=50`,
    `query=wombat bur${o}&page_size=20&page=3`,
  ]),
  'query=burrow injection&kev=0&ordering=-score&page=2&page_size=20',
  'query=wombat&status=open&ordering=-published&page_size=30&page=4',
  'query=wombat&ordering=id&page_size=100&page=9',
];

/** The exact answers, with the defaults (this table is far below minRecords: the index). */
async function exactAnswers() {
  expect(await commonPhrase(t.db, 'wombat', undefined)).toBeNull();
  const answers = new Map<string, Awaited<ReturnType<typeof page>>>();
  for (const query of QUERIES) answers.set(query, await page(query));
  return answers;
}

it('guesses from the statistics only: every word common, a prefix by the common words it begins', async () => {
  expect(await commonPhrase(t.db, 'wombat & burrow', undefined, small)).not.toBeNull();
  expect(await commonPhrase(t.db, 'wombat & bur:*', undefined, small)).not.toBeNull();
  // numbat: a third of the records, platypus a seventh; with minShare 0.2 only the former is common.
  expect(await commonPhrase(t.db, 'numbat', undefined, { ...small, minShare: 0.2 })).not.toBeNull();
  expect(await commonPhrase(t.db, 'wombat & platypus', undefined, { ...small, minShare: 0.2 })).toBeNull();
  expect(await commonPhrase(t.db, 'wombat & zebra', undefined, small)).toBeNull();
  expect(await commonPhrase(t.db, 'wombat', undefined, { ...small, minRecords: RECORDS * 2 })).toBeNull();
});

it('walks the ordering with the same answers as the index: every ordering, pages, filters', async () => {
  const exact = await exactAnswers();
  Object.assign(COMMON_PHRASE_DEFAULTS, small);
  for (const query of QUERIES) {
    // The walk answered itself (a full page), after a capped count.
    const q = vulListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const { filters, words } = queueConditions(q, scorer.user.id, 1800);
    const phrase = (await commonPhrase(t.db, words, filters))!;
    expect(phrase, query).not.toBeNull();
    const offset = (q.page - 1) * q.page_size;
    const walked = await t.db
      .select()
      .from(
        walkPageIds(t.db, phrase, q.ordering, q.page_size, offset, walkRows(phrase, q.page_size, offset)),
      );
    expect(walked.length, query).toBe(q.page_size);
    const { where } = queueConditions(q, scorer.user.id, 1800);
    const pageOf = (p: typeof phrase | null) =>
      listVulsJson(t.db, where, q.ordering, 1800, q.page_size, offset, { phrase: p });
    expect(await pageOf(phrase), query).toBe(await pageOf(null));

    const fast = await page(query);
    expect(fast, query).toEqual(exact.get(query));
    expect(fast.count_capped, query).toBe(true);
    expect(fast.results.length, query).toBe(q.page_size);
  }
});

it('falls back to the index when the walk is too short or the count not capped, with the same answers', async () => {
  const exact = await exactAnswers();
  Object.assign(COMMON_PHRASE_DEFAULTS, { ...small, maxWalkRows: 60 });
  for (const query of QUERIES) expect(await page(query), query).toEqual(exact.get(query));
  // Page 3 of 20 gave up after 60 rows: not walked again up to that page's end, still walked for less.
  const phrase = (await commonPhrase(t.db, 'wombat & bur:*', undefined))!;
  expect(worthWalking(t.db, phrase, '-priority', 60)).toBe(false);
  expect(worthWalking(t.db, phrase, '-priority', 50)).toBe(true);
  for (const query of QUERIES) expect(await page(query), query).toEqual(exact.get(query));
  // A count below the cap is exact and never walks.
  Object.assign(COMMON_PHRASE_DEFAULTS, small);
  const numbats = await page('query=numbat&kev=0');
  expect(numbats).toMatchObject({ count: 0, count_capped: false, results: [] });
  const few = await page('query=platypus numbat&ordering=-score');
  expect(few.count).toBe(Math.floor(RECORDS / 21));
  expect(few.count_capped).toBe(false);
});

it("keeps each record's words inside its row, where a walk checks them (migration 0044)", async () => {
  // Out of line (the default for a tsvector), every walked record cost its TOAST index and chunk pages besides
  // its row: a page-3 walk at 300,000 records read 6,726 buffers instead of 1,966 (bench/README.md, issue 30).
  const [{ storage }] = await rowsOf<{ storage: string }>(
    t.db,
    sql`select attstorage as storage from pg_attribute where attrelid = 'cve_records'::regclass and attname = 'tsv'`,
  );
  expect(storage).toBe('m');
});
