// Catalogue queries and changes: tags by id (renamed where cases or vulnerabilities carry them, in any
// spelling; kept while in use — tag-usage.ts changes tags by name, everywhere), vulnerability attributes
// (kept while a vulnerability holds a value; reshaped only if every held value still fits) and the audit
// list of changes outside any case. Every change writes its activity row with before/after in its own
// transaction. A missing row is a 404 and a refused change a 409/400, thrown here inside the transaction
// that checked it.
import { and, asc, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  type AuditEntry,
  type Tag,
  type TagKind,
  type VulAttribute,
  type VulAttributeType,
  tagInUse,
  vulAttributeChangeInvalidates,
  vulAttributeChoiceProblems,
  vulAttributeInUse,
} from '@cvdp/core';
import { type Db, HttpError, activity, notFound, recordActivity } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { attributeView, vulsHoldingAttribute, vulsInvalidatedBy, type AttributeRow } from './attributes.ts';
import { tags, vulAttributes } from './tables.ts';
import { countCarriers, replaceOnCarriers } from './tag-carriers.ts';
import { lockTagChanges, refuseTakenName } from './tag-usage.ts';

// --- Tags -------------------------------------------------------------------------------------------

type TagRow = typeof tags.$inferSelect;

const tagView = (t: TagRow): Tag => ({
  id: t.id,
  kind: t.kind as TagKind,
  name: t.name,
  description: t.description,
  created: t.createdAt.toISOString(),
});
/** What the activity log keeps of a tag. */
const tagAudit = (t: TagRow) => ({ kind: t.kind, name: t.name, description: t.description });

/** Tags by kind, then name without case (one kind when given). */
export async function listTags(db: Db, kind?: TagKind): Promise<Tag[]> {
  const rows = await db
    .select()
    .from(tags)
    .where(kind ? eq(tags.kind, kind) : undefined)
    .orderBy(asc(tags.kind), sql`lower(${tags.name})`, asc(tags.id));
  return rows.map(tagView);
}

export function createTag(
  db: Db,
  actorId: number,
  kind: TagKind,
  body: { name: string; description: string },
): Promise<Tag> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tags)
      .values({ kind, name: body.name, description: body.description })
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added tag',
      objectType: 'tag',
      objectId: row.id,
      after: tagAudit(row),
    });
    return tagView(row);
  });
}

/**
 * Name and description; a new name replaces the old one (any spelling) wherever the tag is carried, once.
 * A name another catalogue row has is a 400 under name (the unique index); one only carried is a 409: a merge.
 */
export function updateTag(
  db: Db,
  actorId: number,
  id: number,
  body: { name?: string; description?: string },
): Promise<Tag> {
  return db.transaction(async (tx) => {
    await lockTagChanges(tx);
    const [before] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!before) throw notFound('No tag with this id.');
    const kind = before.kind as TagKind;
    const [after] = await tx
      .update(tags)
      .set({ name: body.name ?? before.name, description: body.description })
      .where(eq(tags.id, before.id))
      .returning();
    let renamed = 0;
    if (after.name !== before.name) {
      await refuseTakenName(tx, kind, before.name, after.name, after.id);
      renamed = await replaceOnCarriers(tx, kind, [before.name], after.name);
    }
    await recordActivity(tx, {
      actorId,
      verb: 'changed tag',
      objectType: 'tag',
      objectId: before.id,
      before: tagAudit(before),
      after: { ...tagAudit(after), ...(renamed ? { renamed_on: renamed } : {}) },
    });
    return tagView(after);
  });
}

/**
 * Removes a tag nothing carries in any spelling (409 with the count otherwise: DELETE manage/tag/{id}/
 * keeps its answer; manage/tags/usage/remove/ takes a tag off its carriers too).
 */
export async function deleteTag(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockTagChanges(tx);
    const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!row) throw notFound('No tag with this id.');
    const kind = row.kind as TagKind;
    const n = await countCarriers(tx, kind, [row.name]);
    if (n > 0) throw new HttpError(409, tagInUse(kind, n));
    await tx.delete(tags).where(eq(tags.id, row.id));
    await recordActivity(tx, {
      actorId,
      verb: 'removed tag',
      objectType: 'tag',
      objectId: row.id,
      before: tagAudit(row),
    });
  });
}

// --- Vulnerability attributes -----------------------------------------------------------------------

const attributeAudit = (a: AttributeRow) => ({
  name: a.name,
  type: a.type,
  choices: a.choices,
  required: a.required,
});

export function createVulAttribute(
  db: Db,
  actorId: number,
  body: { name: string; type: VulAttributeType; choices: string[]; required: boolean },
): Promise<VulAttribute> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(vulAttributes).values(body).returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added vulnerability attribute',
      objectType: 'vul_attribute',
      objectId: row.id,
      after: attributeAudit(row),
    });
    return attributeView(row);
  });
}

/**
 * Any of name, type, choices, required. The result is checked whole (400), and refused (409) when a value
 * some vulnerability holds would no longer fit.
 */
export function updateVulAttribute(
  db: Db,
  actorId: number,
  id: number,
  b: { name?: string; type?: VulAttributeType; choices?: string[]; required?: boolean },
): Promise<VulAttribute> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vulAttributes).where(eq(vulAttributes.id, id)).for('update');
    if (!before) throw notFound('No vulnerability attribute with this id.');
    const type = b.type ?? (before.type as VulAttributeType);
    // Away from choice without new choices: the old choices go with the type.
    const choices = b.choices ?? (type === 'choice' ? before.choices : []);
    const problems = vulAttributeChoiceProblems({ type, choices });
    if (problems.length) throw new HttpError(400, problems[0], { choices: problems });
    // Values vulnerabilities hold must still fit: a change that would invalidate one is refused.
    const reshaped = type !== before.type || choices.some((c, i) => before.choices[i] !== c);
    if (reshaped || choices.length !== before.choices.length) {
      const invalid = await vulsInvalidatedBy(tx, before.id, { type, choices });
      if (invalid) throw new HttpError(409, vulAttributeChangeInvalidates(invalid));
    }
    const [after] = await tx
      .update(vulAttributes)
      .set({ name: b.name, type, choices, required: b.required })
      .where(eq(vulAttributes.id, before.id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'changed vulnerability attribute',
      objectType: 'vul_attribute',
      objectId: before.id,
      before: attributeAudit(before),
      after: attributeAudit(after),
    });
    return attributeView(after);
  });
}

/** Removes an attribute no vulnerability holds a value for (409 with the count otherwise), like a tag. */
export async function deleteVulAttribute(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(vulAttributes).where(eq(vulAttributes.id, id)).for('update');
    if (!found) throw notFound('No vulnerability attribute with this id.');
    const holding = await vulsHoldingAttribute(tx, found.id);
    if (holding) throw new HttpError(409, vulAttributeInUse(holding));
    const [row] = await tx.delete(vulAttributes).where(eq(vulAttributes.id, found.id)).returning();
    await recordActivity(tx, {
      actorId,
      verb: 'removed vulnerability attribute',
      objectType: 'vul_attribute',
      objectId: row.id,
      before: attributeAudit(row),
    });
  });
}

// --- The audit list ---------------------------------------------------------------------------------

export interface AuditFilter {
  object_type?: string;
  actor?: number;
  /** Inclusive UTC days, yyyy-MM-dd. */
  since?: string;
  until?: string;
}

/** The day after an inclusive yyyy-MM-dd, as the exclusive upper bound (UTC). */
const dayStart = (d: string, plusDays = 0) => new Date(Date.parse(`${d}T00:00:00Z`) + plusDays * 86_400_000);

/** Changes outside any case, narrowed by the filter. */
function auditWhere(q: AuditFilter) {
  const conditions: (SQL | undefined)[] = [isNull(activity.caseId)];
  if (q.object_type) conditions.push(eq(activity.objectType, q.object_type));
  if (q.actor !== undefined) conditions.push(eq(activity.actorId, q.actor));
  if (q.since) conditions.push(gte(activity.at, dayStart(q.since)));
  if (q.until) conditions.push(lt(activity.at, dayStart(q.until, 1)));
  return and(...conditions);
}

export async function countAuditEntries(db: Db, q: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activity).where(auditWhere(q));
  return row.n;
}

/** Newest first, with who made each change. */
export async function listAuditEntries(
  db: Db,
  q: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(activity)
    .where(auditWhere(q))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit)
    .offset(offset);
  const refs = await userRefs(
    db,
    rows.map((a) => a.actorId),
  );
  return rows.map((a) => ({
    id: a.id,
    actor: refOf(refs, a.actorId),
    verb: a.verb,
    object_type: a.objectType,
    object_id: a.objectId,
    before: a.before,
    after: a.after,
    created: a.at.toISOString(),
  }));
}
