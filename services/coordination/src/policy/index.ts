// The policy's two questions, for any action of the table: may this caller do it to this row (`can`), and
// which rows of a list may they see (`filter`). Routes never write access rules of their own.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller, CaseAccess } from './caller.ts';
import { conditionsAll, evaluate, type ListCaller, type Rule, toSql } from './rules.ts';
import { POLICY, type PolicyAction, type RowOf } from './table.ts';

export { POLICY, type PolicyAction } from './table.ts';
export type { ListCaller } from './rules.ts';
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
  return asFilter(
    conditionsAll([
      toSql(caseRead.rule, subject, caseRead.table, entry.caseId),
      toSql(besideCaseRead(entry.rule as Rule<unknown>) as never, subject, entry.table, entry.caseId),
    ]),
  );
}

/**
 * What `action`'s rule adds to `case.read`, as a condition on its table's rows: for a query that has checked
 * case.read on the case already and reads the action's rows inside it — the case list's word search, which
 * finds a case by its search entries and must find it only by entries the caller may see (`search.read`: a
 * restricted thread's posts for the thread's readers only). The same rule as filter(), without case.read's
 * EXISTS once more for every entry.
 */
export function filterBeyondCaseRead(action: PolicyAction, caller: ListCaller): SQL | undefined {
  const entry = POLICY[action];
  return asFilter(
    toSql(besideCaseRead(entry.rule as Rule<unknown>) as never, caller, entry.table, entry.caseId),
  );
}

const asFilter = (condition: SQL | boolean): SQL | undefined =>
  condition === true ? undefined : condition === false ? sql`false` : condition;

const sameRule = (a: Rule<unknown>, b: Rule<unknown>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry's rule adds to `case.read`, which filter() puts beside it anyway: nothing when it is case.read's
 * own rule (case.read itself, and every "staff or participant" entry), and an allOf without its case.read
 * member. The same condition twice was the same EXISTS over case_participants twice in every list's SQL, and
 * PostgreSQL planned both: a vendor's case list page spent 1.7 ms planning for 0.9 ms running (issue 30).
 */
function besideCaseRead(rule: Rule<unknown>): Rule<unknown> {
  const caseReadRule = caseRead.rule as Rule<unknown>;
  if (sameRule(rule, caseReadRule)) return { kind: 'all', rules: [] };
  if (rule.kind === 'all')
    return { kind: 'all', rules: rule.rules.filter((r) => !sameRule(r, caseReadRule)) };
  return rule;
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
