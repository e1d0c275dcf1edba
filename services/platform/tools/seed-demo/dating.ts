// A demo case is written in one transaction through the real stores, which stamp every row with the present.
// After each step of its story, `dateStep` moves what that step wrote (every time column at or after the
// transaction's start) back to the step's place in the story; earlier steps are already in the past, so
// they are left alone. One statement per step (each table a data-modifying CTE): a case has a dozen steps
// and fifty cases would otherwise cost thousands of round trips.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Tx, activity } from '@cvdp/server-kit';
import {
  advisoryApprovals,
  advisoryRevisions,
  artifacts,
  caseAssignments,
  caseParticipants,
  caseUserStates,
  cases,
  emailOutbox,
  notifications,
  posts,
  reportRevisions,
  reports,
  threadReads,
  threads,
  vendorStatus,
  vulCvssScores,
  vulnerabilities,
  vulSsvcDecisions,
} from '@cvdp/coordination';

interface Dated {
  table: PgTable;
  /** The rows of the case. */
  of: (caseId: number) => SQL;
  columns: PgColumn[];
}

const byCase = (column: PgColumn) => (caseId: number) => sql`${sql.identifier(column.name)} = ${caseId}`;

/** Every table a demo case's story writes to, with its time columns. */
const DATED: Dated[] = [
  {
    table: cases,
    of: byCase(cases.id),
    columns: [cases.createdAt, cases.updatedAt, cases.activatedAt, cases.closedAt, cases.firstResponseAt],
  },
  { table: reports, of: byCase(reports.caseId), columns: [reports.createdAt, reports.updatedAt] },
  {
    table: reportRevisions,
    of: (caseId) => sql`report_id in (select id from ${reports} where case_id = ${caseId})`,
    columns: [reportRevisions.createdAt],
  },
  {
    table: caseParticipants,
    of: byCase(caseParticipants.caseId),
    columns: [caseParticipants.createdAt, caseParticipants.notifiedAt],
  },
  {
    table: caseAssignments,
    of: byCase(caseAssignments.caseId),
    columns: [caseAssignments.createdAt, caseAssignments.unassignedAt],
  },
  { table: activity, of: byCase(activity.caseId), columns: [activity.at] },
  { table: notifications, of: byCase(notifications.caseId), columns: [notifications.createdAt] },
  { table: emailOutbox, of: byCase(emailOutbox.caseId), columns: [emailOutbox.createdAt] },
  { table: caseUserStates, of: byCase(caseUserStates.caseId), columns: [caseUserStates.lastSeenAt] },
  {
    table: vulnerabilities,
    of: byCase(vulnerabilities.caseId),
    columns: [vulnerabilities.createdAt, vulnerabilities.updatedAt],
  },
  { table: vulCvssScores, of: byCase(vulCvssScores.caseId), columns: [vulCvssScores.scoredAt] },
  { table: vulSsvcDecisions, of: byCase(vulSsvcDecisions.caseId), columns: [vulSsvcDecisions.decidedAt] },
  { table: vendorStatus, of: byCase(vendorStatus.caseId), columns: [vendorStatus.updatedAt] },
  { table: threads, of: byCase(threads.caseId), columns: [threads.createdAt, threads.lastPostAt] },
  {
    table: threadReads,
    of: (caseId) => sql`thread_id in (select id from ${threads} where case_id = ${caseId})`,
    columns: [threadReads.readAt],
  },
  { table: posts, of: byCase(posts.caseId), columns: [posts.createdAt, posts.modifiedAt] },
  { table: artifacts, of: byCase(artifacts.caseId), columns: [artifacts.createdAt] },
  {
    table: advisoryRevisions,
    of: byCase(advisoryRevisions.caseId),
    columns: [advisoryRevisions.createdAt, advisoryRevisions.updatedAt],
  },
  {
    table: advisoryApprovals,
    of: byCase(advisoryApprovals.caseId),
    columns: [advisoryApprovals.requestedAt, advisoryApprovals.answeredAt],
  },
];

/** Dates every row of the case written since `since` (by the step just taken) to `at`. */
export async function dateStep(tx: Tx, caseId: number, since: Date, at: Date) {
  const from = sql`${since.toISOString()}::timestamptz`;
  const to = sql`${at.toISOString()}::timestamptz`;
  const updates = DATED.map(({ table, of, columns }, i) => {
    const set = columns.map((c) => {
      const name = sql.identifier(c.name);
      return sql`${name} = case when ${name} >= ${from} then ${to} else ${name} end`;
    });
    const moved = sql.join(
      columns.map((c) => sql`${sql.identifier(c.name)} >= ${from}`),
      sql` or `,
    );
    return sql`${sql.identifier(`d${i}`)} as (update ${table} set ${sql.join(set, sql`, `)} where ${of(caseId)} and (${moved}))`;
  });
  await tx.execute(sql`with ${sql.join(updates, sql`, `)} select 1`);
}
