// The queue's capped count (GET /api/vuls/, issue 30): past 1,000 matches the count stops ("1,000+",
// count_capped: true) and `next` leads on; a page past the cap raises the cap to its end; fewer matches
// are counted exactly. Records are inserted in SQL (set-based); the page is checked against its schema.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP, cappedPageOf } from '@cvdp/server-kit';
import { vulSummarySchema } from '@cvdp/core/scoring/index';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';

const RECORDS = COUNT_CAP + 5;
let t: TestApp;
let scorer: TestClient;

beforeAll(async () => {
  t = await createScoringTestApp();
  scorer = await t.signIn({ roles: ['scorer'] });
  // Every fifth one KEV: 201 of them, a filter counted exactly.
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, record, content_hash, search_text, kev)
    select 'CVE-2099-' || lpad(k::text, 6, '0'), 'PUBLISHED', '5.1', '{}'::jsonb, md5(k::text),
      'wombat ' || case when k % 7 = 0 then 'numbat' else '' end, k % 5 = 0
      from generate_series(1, ${RECORDS}::int) k`);
}, 120_000);
afterAll(() => t?.close());

const get = async (query: string) => {
  const res = await scorer.get(`${S}/api/vuls/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return cappedPageOf(vulSummarySchema).parse(res.json());
};

it('stops counting at the cap with count_capped and a next page', async () => {
  for (const query of ['page_size=20', 'query=wombat&page_size=20', 'status=open&ordering=-published']) {
    const page = await get(query);
    expect(page, query).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(page.next, query).toContain('page=2');
  }
});

it('raises the cap to the end of the asked page, so every page the links reach exists', async () => {
  const last = COUNT_CAP / 20;
  const atCap = await get(`page_size=20&ordering=id&page=${last}`);
  expect(atCap).toMatchObject({ count: COUNT_CAP, count_capped: true });
  expect(atCap.next).toContain(`page=${last + 1}`);
  const past = await get(`page_size=20&ordering=id&page=${last + 1}`);
  expect(past).toMatchObject({ count: RECORDS, count_capped: false, next: null });
  expect(past.results.map((v) => v.cve_id)).toEqual(
    Array.from(
      { length: RECORDS - COUNT_CAP },
      (_, i) => `CVE-2099-${String(COUNT_CAP + 1 + i).padStart(6, '0')}`,
    ),
  );
  expect((await scorer.get(`${S}/api/vuls/?page_size=20&page=${last + 2}`)).statusCode).toBe(400);
});

it('counts exactly below the cap', async () => {
  expect(await get('kev=1')).toMatchObject({ count: Math.floor(RECORDS / 5), count_capped: false });
  expect(await get('query=numbat')).toMatchObject({ count: Math.floor(RECORDS / 7), count_capped: false });
  expect(await get('query=nothinglikeit')).toMatchObject({ count: 0, count_capped: false, results: [] });
});
