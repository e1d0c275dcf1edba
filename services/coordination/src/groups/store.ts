// Group queries and changes: the directory, creating a group, requests to join one and their decision.
// Every change writes its activity row in its own transaction. No HTTP here.
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { GroupJoinRequest, GroupJoinRequestCreated, GroupSummary } from '@cvdp/core';
import { type Db, groupMembers, groups, recordActivity, users } from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';
import { groupRequests } from './tables.ts';

type GroupRow = typeof groups.$inferSelect;
export type GroupRequestStatus = 'pending' | 'approved' | 'rejected';

export const groupView = (g: GroupRow): GroupSummary => ({ id: g.id, name: g.name, kind: g.kind });

const directoryWhere = (search: string | undefined) =>
  search ? ilike(groups.name, likePattern(search)) : undefined;

export async function countGroups(db: Db, search: string | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(directoryWhere(search));
  return row.n;
}

/** Groups by name, their names containing `search` when given. */
export async function listGroups(
  db: Db,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<GroupSummary[]> {
  const rows = await db
    .select()
    .from(groups)
    .where(directoryWhere(search))
    .orderBy(asc(groups.name))
    .limit(limit)
    .offset(offset);
  return rows.map(groupView);
}

export async function findGroup(db: Db, id: number): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.id, id));
  return group;
}

/** Whether the user has a request to join the group still waiting for a decision. */
export async function hasOpenRequest(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: groupRequests.id })
    .from(groupRequests)
    .where(
      and(
        eq(groupRequests.groupId, groupId),
        eq(groupRequests.userId, userId),
        eq(groupRequests.status, 'pending'),
      ),
    );
  return open !== undefined;
}

export async function createJoinRequest(
  db: Db,
  userId: number,
  group: GroupRow,
  message: string,
): Promise<GroupJoinRequestCreated> {
  const [row] = await db.transaction(async (tx) => {
    const created = await tx.insert(groupRequests).values({ groupId: group.id, userId, message }).returning();
    await recordActivity(tx, {
      actorId: userId,
      verb: 'requested to join',
      objectType: 'group',
      objectId: group.id,
    });
    return created;
  });
  return { id: row.id, group: groupView(group), status: row.status, created: row.createdAt.toISOString() };
}

/** Whether a group has this name, compared without case (exactly, not as a pattern). */
export async function groupNameTaken(db: Db, name: string): Promise<boolean> {
  const [dupe] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(sql`lower(${groups.name}) = lower(${name})`);
  return dupe !== undefined;
}

export async function createGroup(
  db: Db,
  actorId: number,
  input: { name: string; kind: string },
): Promise<GroupSummary> {
  const [row] = await db.transaction(async (tx) => {
    const created = await tx.insert(groups).values(input).returning();
    await recordActivity(tx, {
      actorId,
      verb: 'created',
      objectType: 'group',
      objectId: created[0].id,
      after: input,
    });
    return created;
  });
  return groupView(row);
}

export async function countJoinRequests(db: Db, status: GroupRequestStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupRequests).where(eq(groupRequests.status, status));
  return row.n;
}

/** Requests in a status, newest first, with their group and who asks. */
export async function listJoinRequests(
  db: Db,
  status: GroupRequestStatus,
  limit: number,
  offset: number,
): Promise<GroupJoinRequest[]> {
  const rows = await db
    .select({
      r: groupRequests,
      g: groups,
      u: { id: users.id, email: users.email, name: users.name },
    })
    .from(groupRequests)
    .innerJoin(groups, eq(groups.id, groupRequests.groupId))
    .innerJoin(users, eq(users.id, groupRequests.userId))
    .where(eq(groupRequests.status, status))
    .orderBy(desc(groupRequests.createdAt), desc(groupRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ r, g, u }) => ({
    id: r.id,
    group: groupView(g),
    user: u,
    message: r.message,
    status: r.status,
    created: r.createdAt.toISOString(),
  }));
}

export async function findJoinRequest(db: Db, id: number) {
  const [req] = await db.select().from(groupRequests).where(eq(groupRequests.id, id));
  return req;
}

/** Decides a request; an approval makes the user a member (if they are not one already). */
export async function decideJoinRequest(
  db: Db,
  actorId: number,
  req: { id: number; groupId: number; userId: number },
  status: 'approved' | 'rejected',
) {
  await db.transaction(async (tx) => {
    await tx
      .update(groupRequests)
      .set({ status, decidedAt: new Date(), decidedBy: actorId })
      .where(eq(groupRequests.id, req.id));
    if (status === 'approved') {
      await tx
        .insert(groupMembers)
        .values({ groupId: req.groupId, userId: req.userId })
        .onConflictDoNothing();
    }
    await recordActivity(tx, {
      actorId,
      verb: status,
      objectType: 'group_request',
      objectId: req.id,
    });
  });
}
