// The queue's cached counts (records/store.ts countVuls): a large count is answered from memory for
// COUNT_CACHE_MS unless this process wrote to the queue; small counts are always exact; the
// COUNT_CACHE_QUERIES queries used last are the ones kept; a stale large count is recounted once for
// the requests that ask meanwhile. Rows are inserted in SQL, as another process
// would write them, so only the cache explains a stale answer.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  COUNT_CACHE_MIN,
  COUNT_CACHE_MS,
  COUNT_CACHE_QUERIES,
  countCached,
  countVuls,
  queueChanged,
} from './store.ts';
import { cveRecords } from './tables.ts';
import { createScoringTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let next = 1;

/** Adds `n` minimal records behind the service's back. */
async function addRecords(n: number) {
  const first = next;
  next += n;
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, record, content_hash)
    select 'CVE-2099-' || lpad(k::text, 6, '0'), 'PUBLISHED', '5.1', '{}'::jsonb, md5(k::text)
      from generate_series(${first}::int, ${first + n - 1}::int) k`);
}

/** Every record, asked in a way of its own (a distinct query, so a distinct cache entry). */
const everything = (i: number) => sql`${cveRecords.id} > ${-i}`;

beforeAll(async () => {
  t = await createScoringTestApp();
  await addRecords(COUNT_CACHE_MIN);
}, 120_000);
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

it('answers a large count from memory for a while, and afresh after a write of this process', async () => {
  let now = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const n = await countVuls(t.db, everything(0));
  expect(n).toBe(next - 1);
  await addRecords(1);
  expect(await countVuls(t.db, everything(0))).toBe(n);
  now += COUNT_CACHE_MS;
  expect(await countVuls(t.db, everything(0))).toBe(n + 1);
  await addRecords(1);
  expect(await countVuls(t.db, everything(0))).toBe(n + 1);
  queueChanged();
  expect(await countVuls(t.db, everything(0))).toBe(n + 2);
});

it('counts small answers every time', async () => {
  const few = sql`${cveRecords.cveId} like 'CVE-2099-00000%'`;
  const before = await countVuls(t.db, few);
  expect(before).toBeLessThan(COUNT_CACHE_MIN);
  await t.db.execute(sql`delete from cve_records where cve_id = 'CVE-2099-000001'`);
  expect(await countVuls(t.db, few)).toBe(before - 1);
});

it('keeps the queries used last and drops the least recently used', async () => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const n = await countVuls(t.db, everything(1));
  await countVuls(t.db, everything(2));
  for (let i = 3; i < COUNT_CACHE_QUERIES + 2; i++) {
    await countVuls(t.db, everything(i));
    if (i % 50 === 0) await countVuls(t.db, everything(2)); // kept in use
  }
  await addRecords(1);
  // everything(1) went first (least recently used); everything(2) was read throughout and is still held.
  expect(await countVuls(t.db, everything(2))).toBe(n);
  expect(await countVuls(t.db, everything(1))).toBe(n + 1);
});

it('shares one recount of a stale large count among the requests asking meanwhile, and no small count', async () => {
  let now = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  let runs = 0;
  const waiting: (() => void)[] = [];
  /** A count that ends when released, as a slow count under load would. */
  const slow = (n: number) => async () => {
    runs++;
    await new Promise<void>((resolve) => waiting.push(resolve));
    return n;
  };
  const releaseAll = () => waiting.splice(0).forEach((release) => release());
  const large = COUNT_CACHE_MIN + 5;

  const first = countCached(t.db, 'shared', slow(large));
  releaseAll();
  expect(await first).toBe(large);
  now += COUNT_CACHE_MS;
  // Stale: the first request recounts, the second asks meanwhile and gets that recount.
  const [a, b] = [countCached(t.db, 'shared', slow(large + 1)), countCached(t.db, 'shared', slow(large + 2))];
  releaseAll();
  expect(await Promise.all([a, b])).toEqual([large + 1, large + 1]);
  expect(runs).toBe(2);

  // A write of this process while a recount runs: a request after it counts again.
  now += COUNT_CACHE_MS;
  const before = countCached(t.db, 'shared', slow(large + 3));
  queueChanged();
  const after = countCached(t.db, 'shared', slow(large + 4));
  releaseAll();
  expect(await Promise.all([before, after])).toEqual([large + 3, large + 4]);
  expect(runs).toBe(4);

  // Small counts are never shared: two requests, two counts.
  const [c, d] = [countCached(t.db, 'small', slow(3)), countCached(t.db, 'small', slow(4))];
  releaseAll();
  expect(await Promise.all([c, d])).toEqual([3, 4]);
  expect(runs).toBe(6);
});
