// The shapes users are shown in. Never includes the password hash.
import { eq, inArray } from 'drizzle-orm';
import { type Db, groupMembers, groups, users } from '@cvdp/server-kit';
import type { AdminUser, CurrentUser, RoleName } from '@cvdp/core';

type UserRow = typeof users.$inferSelect;

export async function groupsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, CurrentUser['groups']>();
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
  const byUser = new Map<number, CurrentUser['groups']>();
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name, kind: r.kind, is_admin: r.isAdmin });
    byUser.set(r.userId, list);
  }
  return byUser;
}

export function currentUserView(u: UserRow, userGroups: CurrentUser['groups']): CurrentUser {
  return { id: u.id, email: u.email, name: u.name, roles: u.roles as RoleName[], groups: userGroups };
}

/** What an administrator sees of a user. */
export function adminUserView(u: UserRow, userGroups: CurrentUser['groups']): AdminUser {
  return {
    ...currentUserView(u, userGroups),
    is_active: u.isActive,
    pending: u.pending,
    date_joined: u.createdAt.toISOString(),
    approved_at: u.approvedAt?.toISOString() ?? null,
    last_login: u.lastLoginAt?.toISOString() ?? null,
  };
}
