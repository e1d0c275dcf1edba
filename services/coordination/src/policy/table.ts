// THE policy table: every action a caller may take on a case or on something in it, defined once. Each
// entry names the table its rows live in and the column holding their case; its rule gives both the check
// for one row and the filter for lists (rules.ts), so the two cannot drift. Every action also requires
// that the caller may see the case at all (`case.read`) — checked first by `can` and added by `filter`.
//
// Adding an action: an entry here, then `can(…)` / `filter(…)` in the domain's routes or store. The policy
// test (policy.test.ts) enumerates this table for every kind of caller.
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { artifacts } from '../artifacts/tables.ts';
import { cases } from '../cases/tables.ts';
import { reports } from '../reports/tables.ts';
import { anyOf, is, participant, self, staff, type Rule } from './rules.ts';

export interface PolicyEntry<T extends PgTable = PgTable> {
  /** What the action is about, for readers and for the enumeration test. */
  description: string;
  table: T;
  caseId: Column;
  rule: Rule<T['$inferSelect']>;
}

const entry = <T extends PgTable>(e: PolicyEntry<T>): PolicyEntry<T> => e;

type CaseRow = typeof cases.$inferSelect;
type ReportRow = typeof reports.$inferSelect;
type ArtifactRow = typeof artifacts.$inferSelect;

export const POLICY = {
  'case.read': entry({
    description: 'See a case (anything else about it answers 404 when this fails).',
    table: cases,
    caseId: cases.id,
    rule: anyOf<CaseRow>(staff(), participant()),
  }),
  'report.read': entry({
    description: "Read the working copy of a case's report.",
    table: reports,
    caseId: reports.caseId,
    rule: anyOf<ReportRow>(staff(), participant()),
  }),
  'report.edit': entry({
    description: 'Edit the report: the reporter who submitted it, and staff.',
    table: reports,
    caseId: reports.caseId,
    rule: anyOf<ReportRow>(staff(), self('submittedBy')),
  }),
  'report.read_original': entry({
    description: 'Read the report as first submitted: staff only.',
    table: reports,
    caseId: reports.caseId,
    rule: staff<ReportRow>(),
  }),
  'artifact.read': entry({
    description: 'See and download a file: staff, its uploader, and every participant once it is shared.',
    table: artifacts,
    caseId: artifacts.caseId,
    rule: anyOf<ArtifactRow>(staff(), self('uploadedBy'), is('shared', true)),
  }),
  'artifact.share': entry({
    description: 'Open a file to every participant, or close it again: staff only.',
    table: artifacts,
    caseId: artifacts.caseId,
    rule: staff<ArtifactRow>(),
  }),
} as const;

export type PolicyAction = keyof typeof POLICY;
export type RowOf<A extends PolicyAction> = (typeof POLICY)[A]['table']['$inferSelect'];
