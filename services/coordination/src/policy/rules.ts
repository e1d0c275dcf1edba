// The rule language of the policy table. A rule is data, so one definition yields both answers we need:
// a check on one row in memory (`evaluate`) and a SQL condition for lists (`toSql`). Terms about the caller
// (staff, roles in the row's case) are decided in memory when the case access is already loaded, and become
// an EXISTS over case_participants when a list spans cases.
import {
  and,
  Column,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is as isInstance,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type CaseRole, isCaseRole } from '@cvdp/core';
import { caseParticipants } from '../cases/tables.ts';
import { threadParticipants, threads } from '../threads/tables.ts';
import type { CaseAccess, Caller, PreparedCaller } from './caller.ts';

export type Rule<Row> =
  | { kind: 'staff' }
  | { kind: 'role'; roles: readonly CaseRole[] | 'any' }
  | { kind: 'is'; column: keyof Row & string; value: boolean | string | number | null }
  | { kind: 'self'; column: keyof Row & string }
  | { kind: 'thread'; column: keyof Row & string; restrictedTo: keyof Row & string }
  | { kind: 'through'; column: keyof Row & string }
  | { kind: 'any'; rules: Rule<Row>[] }
  | { kind: 'all'; rules: Rule<Row>[] };

/** Coordinators and admins (DESIGN §6). */
export const staff = <Row>(): Rule<Row> => ({ kind: 'staff' });
/** The caller holds one of these roles in the row's case, directly or through a group. */
export const role = <Row>(...roles: CaseRole[]): Rule<Row> => ({ kind: 'role', roles });
/** The caller holds any role in the row's case (is a participant). */
export const participant = <Row>(): Rule<Row> => ({ kind: 'role', roles: 'any' });
/** The row's column has this value (e.g. `shared` is true). */
export const is = <Row>(column: keyof Row & string, value: boolean | string | number | null): Rule<Row> => ({
  kind: 'is',
  column,
  value,
});
/** The row's column holds the caller's user id (e.g. the uploader). */
export const self = <Row>(column: keyof Row & string): Rule<Row> => ({ kind: 'self', column });
/**
 * The row's thread (its id in `column`; for a thread row, `id`) is open to the caller: not restricted, or
 * restricted to a participant row the caller takes part through. In memory the row carries the thread's
 * `restrictedTo` participant ids (empty when open; the stores load it with the row); in SQL it is a
 * subquery on threads / thread_participants. A row with no thread (null) does not satisfy it.
 */
export const threadOpen = <Row>(column: keyof Row & string, restrictedTo: keyof Row & string): Rule<Row> => ({
  kind: 'thread',
  column,
  restrictedTo,
});
/**
 * The row's column holds a case_participants id the caller takes part through (their own row, or a group
 * of theirs): e.g. a vendor's status rows, which the vendor's members may edit.
 */
export const through = <Row>(column: keyof Row & string): Rule<Row> => ({ kind: 'through', column });
export const anyOf = <Row>(...rules: Rule<Row>[]): Rule<Row> => ({ kind: 'any', rules });
export const allOf = <Row>(...rules: Rule<Row>[]): Rule<Row> => ({ kind: 'all', rules });

/** Does the rule hold for this caller in this case, on this row? */
export function evaluate<Row>(rule: Rule<Row>, access: CaseAccess, row: Row | undefined): boolean {
  switch (rule.kind) {
    case 'staff':
      return access.staff;
    case 'role':
      return rule.roles === 'any' ? access.roles.size > 0 : rule.roles.some((r) => access.roles.has(r));
    case 'is':
      return row !== undefined && ((row as Record<string, unknown>)[rule.column] ?? null) === rule.value;
    case 'self':
      return row !== undefined && (row as Record<string, unknown>)[rule.column] === access.userId;
    case 'thread': {
      if (row === undefined) return false;
      const r = row as Record<string, unknown>;
      if (r[rule.column] === null || r[rule.column] === undefined) return false;
      const restrictedTo = (r[rule.restrictedTo] as readonly number[] | null | undefined) ?? [];
      return restrictedTo.length === 0 || restrictedTo.some((id) => access.participantIds.includes(id));
    }
    case 'through': {
      if (row === undefined) return false;
      const id = (row as Record<string, unknown>)[rule.column];
      return typeof id === 'number' && access.participantIds.includes(id);
    }
    case 'any':
      return rule.rules.some((r) => evaluate(r, access, row));
    case 'all':
      return rule.rules.every((r) => evaluate(r, access, row));
  }
}

/** A compiled condition: decided already (true/false), or left to the database. */
export type Condition = boolean | SQL;

function allOfConditions(parts: Condition[]): Condition {
  if (parts.includes(false)) return false;
  const open = parts.filter((p): p is SQL => p !== true);
  return open.length === 0 ? true : open.length === 1 ? open[0] : and(...open)!;
}

function anyOfConditions(parts: Condition[]): Condition {
  if (parts.includes(true)) return true;
  const open = parts.filter((p): p is SQL => p !== false);
  return open.length === 0 ? false : open.length === 1 ? open[0] : or(...open)!;
}

export const conditionsAll = allOfConditions;

/** A caller for a list across cases: with their ids (Caller), or as a prepared statement's placeholders. */
export type ListCaller = Caller | PreparedCaller;

function isPrepared(caller: ListCaller): caller is PreparedCaller {
  return typeof caller.userId !== 'number';
}

/**
 * SQL: the participant row whose user id is `userColumn` and group id `groupColumn` is the caller's own or
 * one of their groups' — just the user id when they have no groups.
 */
function callerRowSql(caller: ListCaller, userColumn: Column | SQL, groupColumn: Column | SQL): SQL {
  const byUser = sql`${userColumn} = ${caller.userId}`;
  if (isPrepared(caller)) {
    if (caller.opaque) {
      const opaqueUser = sql`${userColumn} = (select ${caller.userId}::int)`;
      return caller.groupIds
        ? sql`(${opaqueUser} or ${groupColumn} = any((select ${caller.groupIds}::int[])::int[]))`
        : opaqueUser;
    }
    return caller.groupIds ? sql`(${byUser} or ${groupColumn} = any(${caller.groupIds}::int[]))` : byUser;
  }
  const groupIds = caller.groupIds.map((id) => sql`${id}`);
  return groupIds.length ? sql`(${byUser} or ${groupColumn} in (${sql.join(groupIds, sql`, `)}))` : byUser;
}

/**
 * The roles as SQL literals (a closed set, checked), not parameters: in a prepared statement's generic plan a
 * parameter hides that `role = 'owner'` is the condition of the partial index case_participants_owner_user_idx,
 * and "my cases"' walk then probed each case's participant rows on the heap — a plan that cost more than the
 * custom one, so PostgreSQL planned every request again (bench/README.md, issue 30).
 */
function roleLiterals(roles: readonly CaseRole[]): SQL {
  for (const role of roles)
    if (!isCaseRole(role)) throw new Error(`roleLiterals: ${String(role)} is not a case role`);
  return sql.raw(roles.map((role) => `'${role}'`).join(', '));
}

/** SQL over case_participants: the rows through which the caller (or one of their groups) holds the roles. */
export function roleRows(caller: ListCaller, roles: readonly CaseRole[] | 'any'): SQL {
  const who = callerRowSql(caller, caseParticipants.userId, caseParticipants.groupId);
  const which =
    roles === 'any'
      ? undefined
      : roles.length
        ? sql`${caseParticipants.role} in (${roleLiterals(roles)})`
        : sql`false`;
  return and(who, which)!;
}

/** SQL: the caller holds (one of) the roles in the case whose id is in `caseIdColumn`. */
export function holdsRole(caller: ListCaller, caseIdColumn: Column, roles: readonly CaseRole[] | 'any'): SQL {
  return sql`exists (select 1 from ${caseParticipants} where ${caseParticipants.caseId} = ${caseIdColumn} and ${roleRows(caller, roles)})`;
}

// The thread subqueries name their tables by aliases and every column fully qualified, written out: they
// also run on the threads table itself (an unaliased inner `threads` would shadow the outer row), and
// drizzle writes columns without their table in the select list of a one-table query (where an inner
// table's `thread_id` would capture the outer one).
const T = sql.raw('"policy_thread"');
const TP = sql.raw('"policy_thread_participant"');
const CP = sql.raw('"policy_thread_case_participant"');
const openThreadFrom = sql`${threads} as ${T}`;
const openThreadParticipantFrom = sql`${threadParticipants} as ${TP}`;
const openParticipantFrom = sql`${caseParticipants} as ${CP}`;

/** A column as `"table"."column"` in any context (an SQL expression is taken as it is). */
function qualified(column: Column | SQL): SQL {
  if (!isInstance(column, Column)) return column;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** SQL: the thread whose id is in `threadIdColumn` is open to the caller (see `threadOpen`). */
export function threadOpenSql(caller: ListCaller, threadIdColumn: Column): SQL {
  const who = callerRowSql(caller, sql`${CP}.user_id`, sql`${CP}.group_id`);
  return sql`exists (select 1 from ${openThreadFrom} where ${T}.id = ${qualified(threadIdColumn)} and (not ${T}.restricted or exists (select 1 from ${openThreadParticipantFrom} join ${openParticipantFrom} on ${CP}.id = ${TP}.participant_id where ${TP}.thread_id = ${T}.id and ${who})))`;
}

/**
 * SQL: the `restrictedTo` a row must carry for `threadOpen`'s in-memory check, for the thread whose id is in
 * `threadIdColumn`: `{}` exactly when that thread exists and is open; for a restricted thread its participant
 * ids plus 0, for a missing thread `{0}`. The 0 (no participant has it) keeps a restricted thread whose last
 * participant was removed restricted — to staff only — in memory as in SQL, instead of reading as "empty, so
 * open". Load it with every row checked by `can()` against a thread rule, e.g.
 * `select({ ...getTableColumns(posts), restrictedTo: threadRestrictedToSql(posts.threadId) })`.
 */
export function threadRestrictedToSql(threadIdColumn: Column | SQL): SQL<number[]> {
  const thread = qualified(threadIdColumn);
  return sql<
    number[]
  >`array(select ${TP}.participant_id from ${openThreadParticipantFrom} join ${openThreadFrom} on ${T}.id = ${TP}.thread_id where ${TP}.thread_id = ${thread} and ${T}.restricted union all select 0 where not exists (select 1 from ${openThreadFrom} where ${T}.id = ${thread} and not ${T}.restricted))`.mapWith(
    (v: unknown) => (Array.isArray(v) ? v.map(Number) : []),
  );
}

/** SQL: the participant row whose id is in `participantIdColumn` is the caller's or one of their groups'. */
export function throughSql(caller: ListCaller, participantIdColumn: Column): SQL {
  const who = callerRowSql(caller, sql`${CP}.user_id`, sql`${CP}.group_id`);
  return sql`exists (select 1 from ${openParticipantFrom} where ${CP}.id = ${qualified(participantIdColumn)} and ${who})`;
}

function isAccess(subject: CaseAccess | ListCaller): subject is CaseAccess {
  return 'roles' in subject;
}

/**
 * The rule as a condition on `table`. Given a CaseAccess (a list inside one loaded case) the caller's terms
 * are decided in memory; given a Caller (a list across cases) they become subqueries on `caseIdColumn`.
 */
export function toSql<Row>(
  rule: Rule<Row>,
  subject: CaseAccess | ListCaller,
  table: PgTable,
  caseIdColumn: Column,
): Condition {
  const columns = getTableColumns(table) as Record<string, Column>;
  const column = (name: string) => {
    const c = columns[name];
    if (!c) throw new Error(`policy: ${name} is not a column of this table`);
    return c;
  };
  switch (rule.kind) {
    case 'staff':
      return subject.staff;
    case 'role':
      if (isAccess(subject)) return evaluate(rule, subject, undefined);
      return holdsRole(subject, caseIdColumn, rule.roles);
    case 'is':
      return rule.value === null ? isNull(column(rule.column)) : eq(column(rule.column), rule.value);
    case 'self':
      return eq(column(rule.column), subject.userId);
    case 'thread':
      return threadOpenSql(subject, column(rule.column));
    case 'through':
      if (isAccess(subject)) {
        return subject.participantIds.length
          ? inArray(column(rule.column), [...subject.participantIds])
          : false;
      }
      return throughSql(subject, column(rule.column));
    case 'any':
      return anyOfConditions(rule.rules.map((r) => toSql(r, subject, table, caseIdColumn)));
    case 'all':
      return allOfConditions(rule.rules.map((r) => toSql(r, subject, table, caseIdColumn)));
  }
}
