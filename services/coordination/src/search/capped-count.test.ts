// The word searches' capped count (GET /api/cases/?query=, GET /api/search/): past 1,000 matches the count
// stops ("1,000+", count_capped: true) and `next` leads on; a page past the cap raises the cap to its end;
// a caller's count only ever counts what they may see. "My cases" (owned=True) and the triage queue are capped
// the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, groupMembers, groups, rowsOf } from '@cvdp/server-kit';
import { sql } from 'drizzle-orm';
import { caseParticipants, cases } from '../tables.ts';
import { countCasesUpTo } from '../cases/store.ts';
import { searchPage } from './store.ts';
import { DENSE_DEFAULTS, denseScanBound, forgetTableStats } from '../cases/common-words.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { statementNamesDuring } from '../../testing/statement-names.ts';

const MATCHES = COUNT_CAP + 5;
let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let member: TestClient & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'] });
  member = await t.signIn();
  // Set-based: the search triggers index each case's title as it goes in.
  await t.db.execute(
    sql`insert into cases (title, summary) select 'Wombat burrow flaw ' || n, 'wombat' from generate_series(1, ${MATCHES}) n`,
  );
  await t.db.execute(sql`insert into cases (title) values ('A lone numbat')`);
  const [vendor] = await t.db.insert(groups).values({ name: 'Capped Vendor' }).returning();
  await t.db.insert(groupMembers).values({ groupId: vendor.id, userId: member.user.id });
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, group_id, role) select id, ${vendor.id}, 'vendor' from cases where title like 'Wombat burrow flaw %' order by id limit 3`,
  );
});
afterAll(() => t.close());

interface Page {
  count: number;
  count_capped: boolean;
  next: string | null;
  results: unknown[];
}

const get = async (who: TestClient, url: string) => {
  const res = await who.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

describe.each([
  ['/api/cases/', 'cases'],
  ['/api/search/', 'search entries'],
])('%s?query= counts at most 1,000 matches', (path) => {
  it('stops at the cap with count_capped and a next page', async () => {
    const page = await get(coordinator, `${path}?query=wombat&page_size=20`);
    expect(page).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(page.results).toHaveLength(20);
    expect(page.next).toContain('page=2');
  });

  it('raises the cap to the end of the asked page, so every page the links reach exists', async () => {
    const last = COUNT_CAP / 20;
    const atCap = await get(coordinator, `${path}?query=wombat&page_size=20&page=${last}`);
    expect(atCap).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(atCap.next).toContain(`page=${last + 1}`);
    const past = await get(coordinator, `${path}?query=wombat&page_size=20&page=${last + 1}`);
    expect(past).toMatchObject({ count: MATCHES, count_capped: false, next: null });
    expect(past.results).toHaveLength(MATCHES - COUNT_CAP);
    const beyond = await coordinator.get(`${path}?query=wombat&page_size=20&page=${last + 2}`);
    expect(beyond.statusCode).toBe(400);
  });

  it('counts exactly below the cap, and only what the caller may see', async () => {
    expect(await get(coordinator, `${path}?query=numbat`)).toMatchObject({ count: 1, count_capped: false });
    const mine = await get(member, `${path}?query=wombat`);
    expect(mine).toMatchObject({ count: 3, count_capped: false, next: null });
    expect(mine.results).toHaveLength(3);
  });
});

it('the case list without words counts exactly (count_capped false)', async () => {
  const all = await get(coordinator, '/api/cases/?page_size=5');
  expect(all).toMatchObject({ count: MATCHES + 1, count_capped: false });
});

it('the triage queue stops at the cap too, ordered either way, and counts a word search in it exactly below it', async () => {
  // Every case here waits for triage (status 0): COUNT_CAP + 6 of them.
  for (const ordering of ['', '&ordering=quality']) {
    const queue = await get(coordinator, `/api/triage/?page_size=20${ordering}`);
    expect(queue).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(queue.results).toHaveLength(20);
    expect(queue.next).toContain('page=2');
  }
  expect(await get(coordinator, '/api/triage/?query=numbat')).toMatchObject({
    count: 1,
    count_capped: false,
  });
  expect(await get(coordinator, '/api/triage/?held=true')).toMatchObject({ count: 0, count_capped: false });
});

it('"my cases" (owned) stops at the cap too, and counts exactly below it', async () => {
  // The coordinator owns every wombat case: COUNT_CAP + 5 of them.
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role) select id, ${coordinator.user.id}, 'owner' from cases where title like 'Wombat burrow flaw %'`,
  );
  const mine = await get(coordinator, '/api/cases/?owned=True&status=0&status=1&page_size=20');
  expect(mine).toMatchObject({ count: COUNT_CAP, count_capped: true });
  expect(mine.next).toContain('page=2');
  const none = await get(member, '/api/cases/?owned=True&status=0&status=1');
  expect(none).toMatchObject({ count: 0, count_capped: false, results: [] });
  const closed = await get(coordinator, '/api/cases/?owned=True&status=2');
  expect(closed).toMatchObject({ count: 0, count_capped: false });
});

it('stops at the cap for someone who is not staff too (their page and count in one statement), pages past it', async () => {
  // A reporter who owns every wombat case: COUNT_CAP + 5, seen through their own participant rows.
  const owner = await t.signIn();
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role) select id, ${owner.user.id}, 'owner' from cases where title like 'Wombat burrow flaw %'`,
  );
  for (const path of ['/api/cases/?query=wombat', '/api/cases/?owned=True&status=0']) {
    const first = await get(owner, `${path}&page_size=20`);
    expect(first).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(first.results).toHaveLength(20);
    expect(first.next).toContain('page=2');
    const last = COUNT_CAP / 20;
    const past = await get(owner, `${path}&page_size=20&page=${last + 1}`);
    expect(past).toMatchObject({ count: MATCHES, count_capped: false, next: null });
    expect(past.results).toHaveLength(MATCHES - COUNT_CAP);
    expect((await owner.get(`${path}&page_size=20&page=${last + 2}`)).statusCode).toBe(400);
  }
  expect(await get(owner, '/api/cases/?query=numbat')).toMatchObject({ count: 0, results: [] });
});

it("counts a word search from a bounded candidate scan, and exactly when the candidates are one case's", async () => {
  // One case found through many entries (as through many reports): with bound 1 the candidate scan (4 × 2
  // entries) fills up on that one case, so the count falls back to the exact semi-join.
  const [one] = await t.db.insert(cases).values({ title: 'Quokka den' }).returning();
  await t.db.execute(
    sql`insert into search_entries (case_id, type, object_id, title, body) select ${one.id}, 'report', 'quokka-' || n, 'Quokka', 'quokka' from generate_series(1, 12) n`,
  );
  const staff = { userId: coordinator.user.id, staff: true, groupIds: [] };
  expect(await countCasesUpTo(t.db, staff, { query: 'quokka' }, 1)).toBe(1);
  expect(
    await countCasesUpTo(t.db, { ...staff, userId: member.user.id, staff: false }, { query: 'quokka' }, 1),
  ).toBe(0);
  // Many cases: the candidate scan alone says "more than the bound".
  expect(await countCasesUpTo(t.db, staff, { query: 'wombat' }, 1)).toBe(2);
  expect(await countCasesUpTo(t.db, staff, { query: 'wombat' }, MATCHES)).toBe(MATCHES);
});

describe('common words read from the first pages (cases/common-words.ts), with the same answers as from the index', () => {
  const small = { minEntries: 1, scanRows: 100_000, minShare: 0.05 };

  it('guesses only from the statistics: every word common', async () => {
    await t.db.execute(sql`analyze search_entries`);
    forgetTableStats(t.db);
    expect(await denseScanBound(t.db, 'wombat burrow', small)).not.toBeNull();
    expect(await denseScanBound(t.db, 'wombat numbat', small)).toBeNull();
    expect(await denseScanBound(t.db, 'the', small)).toBeNull();
    // The defaults leave a table of this size to the index.
    expect(await denseScanBound(t.db, 'wombat')).toBeNull();
  });

  it('reads the first pages in steps, each going on where the last stopped, and answers as the index does', async () => {
    // Three cases found through their reports' entries only, written one case after the other: five, five,
    // one. Steps of 1, 1 and 2 × (bound + 1) entries. Bound 1: the first two steps (2 + 2 entries) hold one
    // case, the third (4 more) two. Bound 2: 3 + 3 entries hold two cases, the next 6 reach the third. Bound 3
    // and 4: the steps run out of matches with three cases, and the exact count answers.
    const ids: number[] = [];
    for (const title of ['Marsupial one', 'Marsupial two', 'Marsupial three']) {
      const [row] = await t.db.insert(cases).values({ title }).returning();
      ids.push(row.id);
    }
    for (const [i, n] of [
      [0, 5],
      [1, 5],
      [2, 1],
    ])
      await t.db.execute(
        sql`insert into search_entries (case_id, type, object_id, title, body) select ${ids[i]}, 'report', 'bilby-' || ${i} || '-' || n, 'Bilby', 'bilby' from generate_series(1, ${n}::int) n`,
      );
    const staff = { userId: coordinator.user.id, staff: true, groupIds: [] };
    const fromIndex = await Promise.all(
      [1, 2, 3, 4].map((b) => countCasesUpTo(t.db, staff, { query: 'bilby' }, b)),
    );
    expect(fromIndex).toEqual([2, 3, 3, 3]);
    await t.db.execute(sql`analyze search_entries`);
    forgetTableStats(t.db);
    const saved = { ...DENSE_DEFAULTS };
    Object.assign(DENSE_DEFAULTS, { ...small, minShare: 0.001 });
    try {
      expect(await denseScanBound(t.db, 'bilby')).not.toBeNull();
      const fromPages = await Promise.all(
        [1, 2, 3, 4].map((b) => countCasesUpTo(t.db, staff, { query: 'bilby' }, b)),
      );
      expect(fromPages).toEqual(fromIndex);
    } finally {
      Object.assign(DENSE_DEFAULTS, saved);
      forgetTableStats(t.db);
    }
  });

  it('counts, pages and ranks as the index does, for cases and search, within what the caller may see', async () => {
    const before = {
      cases: await get(coordinator, '/api/cases/?query=wombat&page_size=20&page=3'),
      search: await get(coordinator, '/api/search/?query=wombat&page_size=20&page=3'),
      searchFirst: await get(coordinator, '/api/search/?query=wombat'),
      member: await get(member, '/api/search/?query=wombat'),
    };
    const saved = { ...DENSE_DEFAULTS };
    Object.assign(DENSE_DEFAULTS, small);
    try {
      expect(await denseScanBound(t.db, 'wombat')).not.toBeNull();
      const cases = await get(coordinator, '/api/cases/?query=wombat&page_size=20&page=3');
      expect(cases).toMatchObject({ count: COUNT_CAP, count_capped: true });
      expect(cases.results).toEqual(before.cases.results);
      const search = await get(coordinator, '/api/search/?query=wombat&page_size=20&page=3');
      expect(search).toMatchObject({ count: COUNT_CAP, count_capped: true });
      expect(search.results).toEqual(before.search.results);
      // The first page of 20 is its own prepared statement, with its LIMIT and bound written in (search/store.ts).
      let first: Awaited<ReturnType<typeof get>> | undefined;
      const names = await statementNamesDuring(t.db, async () => {
        first = await get(coordinator, '/api/search/?query=wombat');
      });
      expect(first).toMatchObject({ count: COUNT_CAP, count_capped: true });
      expect(first?.results).toEqual(before.searchFirst.results);
      // Named statements on PostgreSQL only (PGlite's driver prepares none).
      if (process.env.TEST_DATABASE_URL) expect(names).toContain('search_page_staff_range_f20c1001');
      // A vendor member sees 3 of those cases: the first pages do not hold more than the cap for them, so
      // their count comes from the index, exact.
      expect(await get(member, '/api/search/?query=wombat')).toEqual(before.member);
    } finally {
      Object.assign(DENSE_DEFAULTS, saved);
    }
  });
});

it.runIf(process.env.TEST_DATABASE_URL)(
  "staff's search of common words keeps a generic plan on PostgreSQL (planned once, not per search)",
  async () => {
    const user = { ...coordinator.user, groupIds: [] as number[] };
    const window = { limit: 20, offset: 0, bound: COUNT_CAP };
    const plans = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        const page = await searchPage(tx, user as never, i % 2 ? 'wombat' : 'burrow', window, '(100000,0)');
        expect(page.n).toBe(COUNT_CAP + 1);
      }
      const [statement] = await rowsOf<{ generic_plans: string; types: string[] }>(
        tx,
        sql`select generic_plans, parameter_types::text[] as types from pg_prepared_statements
            where name = 'search_page_staff_range_f20c1001'`,
      );
      // The generic plan's candidates are ranked against the words parsed once (an InitPlan's value), not
      // parsed again for each of them: that per-row parse made the generic plan cost more than the custom
      // ones at a million cases, and PostgreSQL planned every search anew.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const values = statement.types.map((type) =>
        type === 'tid' ? `'(1,0)'` : type === 'text' ? `'x'` : '1',
      );
      const plan = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain (verbose) execute search_page_staff_range_f20c1001(${values.join(', ')})`),
      );
      return { generic: Number(statement.generic_plans), plan: plan.map((r) => r['QUERY PLAN']) };
    });
    expect(plans.generic).toBeGreaterThan(0);
    const ranked = plans.plan.filter((line) => line.includes('ts_rank('));
    expect(ranked.length, plans.plan.join('\n')).toBeGreaterThan(0);
    for (const line of ranked) expect(line).not.toContain('plainto_tsquery');
  },
);
