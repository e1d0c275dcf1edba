// Who is asking: loaded once per request from the session cookie or an API token.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

export const ROLES = ['reporter', 'coordinator', 'scorer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  roles: Role[];
  /** Ids of the groups the user belongs to (access to cases flows through them). */
  groupIds: number[];
}

export const hasRole = (user: AuthUser | null | undefined, ...roles: Role[]) =>
  !!user && roles.some((r) => user.roles.includes(r));

/** Staff see every case: coordinators and admins. */
export const isStaff = (user: AuthUser | null | undefined) => hasRole(user, 'coordinator', 'admin');

export interface UserRow {
  id: number;
  email: string;
  name: string;
  roles: string[];
  group_ids: number[] | null;
}

/** Columns of an AuthUser, for queries that join users as `u`. */
export const AUTH_USER_COLUMNS = sql.raw(`u.id, u.email, u.name, u.roles,
  coalesce((select array_agg(m.group_id order by m.group_id) from group_members m where m.user_id = u.id), '{}') as group_ids`);

export function toAuthUser(row: UserRow | undefined): AuthUser | null {
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: row.roles as Role[],
    groupIds: (row.group_ids ?? []).map(Number),
  };
}

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const result = await db.execute(sql`
    select ${AUTH_USER_COLUMNS} from users u where u.id = ${userId} and u.is_active and not u.pending`);
  return toAuthUser((result as { rows: UserRow[] }).rows[0]);
}
