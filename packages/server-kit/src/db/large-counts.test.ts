// LargeCounts on its own (its users' tests run it against a database: the scoring queue's count-cache.test.ts,
// the case lists' kept-counts.test.ts): what is kept, for how long, what drops it, and the shared recount.
import Fastify from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { LargeCounts } from './large-counts.ts';

afterEach(() => vi.restoreAllMocks());

/** A count that answers `n` and says how often it ran. */
const counter = () => {
  const ran = { times: 0 };
  return { ran, of: (n: number) => () => (ran.times++, Promise.resolve(n)) };
};

it('keeps a count of at least `min` for `ttlMs`, per handle and key; a smaller one never', async () => {
  let now = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const counts = new LargeCounts({ min: 1001, ttlMs: 2000, max: 10 });
  const db = {};
  const c = counter();
  expect(await counts.count(db, 'a', c.of(1001))).toBe(1001);
  expect(await counts.count(db, 'a', c.of(5))).toBe(1001);
  expect(c.ran.times).toBe(1);
  // Another key, another handle: counted.
  expect(await counts.count(db, 'b', c.of(7))).toBe(7);
  expect(await counts.count({}, 'a', c.of(8))).toBe(8);
  // Small answers are counted every time.
  expect(await counts.count(db, 'b', c.of(9))).toBe(9);
  expect(c.ran.times).toBe(4);
  now += 2000;
  expect(await counts.count(db, 'a', c.of(1002))).toBe(1002);
  // A large count that became small is forgotten at once: from then on each request counts for itself.
  now += 2000;
  expect(await counts.count(db, 'a', c.of(3))).toBe(3);
  const before = c.ran.times;
  expect(await Promise.all([counts.count(db, 'a', c.of(4)), counts.count(db, 'a', c.of(5))])).toEqual([4, 5]);
  expect(c.ran.times).toBe(before + 2);
});

it('drops every kept count when this process writes, also one being counted as the write lands', async () => {
  const counts = new LargeCounts({ min: 1000, ttlMs: 60_000, max: 10 });
  const db = {};
  expect(await counts.count(db, 'a', () => Promise.resolve(1000))).toBe(1000);
  counts.changed();
  let finish!: (n: number) => void;
  const during = counts.count(db, 'a', () => new Promise<number>((r) => (finish = r)));
  counts.changed(); // a write commits while that count runs: its answer may predate it
  finish(2000);
  expect(await during).toBe(2000);
  expect(await counts.count(db, 'a', () => Promise.resolve(3000))).toBe(3000);
});

it('shares one recount of a stale large count among the requests that ask meanwhile, not of a small one', async () => {
  let now = 0;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const counts = new LargeCounts({ min: 1000, ttlMs: 2000, max: 10 });
  const db = {};
  await counts.count(db, 'a', () => Promise.resolve(1500));
  now += 2000;
  const c = counter();
  const [x, y] = await Promise.all([counts.count(db, 'a', c.of(1600)), counts.count(db, 'a', c.of(1700))]);
  expect([x, y, c.ran.times]).toEqual([1600, 1600, 1]);
  const small = counter();
  await Promise.all([counts.count(db, 's', small.of(1)), counts.count(db, 's', small.of(2))]);
  expect(small.ran.times).toBe(2);
});

it('keeps the `max` keys used last', async () => {
  const counts = new LargeCounts({ min: 1, ttlMs: 60_000, max: 2 });
  const db = {};
  const c = counter();
  for (const key of ['a', 'b', 'c']) await counts.count(db, key, c.of(5));
  await counts.count(db, 'c', c.of(5));
  await counts.count(db, 'b', c.of(5));
  expect(c.ran.times).toBe(3);
  await counts.count(db, 'a', c.of(5));
  expect(c.ran.times).toBe(4);
});

it('drops the kept counts at every unsafe request of the app it watches, not at a read', async () => {
  const counts = new LargeCounts({ min: 1, ttlMs: 60_000, max: 10 });
  const app = Fastify();
  counts.dropOnWrites(app);
  app.get('/', async () => 'read');
  app.post('/', async () => 'written');
  app.delete('/', async (_request, reply) => reply.code(403).send('refused'));
  const db = {};
  const c = counter();
  await counts.count(db, 'a', c.of(5));
  await app.inject({ method: 'GET', url: '/' });
  await counts.count(db, 'a', c.of(5));
  expect(c.ran.times).toBe(1);
  for (const method of ['POST', 'DELETE'] as const) {
    await app.inject({ method, url: '/' });
    await counts.count(db, 'a', c.of(5));
  }
  expect(c.ran.times).toBe(3);
  await app.close();
});
