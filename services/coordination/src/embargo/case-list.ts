// What the case lists show and filter of the embargo (issue 25 item 6): the end of each case's holding
// embargo ("Public in N days") and the "embargo ends before" filter. The cases domain is lower than the
// embargo's, so app.ts passes these into the case routes.
import { type AnyColumn, and, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { embargoes } from './tables.ts';

/** An embargo binds its agreed end while active or being revised (a revision keeps the old end until agreed). */
const HOLDING = ['active', 'revising'];

const holding = () => and(inArray(embargoes.state, HOLDING), isNotNull(embargoes.endsAt));

/**
 * A condition on cases: their holding embargo ends before the moment. Embargoes are far fewer than cases,
 * so the id list is read from embargoes (a subquery in the list's one query), next to the policy's filter.
 */
export const embargoEndsBefore = (db: Db, before: Date): SQL =>
  inArray(
    cases.id,
    db
      .select({ caseId: embargoes.caseId })
      .from(embargoes)
      .where(and(holding(), lt(embargoes.endsAt, before))),
  );

/**
 * A column of the case list's page: the end of the case's holding embargo, null without one. An expression
 * over the page's case id rather than a query of its own, so the page and what it shows are one statement.
 */
export const holdingEmbargoEnd = (caseId: SQL | AnyColumn): SQL<Date | null> =>
  sql`(select ${embargoes.endsAt} from ${embargoes} where ${embargoes.caseId} = ${caseId} and ${holding()})`.mapWith(
    embargoes.endsAt,
  );
