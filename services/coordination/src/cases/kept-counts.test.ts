// Staff's capped counts kept a moment (store.ts, caseCounts), and the dense word search's prepared page
// (list-page.ts, walksDenseMatches). Rows are changed in SQL, as another replica would change them, so only
// the kept count explains a stale answer; a write through the service must drop it at once.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP, rowsOf } from '@cvdp/server-kit';
import { caseParticipants } from '../tables.ts';
import { readCasePage } from './list-page.ts';
import { awaitingMyStatus } from '../vendor-status/store.ts';
import { holdingEmbargoEnd } from '../embargo/index.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';

const MATCHES = COUNT_CAP + 5;
let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let colleague: TestClient & { user: TestUser };

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'] });
  colleague = await t.signIn({ roles: ['coordinator'] });
  // Distinct update times with ties (every 97th), so that the orderings' tie-break is exercised.
  await t.db.execute(
    sql`insert into cases (title, summary, updated_at)
        select 'Wombat burrow flaw ' || n, 'wombat', now() - (n % 97) * interval '1 minute'
          from generate_series(1, ${MATCHES}) n`,
  );
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role)
        select id, ${coordinator.user.id}, 'owner' from cases where title like 'Wombat burrow flaw %'`,
  );
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

interface Page {
  count: number;
  count_capped: boolean;
  results: { id: number }[];
}
const get = async (who: TestClient, url: string) => {
  const res = await who.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

/** Deletes `n` wombat cases behind the service's back; returns their ids. */
async function removeBehindTheService(n: number) {
  const rows = await rowsOf<{ id: number }>(
    t.db,
    sql`delete from cases where id in (select id from cases where title like 'Wombat burrow flaw %' order by id desc limit ${n}) returning id`,
  );
  return rows.map((r) => r.id);
}

describe('a staff count past the cap', () => {
  it('is kept until a write through the service, or for 2 s, while the page is always read afresh', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const url = '/api/cases/?query=wombat&ordering=-id&page_size=20';
    const before = await get(coordinator, url);
    expect(before).toMatchObject({ count: COUNT_CAP, count_capped: true });

    // Ten fewer matches than the cap + 5: the kept "1,000+" still answers; the page shows what is there.
    const gone = await removeBehindTheService(10);
    const kept = await get(coordinator, url);
    expect(kept).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(kept.results.map((r) => r.id)).not.toContain(gone[0]);
    // A colleague asking the same words is answered from it too: staff's count does not depend on who asks.
    expect(await get(colleague, url)).toMatchObject({ count: COUNT_CAP, count_capped: true });

    // Any write through the service drops it (here a title changed).
    const [{ id }] = await rowsOf<{ id: number }>(t.db, sql`select id from cases order by id limit 1`);
    const edit = await coordinator.patch(`/api/cases/${id}/`, { title: 'Wombat burrow flaw, renamed' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await get(coordinator, url)).toMatchObject({ count: MATCHES - 10, count_capped: false });

    // Counts below the cap are never kept: the next change behind the service shows at once.
    await removeBehindTheService(1);
    expect(await get(coordinator, url)).toMatchObject({ count: MATCHES - 11, count_capped: false });

    // Back above the cap, kept again, and counted afresh once 2 s have passed.
    await t.db.execute(
      sql`insert into cases (title, summary) select 'Wombat burrow flaw again ' || n, 'wombat' from generate_series(1, 20) n`,
    );
    expect(await get(coordinator, url)).toMatchObject({ count: COUNT_CAP, count_capped: true });
    await removeBehindTheService(20);
    expect(await get(coordinator, url)).toMatchObject({ count: COUNT_CAP, count_capped: true });
    now += 2000;
    expect(await get(coordinator, url)).toMatchObject({ count: MATCHES - 11, count_capped: false });
  });

  it('"my cases" is kept per owner: a colleague who owns none is never given it', async () => {
    await t.db.execute(
      sql`insert into cases (title, summary) select 'Owned flaw ' || n, 'owned' from generate_series(1, ${MATCHES}) n`,
    );
    await t.db.execute(
      sql`insert into ${caseParticipants} (case_id, user_id, role)
          select id, ${coordinator.user.id}, 'owner' from cases where title like 'Owned flaw %'`,
    );
    const url = '/api/cases/?owned=True&status=0&status=1';
    expect(await get(coordinator, url)).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(await get(colleague, url)).toMatchObject({ count: 0, count_capped: false, results: [] });
  });
});

describe("staff's dense word search, its page prepared", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps a generic plan on PostgreSQL (planned once, not per request)',
    async () => {
      // A desk where the words are common but not everywhere (about one case in seven), with its statistics:
      // with every case matching and no statistics, PostgreSQL prefers its custom plans at any size.
      await t.db.execute(
        sql`insert into cases (title, summary) select 'Other flaw ' || n, 'other' from generate_series(1, 5000) n`,
      );
      await t.db.execute(sql`analyze cases`);
      await t.db.execute(sql`analyze search_entries`);
      const user = { ...coordinator.user, groupIds: [] as number[] };
      const plans = await t.db.transaction(async (tx) => {
        for (let i = 0; i < 7; i++) {
          const f = { query: i % 2 ? 'wombat' : 'burrow', dense: true, ordering: '-updated' };
          const rows = await readCasePage(
            tx,
            user as never,
            f,
            { limit: 20, offset: 0 },
            { awaitingMyStatus, embargoEnds: holdingEmbargoEnd },
          );
          expect(rows).toHaveLength(20);
        }
        return rowsOf<{ name: string; generic_plans: string }>(
          tx,
          sql`select name, generic_plans from pg_prepared_statements where name like 'case\\_list\\_staff\\_words\\_dense%'`,
        );
      });
      // Before any other request of this file ran the statement, so its plans are these seven.
      const statement = plans.find((p) => p.name === 'case_list_staff_words_dense_desc_updated_f20');
      expect(Number(statement?.generic_plans)).toBeGreaterThan(0);
    },
  );

  it('lists what the index lists, in every indexed ordering and page', async () => {
    // Past the cap again (the tests above left fewer matches), so that the search reads as dense.
    await t.db.execute(
      sql`insert into cases (title, summary, updated_at)
          select 'Wombat burrow flaw more ' || n, 'wombat', now() - (n % 89) * interval '1 minute'
            from generate_series(1, 60) n`,
    );
    for (const ordering of ['-updated', 'updated', 'id', '-id']) {
      const order =
        ordering === 'id'
          ? sql`id`
          : ordering === '-id'
            ? sql`id desc`
            : ordering === 'updated'
              ? sql`updated_at, id`
              : sql`updated_at desc, id desc`;
      for (const page of [1, 2, 7]) {
        const got = await get(
          coordinator,
          `/api/cases/?query=wombat&ordering=${ordering}&page=${page}&page_size=20`,
        );
        expect(got.count_capped).toBe(true);
        const expected = await rowsOf<{ id: number }>(
          t.db,
          sql`select id from cases where id in (select case_id from search_entries
                where tsv @@ plainto_tsquery('english', 'wombat'))
              order by ${order} limit 20 offset ${(page - 1) * 20}`,
        );
        expect(
          got.results.map((r) => r.id),
          `${ordering} page ${page}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
  });
});
