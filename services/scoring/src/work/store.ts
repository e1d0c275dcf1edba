// Software priorities and standing assignments. A record's queue priority is the highest weight among the
// priorities it matches (vendor, vendor + product, or a CPE pattern overlapping one of its CPEs), 0 when
// none; every change of the priorities recomputes it for all records, and ingest computes it for the
// records it creates or changes. Standing assignments give newly ingested open records (vendor among the
// record's vendors, or CWE among its CWEs) to their scorer; the oldest standing assignment wins.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Tx, HttpError, notFound, recordActivity, rowsOf, users } from '@cvdp/server-kit';
import { parseCpe23 } from '@cvdp/core/cpe/index';
import type { SoftwarePriority, StandingAssignment } from '@cvdp/core/scoring/work';
import { cveRecords } from '../records/tables.ts';
import { recordChange, recordVulActivity } from '../records/store.ts';
import { recordsMatchingCpe } from '../cpe/store.ts';
import { softwarePriorities, standingAssignments } from './tables.ts';

const creator = alias(users, 'work_creator');
const intArray = (ids: number[]) => sql.raw(`'{${ids.map((n) => Math.trunc(n)).join(',')}}'::int[]`);

// ---- priorities ----

export async function listPriorities(db: Db): Promise<SoftwarePriority[]> {
  const rows = await db
    .select({ p: softwarePriorities, name: creator.name })
    .from(softwarePriorities)
    .leftJoin(creator, eq(creator.id, softwarePriorities.createdBy))
    .orderBy(desc(softwarePriorities.weight), asc(softwarePriorities.id));
  return rows.map(({ p, name }) => ({
    id: p.id,
    vendor: p.vendor,
    product: p.product,
    cpe: p.cpe,
    weight: p.weight,
    created_by: p.createdBy ? { id: p.createdBy, name: name ?? '' } : null,
    created_at: p.createdAt.toISOString(),
  }));
}

/** Record id → highest matching weight, for all records or only `only`. */
async function matchingWeights(tx: Db | Tx, only?: number[]): Promise<Map<number, number>> {
  const weights = new Map<number, number>();
  const put = (id: number, w: number) => {
    const had = weights.get(id);
    if (had === undefined || w > had) weights.set(id, w);
  };
  const scope = only ? sql`and r.id = any(${intArray(only)})` : sql``;
  const byName = await rowsOf<{ id: number; w: number }>(
    tx,
    sql`select r.id, max(p.weight)::int as w
          from ${cveRecords} r
          join ${softwarePriorities} p on p.cpe is null
           and exists (select 1 from unnest(r.vendors) v where lower(v) = p.vendor)
           and (p.product is null or exists (select 1 from unnest(r.products) x where lower(x) = p.product))
         where true ${scope}
         group by r.id`,
  );
  for (const r of byName) put(Number(r.id), Number(r.w));
  const patterns = await tx
    .select({ cpe: softwarePriorities.cpe, weight: softwarePriorities.weight })
    .from(softwarePriorities)
    .where(sql`${softwarePriorities.cpe} is not null`);
  const wanted = only ? new Set(only) : null;
  for (const p of patterns) {
    for (const id of await recordsMatchingCpe(tx, p.cpe!)) if (!wanted || wanted.has(id)) put(id, p.weight);
  }
  return weights;
}

/** Writes each record's priority (all records, or only `only`); returns how many changed. */
export async function recomputePriorities(tx: Db | Tx, only?: number[]): Promise<number> {
  if (only && only.length === 0) return 0;
  const weights = await matchingWeights(tx, only);
  const ids = [...weights.keys()];
  const ps = ids.map((id) => weights.get(id)!);
  const scope = only ? sql`and id = any(${intArray(only)})` : sql``;
  const reset = await rowsOf<{ id: number }>(
    tx,
    sql`update ${cveRecords} set priority = 0
         where priority <> 0 and not (id = any(${intArray(ids)})) ${scope} returning id`,
  );
  const set = ids.length
    ? await rowsOf<{ id: number }>(
        tx,
        sql`update ${cveRecords} r set priority = x.p
              from unnest(${intArray(ids)}, ${intArray(ps)}) as x(id, p)
             where r.id = x.id and r.priority <> x.p returning r.id`,
      )
    : [];
  return reset.length + set.length;
}

export async function addPriority(
  db: Db,
  userId: number,
  body: { vendor?: string; product?: string; cpe?: string; weight: number },
) {
  if (body.cpe !== undefined) {
    const parsed = parseCpe23(body.cpe);
    if (!parsed.cpe) throw new HttpError(400, parsed.error, { cpe: [parsed.error] });
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(softwarePriorities)
      .values({
        vendor: body.vendor ?? null,
        product: body.product ?? null,
        cpe: body.cpe ?? null,
        weight: body.weight,
        createdBy: userId,
      })
      .returning();
    await recordActivity(tx, {
      actorId: userId,
      verb: 'added software priority',
      objectType: 'software_priority',
      objectId: row.id,
      after: { vendor: row.vendor, product: row.product, cpe: row.cpe, weight: row.weight },
    });
    await lockPriorities(tx);
    await recomputePriorities(tx);
    return row.id;
  });
  return (await listPriorities(db)).find((p) => p.id === id)!;
}

/** Recomputations run one at a time (two at once would each write from a stale view of the other). */
const lockPriorities = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(727013)`);

export async function deletePriority(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(softwarePriorities).where(eq(softwarePriorities.id, id)).returning();
    if (!row) throw notFound();
    await recordActivity(tx, {
      actorId: userId,
      verb: 'removed software priority',
      objectType: 'software_priority',
      objectId: id,
      before: { vendor: row.vendor, product: row.product, cpe: row.cpe, weight: row.weight },
    });
    await lockPriorities(tx);
    await recomputePriorities(tx);
  });
}

// ---- standing assignments ----

const assignee = alias(users, 'standing_user');

export async function listStandingAssignments(db: Db): Promise<StandingAssignment[]> {
  const rows = await db
    .select({ a: standingAssignments, name: assignee.name })
    .from(standingAssignments)
    .innerJoin(assignee, eq(assignee.id, standingAssignments.userId))
    .orderBy(asc(standingAssignments.id));
  return rows.map(({ a, name }) => ({
    id: a.id,
    user: { id: a.userId, name },
    vendor: a.vendor,
    cwe: a.cwe,
    created_at: a.createdAt.toISOString(),
  }));
}

export const NOT_A_SCORER = 'Not a scorer.';

export async function addStandingAssignment(
  db: Db,
  actorId: number,
  body: { user: number; vendor?: string; cwe?: string },
) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, body.user),
        sql`'scorer' = any(${users.roles})`,
        eq(users.isActive, true),
        eq(users.pending, false),
      ),
    );
  if (!u) throw new HttpError(400, NOT_A_SCORER, { user: [NOT_A_SCORER] });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(standingAssignments)
      .values({ userId: body.user, vendor: body.vendor ?? null, cwe: body.cwe ?? null, createdBy: actorId })
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added standing assignment',
      objectType: 'standing_assignment',
      objectId: row.id,
      after: { user: row.userId, vendor: row.vendor, cwe: row.cwe },
    });
    return row.id;
  });
  return (await listStandingAssignments(db)).find((a) => a.id === id)!;
}

export async function deleteStandingAssignment(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(standingAssignments).where(eq(standingAssignments.id, id)).returning();
    if (!row) throw notFound();
    await recordActivity(tx, {
      actorId,
      verb: 'removed standing assignment',
      objectType: 'standing_assignment',
      objectId: id,
      before: { user: row.userId, vendor: row.vendor, cwe: row.cwe },
    });
  });
}

/** Gives open, unassigned records among `recordIds` to the scorer of the first standing assignment they match. */
export async function applyStandingAssignments(tx: Tx, recordIds: number[]): Promise<number> {
  if (recordIds.length === 0) return 0;
  const hits = await rowsOf<{ record_id: number; user_id: number; standing_id: number }>(
    tx,
    sql`select distinct on (r.id) r.id as record_id, s.user_id, s.id as standing_id
          from ${cveRecords} r
          join ${standingAssignments} s on
               (s.vendor is not null and exists (select 1 from unnest(r.vendors) v where lower(v) = s.vendor))
            or (s.cwe is not null and s.cwe = any(r.cwes))
          join ${users} u on u.id = s.user_id and u.is_active and not u.pending and 'scorer' = any(u.roles)
         where r.id = any(${intArray(recordIds)}) and r.status = 'open' and r.assigned_to is null
         order by r.id, s.id`,
  );
  for (const h of hits) {
    const recordId = Number(h.record_id);
    await tx
      .update(cveRecords)
      .set({ assignedTo: h.user_id, assignedAt: sql`now()`, status: 'assigned' })
      .where(eq(cveRecords.id, recordId));
    await recordChange(tx, {
      recordId,
      kind: 'queue',
      summary: 'assigned',
      before: { status: 'open', assigned_to: null },
      after: { status: 'assigned', assigned_to: h.user_id },
      actorId: null,
    });
    await recordVulActivity(tx, {
      recordId,
      actorId: null,
      verb: 'assigned',
      after: { user: h.user_id, standing_assignment: h.standing_id },
    });
  }
  return hits.length;
}

/** After ingest wrote a batch: priorities of created and changed records, standing assignments of created ones. */
export async function applyIngestedWork(tx: Tx, created: number[], changed: number[]) {
  await recomputePriorities(tx, [...created, ...changed]);
  await applyStandingAssignments(tx, created);
}
