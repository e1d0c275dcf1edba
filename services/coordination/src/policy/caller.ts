// Who is asking, as the policy sees it: the user, whether they are staff, their groups — and, inside one
// case, the roles they hold there (directly or through a group), loaded once per request by the case scope.
import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type CaseRole, isCaseRole } from '@cvdp/core';
import { type AuthUser, type Db, isStaff } from '@cvdp/server-kit';
import { caseParticipants, cases } from '../cases/tables.ts';

export type CaseRow = typeof cases.$inferSelect;

export interface Caller {
  userId: number;
  staff: boolean;
  groupIds: readonly number[];
}

/**
 * A caller as the parameters of a prepared statement (a list asked on every page load, e.g. the bell): their
 * user id and groups are the placeholders `userId` and `groupIds` (an int array; callerParams gives both),
 * while whether they are staff and whether they have groups shape the SQL — one statement per shape, planned
 * once per connection, whoever asks. The policy's filter for it is the one a Caller gets, term for term.
 */
export interface PreparedCaller {
  staff: boolean;
  userId: Placeholder;
  /** The `groupIds` placeholder, or null for the shape of a caller without groups. */
  groupIds: Placeholder | null;
  /**
   * The ids are read through scalar subqueries, which no plan looks into: PostgreSQL then estimates every
   * execution alike and keeps its generic plan after five, instead of planning each one because the caller's
   * own values looked cheaper. Only for statements whose plan does not depend on who asks (the case list and
   * the search of someone who is not staff, driven by the caller's own cases: cases/list-page.ts,
   * search/store.ts). A vendor's list page spent 1.2 ms planning for 0.8 ms running (bench/README.md, issue 30).
   */
  opaque?: boolean;
}

/** The shape of a caller's prepared statement: what PreparedCaller fixes in the SQL. */
export interface CallerShape {
  staff: boolean;
  groups: boolean;
}

export const callerShapeOf = (user: AuthUser): CallerShape => ({
  staff: isStaff(user),
  groups: user.groupIds.length > 0,
});

export const preparedCaller = (shape: CallerShape, opaque = false): PreparedCaller => ({
  staff: shape.staff,
  userId: sql.placeholder('userId'),
  groupIds: shape.groups ? sql.placeholder('groupIds') : null,
  opaque,
});

export interface CaseAccess extends Caller {
  caseId: number;
  case: CaseRow;
  /** Every role the caller holds in this case, through their own participation or a group's. */
  roles: ReadonlySet<CaseRole>;
  /** The case_participants rows through which the caller takes part (their own and their groups'). */
  participantIds: readonly number[];
}

export const callerOf = (user: AuthUser): Caller => ({
  userId: user.id,
  staff: isStaff(user),
  groupIds: user.groupIds,
});

/**
 * The columns that make a caller's access to the case in `cases` (their roles there and the participant
 * rows they hold them through), for a select that reads the case — alone (loadCaseAccess) or with
 * something of the case's (a thread: one round trip for both).
 */
export function caseAccessFields(user: AuthUser) {
  return caseAccessColumns(
    eq(caseParticipants.userId, user.id),
    user.groupIds.length ? inArray(caseParticipants.groupId, user.groupIds) : undefined,
  );
}

/**
 * caseAccessFields for a prepared statement: the caller as the placeholders `userId` and `groupIds` (an
 * int array, empty for none) — the statement is built and planned once, whoever asks.
 */
export function caseAccessFieldsPrepared() {
  return caseAccessColumns(
    eq(caseParticipants.userId, sql.placeholder('userId')),
    sql`${caseParticipants.groupId} = any(${sql.placeholder('groupIds')}::int[])`,
  );
}

/** The caller's values for caseAccessFieldsPrepared's placeholders. */
export const callerParams = (user: AuthUser) => ({ userId: user.id, groupIds: [...user.groupIds] });

/**
 * The caller's participant rows of the case, as `column`: their own row, then their groups' rows. Two
 * branches, not one `user_id = … or group_id = any(…)`: each branch is an index lookup
 * (`case_participants_case_user_idx`, `case_participants_case_group_idx`), where the `or` made PostgreSQL read
 * every participant row of the case and filter them — 200 rows on a case with 200 vendors, on every call
 * that checks access (bench/README.md, "Thread posts").
 */
function callerRowsOf(column: SQL, byUser: SQL, byGroup: SQL | undefined): SQL {
  const rows = (who: SQL) =>
    sql`select ${column} from ${caseParticipants} where ${and(eq(caseParticipants.caseId, cases.id), who)}`;
  return byGroup ? sql`${rows(byUser)} union all ${rows(byGroup)}` : rows(byUser);
}

function caseAccessColumns(byUser: SQL, byGroup: SQL | undefined) {
  return {
    case: cases,
    roles: sql<string[]>`array(select distinct caller_rows.role from (${callerRowsOf(
      sql`${caseParticipants.role}`,
      byUser,
      byGroup,
    )}) as caller_rows)`,
    participantIds: sql<number[]>`array(${callerRowsOf(sql`${caseParticipants.id}`, byUser, byGroup)})`,
  };
}

type CaseAccessColumns = { case: CaseRow; roles: string[]; participantIds: number[] };

/** The access a row read with caseAccessFields gives. */
export const caseAccessOf = (user: AuthUser, row: CaseAccessColumns): CaseAccess => ({
  ...callerOf(user),
  caseId: row.case.id,
  case: row.case,
  roles: new Set(row.roles.filter(isCaseRole)),
  participantIds: row.participantIds.map(Number),
});

export async function loadCaseAccess(db: Db, user: AuthUser, caseId: number): Promise<CaseAccess | null> {
  const [row] = await db.select(caseAccessFields(user)).from(cases).where(eq(cases.id, caseId));
  return row ? caseAccessOf(user, row) : null;
}
