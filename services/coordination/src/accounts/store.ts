// Account queries and changes: users by address or id, the groups they belong to, registering, signing in
// and changing a password. Every change writes its activity row in its own transaction. No HTTP here.
import { eq, inArray, sql } from 'drizzle-orm';
import type { CurrentUser } from '@cvdp/core';
import {
  type Db,
  type Tx,
  destroyOtherSessions,
  groupMembers,
  groups,
  recordActivity,
  revokeAllApiTokens,
  users,
} from '@cvdp/server-kit';

export type UserRow = typeof users.$inferSelect;
export type UserGroups = CurrentUser['groups'];

/** The groups of each user, by name, keyed by user id (a user in none is absent). */
export async function groupsOf(db: Db | Tx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, UserGroups>();
  const rows = await db
    .select({
      userId: groupMembers.userId,
      id: groups.id,
      name: groups.name,
      kind: groups.kind,
      isAdmin: groupMembers.isAdmin,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(inArray(groupMembers.userId, userIds))
    .orderBy(groups.name);
  const byUser = new Map<number, UserGroups>();
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, kind: r.kind, is_admin: r.isAdmin });
    byUser.set(r.userId, list);
  }
  return byUser;
}

/** One user's groups. */
export const groupsOfUser = async (db: Db | Tx, userId: number): Promise<UserGroups> =>
  (await groupsOf(db, [userId])).get(userId) ?? [];

/** The user with this address (already lower-cased), compared without case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return user;
}

export async function findUser(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A new reporter account waiting for approval; the activity row names them as its own actor. */
export function createPendingUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ ...input, roles: ['reporter'], pending: true })
      .returning();
    await recordActivity(tx, {
      actorId: created.id,
      verb: 'registered',
      objectType: 'user',
      objectId: created.id,
    });
    return created;
  });
}

export async function recordSignIn(db: Db, userId: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The new password, and the end of what the old one handed out: the user's other sessions (all but
 * `keepSessionId`) and every API token.
 */
export async function changePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSessionId: string | undefined,
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await destroyOtherSessions(tx, userId, keepSessionId);
    await revokeAllApiTokens(tx, userId);
    await recordActivity(tx, {
      actorId: userId,
      verb: 'changed password',
      objectType: 'user',
      objectId: userId,
    });
  });
}
