// The shapes users are shown in. Never includes the password hash.
import type { AdminUser, CurrentUser, RoleName } from '@cvdp/core';
import type { UserGroups, UserRow } from './store.ts';

export function currentUserView(u: UserRow, userGroups: UserGroups): CurrentUser {
  return { id: u.id, email: u.email, name: u.name, roles: u.roles as RoleName[], groups: userGroups };
}

/** What an administrator sees of a user. */
export function adminUserView(u: UserRow, userGroups: UserGroups): AdminUser {
  return {
    ...currentUserView(u, userGroups),
    is_active: u.isActive,
    pending: u.pending,
    date_joined: u.createdAt.toISOString(),
    approved_at: u.approvedAt?.toISOString() ?? null,
    last_login: u.lastLoginAt?.toISOString() ?? null,
  };
}
