// Staff's "my cases" past the cap: the first page read from the ordering's first cases, prepared (store.ts,
// walksOwnedPrefix; list-page.ts, readCasePage), and planned when the owner's cases are too sparse there. Every
// page is checked against the list written plainly in SQL: owned directly or through a group, in the statuses
// asked, in each indexed ordering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { COUNT_CAP, groupMembers, groups, rowsOf } from '@cvdp/server-kit';
import { caseParticipants } from '../tables.ts';
import { readCasePage } from './list-page.ts';
import { awaitingMyStatus } from '../vendor-status/store.ts';
import { holdingEmbargoEnd } from '../embargo/index.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { statementNamesDuring } from '../../testing/statement-names.ts';

let t: TestApp;
let dense: TestClient & { user: TestUser };
let sparse: TestClient & { user: TestUser };
let few: TestClient & { user: TestUser };
let groupId: number;

const RECENT = 4500;
/** The first page's prepared statement for a staff owner in a group, statuses given, newest first. */
const NAME = 'case_list_staff_groups_walk_owned_status_desc_updated_f20';
const OLD = COUNT_CAP + 5;

beforeAll(async () => {
  t = await createTestApp();
  dense = await t.signIn({ roles: ['coordinator'] });
  sparse = await t.signIn({ roles: ['coordinator'] });
  few = await t.signIn({ roles: ['coordinator'] });
  const [group] = await t.db.insert(groups).values({ name: 'Owning desk' }).returning();
  groupId = group.id;
  await t.db.insert(groupMembers).values({ groupId, userId: dense.user.id });
  // The sparse owner's cases first (the lowest ids) and long untouched: along "-updated" and "-id" the first
  // cases hold none of them, along "id" and "updated" all of them.
  await t.db.execute(
    sql`insert into cases (title, summary, status, updated_at)
        select 'Old flaw ' || n, 'old', 1, now() - interval '30 days' - n * interval '1 minute'
          from generate_series(1, ${OLD}) n`,
  );
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role)
        select id, ${sparse.user.id}, 'owner' from cases where title like 'Old flaw %'`,
  );
  // Recent cases with tied update times (every 97th); a third owned by the dense owner, half of those through
  // the group; every fifteenth closed (status 2), outside "status=0&status=1". 1,200 owned cases stay open.
  await t.db.execute(
    sql`insert into cases (title, summary, status, updated_at)
        select 'Recent flaw ' || n, 'recent', case when n % 15 = 0 then 2 else n % 2 end,
               now() - (n % 97) * interval '1 minute'
          from generate_series(1, ${RECENT}) n`,
  );
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, group_id, role)
        select id, case when n % 6 = 3 then ${dense.user.id}::int end, case when n % 6 = 0 then ${groupId}::int end,
               'owner'
          from (select id, substr(title, 13)::int as n from cases where title like 'Recent flaw %') c
          where n % 3 = 0`,
  );
  // An owner of 75 cases (under the cap), a third of them through the dense owner's group: their page is read
  // from their cases by id (readsFewOwned).
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role)
        select id, ${few.user.id}, 'owner' from cases where title like 'Recent flaw %'
          and substr(title, 13)::int % 60 = 1`,
  );
  // The sparse owner also holds one recent case: their first page is not empty along "-updated".
  await t.db.execute(
    sql`insert into ${caseParticipants} (case_id, user_id, role)
        select id, ${sparse.user.id}, 'owner' from cases where title = 'Recent flaw 1'`,
  );
});
afterAll(() => t.close());

const ORDER: Record<string, SQL> = {
  '-updated': sql`updated_at desc, id desc`,
  updated: sql`updated_at, id`,
  id: sql`id`,
  '-id': sql`id desc`,
};
/** Orderings read off no index, for the lists within the cap. */
const OTHER_ORDER: Record<string, SQL> = {
  title: sql`title, id`,
  '-created': sql`created_at desc, id desc`,
  status: sql`status, id`,
};

/** The owner's cases in statuses 0 and 1, owned directly or through their groups, written plainly. */
async function expected(user: TestUser, groupIds: number[], ordering: string, page: number, size: number) {
  const rows = await rowsOf<{ id: number }>(
    t.db,
    sql`select id from cases c where status in (0, 1) and exists (
          select 1 from ${caseParticipants} p where p.case_id = c.id and p.role = 'owner'
            and (p.user_id = ${user.id} or p.group_id = any(${`{${groupIds.join(',')}}`}::int[])))
        order by ${ORDER[ordering] ?? OTHER_ORDER[ordering]} limit ${size} offset ${(page - 1) * size}`,
  );
  return rows.map((r) => r.id);
}

const PAGES = [
  [1, 20],
  [2, 20],
  [1, 50],
] as const;

/** Pages 1–2 of 20 and 1 of 50 of `who`'s "my cases" in each ordering, against SQL; the count as `count` says. */
async function checksEveryPage(
  who: TestClient & { user: TestUser },
  groupIds: number[],
  orderings: string[],
  count: { count: number; count_capped: boolean },
) {
  for (const ordering of orderings)
    for (const [page, size] of PAGES) {
      const res = await who.get(
        `/api/cases/?owned=True&status=0&status=1&ordering=${ordering}&page=${page}&page_size=${size}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json<{ count: number; count_capped: boolean; results: { id: number }[] }>();
      expect(got).toMatchObject(count);
      const want = await expected(who.user, groupIds, ordering, page, size);
      expect(want).toHaveLength(size);
      expect(
        got.results.map((r) => r.id),
        `user ${who.user.id} ${ordering} page ${page} of ${size}`,
      ).toEqual(want);
    }
}

/** The prepared statements (PostgreSQL: by name) that `who`'s first page of "my cases" runs. */
const statementsOfFirstPage = (who: TestClient) =>
  statementNamesDuring(t.db, async () => {
    const res = await who.get('/api/cases/?owned=True&status=0&status=1');
    expect(res.statusCode, res.body).toBe(200);
  });

describe('"my cases" within the cap (staff)', () => {
  it('lists what SQL lists, in every ordering, directly or through a group', async () => {
    await t.db.insert(groupMembers).values({ groupId, userId: few.user.id });
    try {
      const all = await expected(few.user, [groupId], '-updated', 1, 10_000);
      expect(all.length).toBeGreaterThan(50);
      expect(all.length).toBeLessThan(COUNT_CAP);
      const orderings = [...Object.keys(ORDER), ...Object.keys(OTHER_ORDER)];
      await checksEveryPage(few, [groupId], orderings, { count: all.length, count_capped: false });
      // The route reads the page through its prepared statement (PostgreSQL: named statements).
      if (process.env.TEST_DATABASE_URL)
        expect(await statementsOfFirstPage(few)).toContain(
          'case_list_staff_groups_few_owned_status_desc_updated_f20',
        );
    } finally {
      await t.db.execute(sql`delete from ${groupMembers} where user_id = ${few.user.id}`);
    }
  });
});

describe('"my cases" past the cap (staff)', () => {
  it('lists what SQL lists, for an owner dense along the ordering and one who is not, in every indexed ordering', async () => {
    const capped = { count: COUNT_CAP, count_capped: true };
    await checksEveryPage(dense, [groupId], Object.keys(ORDER), capped);
    await checksEveryPage(sparse, [], Object.keys(ORDER), capped);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps a generic plan on PostgreSQL for the first page (planned once, not per request)',
    async () => {
      await t.db.execute(sql`analyze cases`);
      await t.db.execute(sql`analyze case_participants`);
      // The route reads its first page through the statement (the names the pool is asked to run).
      expect(await statementsOfFirstPage(dense)).toContain(NAME);

      const user = { ...dense.user, groupIds: [groupId] };
      const plans = await t.db.transaction(async (tx) => {
        for (let i = 0; i < 7; i++) {
          const f = { owned: true, dense: true, status: [0, 1], ordering: '-updated' };
          const rows = await readCasePage(
            tx,
            user as never,
            f,
            { limit: 20, offset: 0 },
            { awaitingMyStatus, embargoEnds: holdingEmbargoEnd },
          );
          expect(rows.map((r) => r.id)).toEqual(await expected(dense.user, [groupId], '-updated', 1, 20));
        }
        return rowsOf<{ name: string; generic_plans: string }>(
          tx,
          sql`select name, generic_plans from pg_prepared_statements where name like 'case\\_list\\_staff%walk%'`,
        );
      });
      const statement = plans.find(
        (p) => p.name === 'case_list_staff_groups_walk_owned_status_desc_updated_f20',
      );
      expect(Number(statement?.generic_plans), JSON.stringify(plans)).toBeGreaterThan(0);
    },
  );
});
