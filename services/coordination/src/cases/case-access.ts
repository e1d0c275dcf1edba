// Who may see a case (DESIGN §5/§6): staff — coordinators and admins — see every case; everyone else only
// cases where they, or a group they belong to, are participants. A case someone may not see answers 404,
// exactly like one that does not exist, so ids cannot be probed.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type AuthUser, type Db, caseParticipants, cases, isStaff, notFound } from '@cvdp/server-kit';

export type CaseRow = typeof cases.$inferSelect;

// Postgres integers stop at 2^31-1: a larger id must be "not found", not a database error.
export const caseIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const caseIdParams = z.object({ id: caseIdSchema });

/** Parses `{ id }` route params; anything that is not a possible case id is simply not found. */
export function parseCaseId(params: unknown): number {
  const result = caseIdParams.safeParse(params);
  if (!result.success) throw notFound();
  return result.data.id;
}

/** SQL condition: the user (or one of their groups) takes part in the case with the given id column. */
export function participatesIn(user: AuthUser, caseIdColumn: SQL | typeof cases.id): SQL {
  const who = user.groupIds.length
    ? or(eq(caseParticipants.userId, user.id), inArray(caseParticipants.groupId, user.groupIds))!
    : eq(caseParticipants.userId, user.id);
  return sql`exists (select 1 from ${caseParticipants} where ${caseParticipants.caseId} = ${caseIdColumn} and ${who})`;
}

/** SQL condition for lists: the cases the user may see (undefined = all of them). */
export function visibleCasesFilter(user: AuthUser): SQL | undefined {
  return isStaff(user) ? undefined : participatesIn(user, cases.id);
}

/** The case, if the user may see it; otherwise 404. */
export async function loadCaseForUser(db: Db, user: AuthUser, caseId: number): Promise<CaseRow> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.id, caseId), visibleCasesFilter(user)));
  if (!row) throw notFound();
  return row;
}

export async function canSeeCase(db: Db, user: AuthUser, caseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.id, caseId), visibleCasesFilter(user)));
  return row !== undefined;
}
