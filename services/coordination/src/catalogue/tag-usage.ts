// Tags as they are used (issue 24): the catalogue's rows joined with the names cases and vulnerabilities
// carry, and the changes that reach both — rename, merge, remove — each in one transaction with its
// activity row. A tag is named by kind and name, without case, so one only carried (no catalogue row) is
// changed like any other. The changes of tags take one lock, so two administrators' renames and merges
// run one after the other and each sees what the other left.
import { and, eq, sql } from 'drizzle-orm';
import {
  NO_SUCH_TAG,
  tagNameTaken,
  type TagKind,
  type TagMerge,
  type TagRemoved,
  type TagRename,
  type TagUsage,
} from '@cvdp/core';
import { type Db, type Tx, HttpError, notFound, recordActivity, rowsOf } from '@cvdp/server-kit';
import {
  carriedNames,
  countCarriers,
  removeFromCarriers,
  replaceOnCarriers,
  spellingInUse,
} from './tag-carriers.ts';
import { tags } from './tables.ts';

type TagRow = typeof tags.$inferSelect;

/** One tag change at a time (rename, merge, remove, and the by-id rename and delete). */
export const lockTagChanges = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('cvdp-tag-changes'))`);

/** The catalogue row of the kind with this name (any spelling), locked for the change. */
async function catalogueRow(tx: Tx, kind: TagKind, name: string): Promise<TagRow | undefined> {
  const [row] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.kind, kind), sql`lower(${tags.name}) = lower(${name}::text)`))
    .for('update');
  return row;
}

/**
 * Every tag of both kinds: catalogue rows and carried names (grouped without case), each with how many
 * cases or vulnerabilities carry it; by kind, then name without case. A carried name shows the spelling
 * most carriers use (as spellingInUse picks it) unless the catalogue spells it.
 */
export async function listTagUsage(db: Db): Promise<TagUsage[]> {
  const rows = await rowsOf<TagUsage>(
    db,
    sql`
    with carried as (${carriedNames()}),
    used as (
      select kind, lower(name) as key, count(distinct carrier)::int as used_by
        from carried group by kind, lower(name)),
    spelled as (
      select distinct on (kind, lower(name)) kind, lower(name) as key, name as spelling
        from (select kind, name, count(*) as n from carried group by kind, name) as spellings
       order by kind, lower(name), n desc, name collate "C")
    select coalesce(t.kind, u.kind) as kind,
           coalesce(t.name, s.spelling) as name,
           t.id as catalogue_id,
           coalesce(t.description, '') as description,
           coalesce(u.used_by, 0)::int as used_by
      from ${tags} as t
      full join (used as u join spelled as s on s.kind = u.kind and s.key = u.key)
        on u.kind = t.kind and u.key = lower(t.name)
     order by 1, lower(coalesce(t.name, s.spelling)), 2`,
  );
  return rows.map((r) => ({ ...r, used_by: Number(r.used_by) }));
}

/** The tag as the catalogue or its carriers spell it; 404 when neither knows it. */
async function existing(tx: Tx, kind: TagKind, name: string) {
  const row = await catalogueRow(tx, kind, name);
  const spelling = row?.name ?? (await spellingInUse(tx, kind, name));
  if (spelling === null) throw notFound(NO_SUCH_TAG);
  return { row, name: spelling };
}

/**
 * A rename onto a name another tag of the kind has is a merge: 409 naming it (a change of case is not).
 * `renamedRow`: the catalogue row already renamed in this transaction, which does not count.
 */
export async function refuseTakenName(tx: Tx, kind: TagKind, from: string, to: string, renamedRow?: number) {
  if (from.toLowerCase() === to.toLowerCase()) return;
  const row = await catalogueRow(tx, kind, to);
  const other = row && row.id !== renamedRow ? row : undefined;
  const taken = other?.name ?? (await spellingInUse(tx, kind, to));
  if (taken !== null) throw new HttpError(409, tagNameTaken(taken), { new_name: [tagNameTaken(taken)] });
}

const auditOf = (kind: TagKind, name: string, row?: TagRow) => ({
  kind,
  name,
  description: row?.description ?? '',
  in_catalogue: Boolean(row),
});
/** The activity row's object: the catalogue id, else kind:name. */
const objectOf = (kind: TagKind, name: string, row?: TagRow) => row?.id ?? `${kind}:${name}`;

/**
 * The tag's new name on its catalogue row and on every carrier; a description given is kept in the
 * catalogue (a tag only carried gets its row when the description says something).
 */
export function renameTag(db: Db, actorId: number, body: TagRename): Promise<TagUsage> {
  const { kind, new_name: to } = body;
  return db.transaction(async (tx) => {
    await lockTagChanges(tx);
    const before = await existing(tx, kind, body.name);
    await refuseTakenName(tx, kind, before.name, to);
    const description = body.description ?? before.row?.description ?? '';
    let row = before.row;
    if (row) {
      [row] = await tx.update(tags).set({ name: to, description }).where(eq(tags.id, row.id)).returning();
    } else if (description) {
      [row] = await tx.insert(tags).values({ kind, name: to, description }).returning();
    }
    const renamedOn = await replaceOnCarriers(tx, kind, [before.name], to);
    await recordActivity(tx, {
      actorId,
      verb: 'renamed tag',
      objectType: 'tag',
      objectId: objectOf(kind, to, row),
      before: auditOf(kind, before.name, before.row),
      after: { ...auditOf(kind, to, row), renamed_on: renamedOn },
    });
    return { kind, name: to, catalogue_id: row?.id ?? null, description, used_by: renamedOn };
  });
}

/**
 * Source into target: every carrier of either ends with the target once (as the target is spelled), and
 * the source is gone from the carriers and the catalogue. The target's catalogue row, if any, stays as it is.
 */
export function mergeTags(db: Db, actorId: number, body: TagMerge): Promise<TagUsage> {
  const { kind } = body;
  return db.transaction(async (tx) => {
    await lockTagChanges(tx);
    const source = await existing(tx, kind, body.source);
    const target = await existing(tx, kind, body.target);
    const mergedOn = await countCarriers(tx, kind, [source.name]);
    await replaceOnCarriers(tx, kind, [source.name, target.name], target.name);
    if (source.row) await tx.delete(tags).where(eq(tags.id, source.row.id));
    const usedBy = await countCarriers(tx, kind, [target.name]);
    await recordActivity(tx, {
      actorId,
      verb: 'merged tag',
      objectType: 'tag',
      objectId: objectOf(kind, target.name, target.row),
      before: {
        source: auditOf(kind, source.name, source.row),
        target: auditOf(kind, target.name, target.row),
      },
      after: { ...auditOf(kind, target.name, target.row), merged_on: mergedOn },
    });
    return {
      kind,
      name: target.name,
      catalogue_id: target.row?.id ?? null,
      description: target.row?.description ?? '',
      used_by: usedBy,
    };
  });
}

/** The tag off every case or vulnerability carrying it, and out of the catalogue. */
export function removeTagEverywhere(
  db: Db,
  actorId: number,
  body: { kind: TagKind; name: string },
): Promise<TagRemoved> {
  const { kind } = body;
  return db.transaction(async (tx) => {
    await lockTagChanges(tx);
    const tag = await existing(tx, kind, body.name);
    const removedFrom = await removeFromCarriers(tx, kind, tag.name);
    if (tag.row) await tx.delete(tags).where(eq(tags.id, tag.row.id));
    await recordActivity(tx, {
      actorId,
      verb: 'removed tag',
      objectType: 'tag',
      objectId: objectOf(kind, tag.name, tag.row),
      before: { ...auditOf(kind, tag.name, tag.row), removed_from: removedFrom },
    });
    return { kind, name: tag.name, removed_from: removedFrom };
  });
}
