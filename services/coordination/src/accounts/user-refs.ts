// How a case shows the people around it (owner, submitter, uploader): id and name, nothing more.
import { inArray } from 'drizzle-orm';
import { type Db, users } from '@cvdp/server-kit';

export interface UserRef {
  id: number;
  name: string;
}

export async function userRefs(db: Db, ids: (number | null | undefined)[]): Promise<Map<number, UserRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export const refOf = (refs: Map<number, UserRef>, id: number | null | undefined): UserRef | null =>
  (id != null && refs.get(id)) || null;
