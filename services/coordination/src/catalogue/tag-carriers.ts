// What carries a tag: the cases' tags (kind case) or the vulnerabilities' tags (kind vul), text[] columns
// holding names. A tag matches without case ("ICS", "ics"), as the catalogue's unique index compares them,
// so every question and change here names tags by any spelling.
import { count, sql, type SQL } from 'drizzle-orm';
import type { TagKind } from '@cvdp/core';
import type { Db, Tx } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';

/** The table whose `tags` carry tags of the kind. */
export const carriersOf = (kind: TagKind) => (kind === 'vul' ? vulnerabilities : cases);

/** `lower(x) in (lower(a), lower(b), …)`: x is one of the names, without case. */
const oneOf = (x: SQL, names: readonly string[]) =>
  sql`lower(${x}) in (${sql.join(
    names.map((n) => sql`lower(${n}::text)`),
    sql`, `,
  )})`;

/** The row's tags hold one of the names (any spelling). */
function carries(kind: TagKind, names: readonly string[]) {
  const table = carriersOf(kind);
  return sql`exists (select 1 from unnest(${table.tags}) as carried(name) where ${oneOf(sql`carried.name`, names)})`;
}

/** How many cases or vulnerabilities carry one of the names. */
export async function countCarriers(db: Db | Tx, kind: TagKind, names: readonly string[]): Promise<number> {
  const table = carriersOf(kind);
  const [{ n }] = await db.select({ n: count() }).from(table).where(carries(kind, names));
  return n;
}

/**
 * The spelling of a name most carriers use (ties: the first in byte order, the same on every database
 * whatever its collation); null when nothing carries it.
 */
export async function spellingInUse(db: Db | Tx, kind: TagKind, name: string): Promise<string | null> {
  const table = carriersOf(kind);
  const rows = await db
    .select({ spelling: sql<string>`carried.name` })
    .from(sql`${table} cross join lateral unnest(${table.tags}) as carried(name)`)
    .where(oneOf(sql`carried.name`, [name]))
    .groupBy(sql`carried.name`)
    .orderBy(sql`count(*) desc`, sql`carried.name collate "C"`)
    .limit(1);
  return rows[0]?.spelling ?? null;
}

/**
 * Every carrier of one of `names` carries `to` instead, once, where the first of them stood (the other
 * tags keep their order); returns how many rows changed. Rename is one name, merge two.
 */
export async function replaceOnCarriers(
  tx: Tx,
  kind: TagKind,
  names: readonly string[],
  to: string,
): Promise<number> {
  const table = carriersOf(kind);
  const changed = await tx
    .update(table)
    .set({
      tags: sql`array(
        select tag from (
          select case when ${oneOf(sql`held.name`, names)} then ${to}::text else held.name end as tag,
                 min(held.place) as first
            from unnest(${table.tags}) with ordinality as held(name, place)
           group by 1) as renamed
        order by first)`,
    })
    .where(carries(kind, names))
    .returning({ id: table.id });
  return changed.length;
}

/** Takes the name (any spelling) off every carrier; returns how many rows carried it. */
export async function removeFromCarriers(tx: Tx, kind: TagKind, name: string): Promise<number> {
  const table = carriersOf(kind);
  const changed = await tx
    .update(table)
    .set({
      tags: sql`array(
        select held.name from unnest(${table.tags}) with ordinality as held(name, place)
         where not ${oneOf(sql`held.name`, [name])}
         order by held.place)`,
    })
    .where(carries(kind, [name]))
    .returning({ id: table.id });
  return changed.length;
}

/** Each kind's carried names, one row per carrier and spelling (a union over cases and vulnerabilities). */
export const carriedNames = () =>
  sql.join(
    (['case', 'vul'] as const).map((kind) => {
      const table = carriersOf(kind);
      return sql`select ${kind}::text as kind, carried.name as name, ${table.id} as carrier
        from ${table} cross join lateral unnest(${table.tags}) as carried(name)`;
    }),
    sql` union all `,
  );
