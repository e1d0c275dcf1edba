// The policy's two questions, for any action of the table: may this caller do it to this row (`can`), and
// which rows of a list may they see (`filter`). Routes never write access rules of their own.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller, CaseAccess } from './caller.ts';
import { conditionsAll, evaluate, type ListCaller, toSql } from './rules.ts';
import { POLICY, type PolicyAction, type RowOf } from './table.ts';

export { POLICY, type PolicyAction } from './table.ts';
export {
  callerOf,
  caseAccessFields,
  caseAccessFieldsPrepared,
  callerParams,
  caseAccessOf,
  callerShapeOf,
  loadCaseAccess,
  preparedCaller,
  type Caller,
  type CallerShape,
  type PreparedCaller,
  type CaseAccess,
  type CaseRow,
} from './caller.ts';

const caseRead = POLICY['case.read'];

/** The caller, whose case access is loaded, may do `action` (to `row`, for row-level rules). */
export function can<A extends PolicyAction>(action: A, access: CaseAccess, row?: RowOf<A>): boolean {
  if (!evaluate(caseRead.rule, access, access.case)) return false;
  return evaluate(POLICY[action].rule as never, access, row);
}

/**
 * The rows of `action`'s table the caller may see, as a SQL condition: inside one loaded case (CaseAccess)
 * or across every case (Caller; a PreparedCaller for a prepared statement, the same condition with the
 * caller's ids as placeholders). `undefined` means every row; a caller who may see none gets `false`.
 */
export function filter(action: PolicyAction, subject: CaseAccess | ListCaller): SQL | undefined {
  const entry = POLICY[action];
  const condition = conditionsAll([
    toSql(caseRead.rule, subject, caseRead.table, entry.caseId),
    toSql(entry.rule as never, subject, entry.table, entry.caseId),
  ]);
  if (condition === true) return undefined;
  if (condition === false) return sql`false`;
  return condition;
}

/**
 * The caller may do `action` in at least some case — for a call outside any case that serves case work (the
 * vulnerability attributes' definitions for the vulnerability form): false only when no case could allow it.
 */
export function mayInSomeCase(action: PolicyAction, caller: Caller): boolean {
  const entry = POLICY[action];
  return (
    conditionsAll([
      toSql(caseRead.rule, caller, caseRead.table, entry.caseId),
      toSql(entry.rule as never, caller, entry.table, entry.caseId),
    ]) !== false
  );
}
