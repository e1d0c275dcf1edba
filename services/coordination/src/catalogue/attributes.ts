// The catalogue's vulnerability attributes as answered (admin list and the staff read of the definitions),
// and what vulnerabilities hold for one: how many carry a value, and how many values a new type or new
// choices would no longer fit (a change the catalogue refuses).
import { asc, count, sql } from 'drizzle-orm';
import { vulAttributeValueProblem, type VulAttribute, type VulAttributeType } from '@cvdp/core';
import type { Db, Tx } from '@cvdp/server-kit';
import { vulnerabilities } from '../vuls/tables.ts';
import { vulAttributes } from './tables.ts';

export type AttributeRow = typeof vulAttributes.$inferSelect;

export const attributeView = (a: AttributeRow): VulAttribute => ({
  id: a.id,
  name: a.name,
  type: a.type as VulAttributeType,
  choices: a.choices,
  required: a.required,
  created: a.createdAt.toISOString(),
});

/** Every attribute, oldest first (the order the forms show them in). */
export async function listVulAttributes(db: Db | Tx): Promise<AttributeRow[]> {
  return db.select().from(vulAttributes).orderBy(asc(vulAttributes.id));
}

const holds = (id: number) => sql`${vulnerabilities.attributes} -> ${String(id)}::text is not null`;

/** How many vulnerabilities hold a value for the attribute. */
export async function vulsHoldingAttribute(db: Db | Tx, id: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(vulnerabilities).where(holds(id));
  return n;
}

/** How many vulnerabilities hold a value for the attribute that would not fit it as changed. */
export async function vulsInvalidatedBy(
  db: Db | Tx,
  id: number,
  changed: { type: string; choices: readonly string[] },
): Promise<number> {
  const rows = await db
    .select({ value: sql<unknown>`${vulnerabilities.attributes} -> ${String(id)}::text` })
    .from(vulnerabilities)
    .where(holds(id));
  return rows.filter((r) => vulAttributeValueProblem(changed, r.value) !== null).length;
}
