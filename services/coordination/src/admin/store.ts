// User administration queries and changes: listing users (with their groups), approving or rejecting a
// registration, and changing a user's roles, groups, name or active flag. Every change writes its activity
// row in its own transaction. No HTTP here.
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, userUpdateSchema } from '@cvdp/core';
import { type Db, groupMembers, groups, recordActivity, sessions, users } from '@cvdp/server-kit';
import type { z } from 'zod';
import { likePattern } from '../accounts/like-pattern.ts';
import { groupsOf, groupsOfUser, type UserRow } from '../accounts/store.ts';
import { adminUserView } from '../accounts/user-view.ts';

/** Which users a list shows. */
export type UserListFilter = 'all' | 'pending' | 'new';

/** The condition of a list: pending registrations, users approved in the last `newUserDays`, or all. */
function listWhere(filter: UserListFilter, newUserDays: number, search: string | undefined) {
  const which: SQL | undefined =
    filter === 'pending'
      ? eq(users.pending, true)
      : filter === 'new'
        ? and(
            eq(users.pending, false),
            sql`${users.createdAt} > now() - make_interval(days => ${newUserDays})`,
          )
        : undefined;
  return and(
    which,
    search ? or(ilike(users.email, likePattern(search)), ilike(users.name, likePattern(search))) : undefined,
  );
}

export interface UserListQuery {
  filter: UserListFilter;
  newUserDays: number;
  /** Words in the email or name (trimmed; empty: none). */
  search: string | undefined;
}

export async function countUsers(db: Db, q: UserListQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(listWhere(q.filter, q.newUserDays, q.search));
  return row.n;
}

/** Newest first, with each user's groups. */
export async function listUsers(
  db: Db,
  q: UserListQuery,
  limit: number,
  offset: number,
): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(listWhere(q.filter, q.newUserDays, q.search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const byUser = await groupsOf(
    db,
    rows.map((u) => u.id),
  );
  return rows.map((u) => adminUserView(u, byUser.get(u.id) ?? []));
}

export async function findPendingUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.pending, true)));
  return user;
}

/** Approves a pending registration; the approved user, shown without groups (a new account has none). */
export async function approveUser(db: Db, actorId: number, id: number): Promise<AdminUser> {
  const [updated] = await db.transaction(async (tx) => {
    const result = await tx
      .update(users)
      .set({ pending: false, approvedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'approved',
      objectType: 'user',
      objectId: id,
      before: { pending: true },
      after: { pending: false },
    });
    return result;
  });
  return adminUserView(updated, []);
}

/** Removes a pending registration (the address may register again); false when there was none. */
export async function rejectUser(db: Db, actorId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(users)
      .where(and(eq(users.id, id), eq(users.pending, true)))
      .returning({ id: users.id, email: users.email });
    if (rows.length) {
      await recordActivity(tx, {
        actorId,
        verb: 'rejected registration',
        objectType: 'user',
        objectId: id,
        before: { email: rows[0].email },
      });
    }
    return rows.length > 0;
  });
}

/** The user as an administrator sees them, with their groups. */
export async function adminUserOf(db: Db, user: UserRow): Promise<AdminUser> {
  return adminUserView(user, await groupsOfUser(db, user.id));
}

/** The ids among `ids` that name no group. */
export async function unknownGroups(db: Db, ids: number[]): Promise<number[]> {
  const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
  return ids.filter((g) => !found.some((f) => f.id === g));
}

type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * Applies an administrator's change to a user: roles, active flag and name on the row, the group
 * memberships replaced when `groups` is sent; a deactivated user's sessions end at once. The activity row
 * keeps the roles, active flag and groups before, and the change as sent. Returns the row as changed, or
 * undefined when the input changes nothing.
 */
export async function updateUser(
  db: Db,
  actorId: number,
  user: UserRow,
  input: UserUpdate,
): Promise<UserRow | undefined> {
  const id = user.id;
  const before = {
    roles: user.roles,
    is_active: user.isActive,
    groups: (await groupsOfUser(db, id)).map((g) => g.id),
  };
  const changes = {
    ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
    ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
    ...(input.name ? { name: input.name } : {}),
  };
  // Nothing to change is a no-op, not an error (and writes no activity).
  if (Object.keys(changes).length === 0 && input.groups === undefined) return undefined;
  return db.transaction(async (tx) => {
    // Only groups may change: then there is no user column to set (an empty SET is an SQL error).
    const [row] = Object.keys(changes).length
      ? await tx.update(users).set(changes).where(eq(users.id, id)).returning()
      : [user];
    if (input.groups) {
      await tx.delete(groupMembers).where(eq(groupMembers.userId, id));
      if (input.groups.length) {
        await tx
          .insert(groupMembers)
          .values([...new Set(input.groups)].map((groupId) => ({ groupId, userId: id })));
      }
    }
    // A deactivated user is signed out everywhere at once.
    if (input.is_active === false) await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, {
      actorId,
      verb: 'updated',
      objectType: 'user',
      objectId: id,
      before,
      after: input,
    });
    return row;
  });
}
