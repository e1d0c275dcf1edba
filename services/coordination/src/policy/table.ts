// THE policy table: every action a caller may take on a case or on something in it, defined once. Each
// entry names the table its rows live in and the column holding their case; its rule gives both the check
// for one row and the filter for lists (rules.ts), so the two cannot drift. Every action also requires
// that the caller may see the case at all (`case.read`) — checked first by `can` and added by `filter`.
//
// Adding an action: an entry here, then `can(…)` / `filter(…)` in the domain's routes or store. The policy
// test (policy.test.ts) enumerates this table for every kind of caller.
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { activity } from '@cvdp/server-kit/tables';
import { artifacts } from '../artifacts/tables.ts';
import { caseAssignments } from '../assignments/tables.ts';
import { caseParticipants, cases } from '../cases/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { reports } from '../reports/tables.ts';
import { searchEntries } from '../search/tables.ts';
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
type ActivityRow = typeof activity.$inferSelect;
type ParticipantRow = typeof caseParticipants.$inferSelect;
type AssignmentRow = typeof caseAssignments.$inferSelect;
type SearchEntryRow = typeof searchEntries.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

export const POLICY = {
  'case.read': entry({
    description: 'See a case (anything else about it answers 404 when this fails).',
    table: cases,
    caseId: cases.id,
    rule: anyOf<CaseRow>(staff(), participant()),
  }),
  'case.edit': entry({
    description:
      'Change a case: title, summary, status (activate, close, reopen), resolution, dates, tags (staff).',
    table: cases,
    caseId: cases.id,
    rule: staff<CaseRow>(),
  }),
  'search.read': entry({
    description:
      'See a search hit: entries of cases the caller may see (case titles/summaries and reports). Later entry types ' +
      '(posts, vulnerabilities) with narrower rules add their terms here, keyed on search_entries.type.',
    table: searchEntries,
    caseId: searchEntries.caseId,
    rule: anyOf<SearchEntryRow>(staff(), participant()),
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
  'report.add': entry({
    description: 'Attach another report to a case (staff); the case keeps its first report as its own.',
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
  'participant.manage': entry({
    description: 'Add participants to a case, change their role or remove them: staff only.',
    table: caseParticipants,
    caseId: caseParticipants.caseId,
    rule: staff<ParticipantRow>(),
  }),
  'participant.notify': entry({
    description: 'Send the case notice to participants (one, some or every vendor): staff only.',
    table: caseParticipants,
    caseId: caseParticipants.caseId,
    rule: staff<ParticipantRow>(),
  }),
  'assignment.read': entry({
    description: 'See which coordinators are assigned to a case: staff only (internal workflow).',
    table: caseAssignments,
    caseId: caseAssignments.caseId,
    rule: staff<AssignmentRow>(),
  }),
  'assignment.manage': entry({
    description: 'Assign coordinators to a case (by hand or round robin) and unassign them: staff only.',
    table: caseAssignments,
    caseId: caseAssignments.caseId,
    rule: staff<AssignmentRow>(),
  }),
  'activity.read': entry({
    description:
      "See a case's activity log. Staff: every row. Participants: what happened to the case itself, its report " +
      'and its participants, and what they did themselves — not rows about objects shown per participant (files, ' +
      'assignments, notices, later threads), which could reveal an unshared file or an internal step. An object ' +
      'type not listed here is staff-only until it is added.',
    table: activity,
    caseId: activity.caseId,
    rule: anyOf<ActivityRow>(
      staff(),
      self('actorId'),
      is('objectType', 'case'),
      is('objectType', 'report'),
      is('objectType', 'participant'),
    ),
  }),
  'activity.read_details': entry({
    description:
      "See an activity row's before/after values: staff only (they can hold the original report or a file name).",
    table: activity,
    caseId: activity.caseId,
    rule: staff<ActivityRow>(),
  }),
  'notification.read': entry({
    description:
      'Read (and mark read) a notification: only the user it was written for, and only while they may see its case ' +
      '(a participant removed from a case stops seeing its title in their notifications).',
    table: notifications,
    caseId: notifications.caseId,
    rule: self<NotificationRow>('userId'),
  }),
} as const;

export type PolicyAction = keyof typeof POLICY;
export type RowOf<A extends PolicyAction> = (typeof POLICY)[A]['table']['$inferSelect'];
