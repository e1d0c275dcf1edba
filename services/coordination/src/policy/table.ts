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
import { actionItems, notifications } from '../notifications/tables.ts';
import { posts } from '../posts/tables.ts';
import { reports } from '../reports/tables.ts';
import { searchEntries } from '../search/tables.ts';
import { threads } from '../threads/tables.ts';
import { advisoryApprovals, advisoryRevisions } from '../advisories/tables.ts';
import { advisoryPublications } from '../advisories/publication/tables.ts';
import { vendorStatus } from '../vendor-status/tables.ts';
import { vulCvssScores, vulnerabilities, vulSsvcDecisions } from '../vuls/tables.ts';
import { transfers } from '../transfers/send/tables.ts';
import { embargoes } from '../embargo/tables.ts';
import { allOf, anyOf, is, participant, role, self, staff, threadOpen, through, type Rule } from './rules.ts';

/**
 * `Row` is the row as the check sees it: the table's row, plus — for rules on a related row, such as
 * `threadOpen` — the fields the store loads with it (e.g. the thread's `restrictedTo` participant ids).
 * `can` then demands such a loaded row, so a caller cannot forget to load them.
 */
export interface PolicyEntry<T extends PgTable = PgTable, Row = T['$inferSelect']> {
  /** What the action is about, for readers and for the enumeration test. */
  description: string;
  table: T;
  caseId: Column;
  rule: Rule<Row>;
}

const entry = <T extends PgTable, Row extends T['$inferSelect'] = T['$inferSelect']>(
  e: PolicyEntry<T, Row>,
): PolicyEntry<T, Row> => e;

type CaseRow = typeof cases.$inferSelect;
type ReportRow = typeof reports.$inferSelect;
type ArtifactRow = typeof artifacts.$inferSelect;
/** A file as its checks see it: with its thread's `restrictedTo` (see `threadOpen`), loaded by its store. */
type ArtifactAccessRow = ArtifactRow & { threadRestrictedTo: readonly number[] };
/** A thread with its `restrictedTo` participant ids (empty when open to every participant). */
type ThreadAccessRow = typeof threads.$inferSelect & { restrictedTo: readonly number[] };
type ActivityRow = typeof activity.$inferSelect;
type ParticipantRow = typeof caseParticipants.$inferSelect;
type AssignmentRow = typeof caseAssignments.$inferSelect;
type SearchEntryRow = typeof searchEntries.$inferSelect;
/** A search hit as its check sees it: with its thread's `restrictedTo` (posts; see `threadOpen`). */
type SearchEntryAccessRow = SearchEntryRow & { threadRestrictedTo: readonly number[] };
/** A post with its thread's `restrictedTo` participant ids (see `threadOpen`), loaded by the posts store. */
type PostAccessRow = typeof posts.$inferSelect & { restrictedTo: readonly number[] };
type PostRow = typeof posts.$inferSelect;
/** A notification with its thread's `restrictedTo` (see `threadOpen`; a notification about no thread has none). */
type NotificationRow = typeof notifications.$inferSelect & { threadRestrictedTo: readonly number[] };
type ActionItemRow = typeof actionItems.$inferSelect;
type VulRow = typeof vulnerabilities.$inferSelect;
type CvssRow = typeof vulCvssScores.$inferSelect;
type SsvcRow = typeof vulSsvcDecisions.$inferSelect;
type VendorStatusRow = typeof vendorStatus.$inferSelect;
type AdvisoryRow = typeof advisoryRevisions.$inferSelect;
type ApprovalRow = typeof advisoryApprovals.$inferSelect;
type TransferRow = typeof transfers.$inferSelect;
type EmbargoRow = typeof embargoes.$inferSelect;
type PublicationRow = typeof advisoryPublications.$inferSelect;

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
      'See a search hit: entries of cases the caller may see (case titles/summaries, reports, posts) — a post only ' +
      'while its thread is open to the caller (staff, or a participant of an open thread or of a restricted ' +
      "thread's participants). Later entry types with narrower rules add their terms here.",
    table: searchEntries,
    caseId: searchEntries.caseId,
    rule: allOf<SearchEntryAccessRow>(
      anyOf(staff(), participant()),
      anyOf(staff(), is('threadId', null), threadOpen('threadId', 'threadRestrictedTo')),
    ),
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
  'duplicate.read': entry({
    description:
      "See the likely duplicates of a case's report — only among the cases the caller may see, and CVE records.",
    table: cases,
    caseId: cases.id,
    rule: anyOf<CaseRow>(staff(), participant()),
  }),
  'report.merge': entry({
    description: "Merge a triage case's report into another case and close it as a duplicate (staff).",
    table: cases,
    caseId: cases.id,
    rule: staff<CaseRow>(),
  }),
  'report.release': entry({
    description: 'Release a report held beyond a submit limit into the triage queue (staff).',
    table: cases,
    caseId: cases.id,
    rule: staff<CaseRow>(),
  }),
  'artifact.read': entry({
    description:
      'See and download a file: staff, its uploader, every participant once it is shared, and — for a file ' +
      'attached in a thread — whoever may read that thread (not participants a restricted thread is closed to).',
    table: artifacts,
    caseId: artifacts.caseId,
    rule: anyOf<ArtifactAccessRow>(
      staff(),
      self('uploadedBy'),
      is('shared', true),
      threadOpen('threadId', 'threadRestrictedTo'),
    ),
  }),
  'artifact.upload': entry({
    description: "Add a file to the case's files: staff and every participant (they see their own file).",
    table: artifacts,
    caseId: artifacts.caseId,
    rule: anyOf<ArtifactRow>(staff(), participant()),
  }),
  'artifact.delete': entry({
    description: 'Delete a file (and its stored bytes): staff, and the participant who uploaded it.',
    table: artifacts,
    caseId: artifacts.caseId,
    rule: anyOf<ArtifactRow>(staff(), self('uploadedBy')),
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
  'thread.read': entry({
    description:
      "Read a thread, its posts and its participants, and post or react in it: staff, and the case's " +
      'participants unless the thread is restricted to others (a restricted thread is open only to its own ' +
      'participants — a restricted thread whose last participant was removed stays restricted, to staff only).',
    table: threads,
    caseId: threads.caseId,
    rule: anyOf<ThreadAccessRow>(staff(), allOf(participant(), threadOpen('id', 'restrictedTo'))),
  }),
  'thread.manage': entry({
    description:
      'Start a thread (optionally restricted to some participants), rename, mark official, archive or delete ' +
      'it, and remove participants from a restricted thread: staff only.',
    table: threads,
    caseId: threads.caseId,
    rule: staff<ThreadAccessRow>(),
  }),
  'post.read': entry({
    description: 'Read a post (and its history): whoever may read its thread.',
    table: posts,
    caseId: posts.caseId,
    rule: anyOf<PostAccessRow>(staff(), allOf(participant(), threadOpen('threadId', 'restrictedTo'))),
  }),
  'post.edit': entry({
    description: "Change a post's text (the earlier text is kept as a revision): its author only.",
    table: posts,
    caseId: posts.caseId,
    rule: self<PostRow>('authorId'),
  }),
  'post.pin': entry({
    description: 'Pin or unpin a post: staff only.',
    table: posts,
    caseId: posts.caseId,
    rule: staff<PostRow>(),
  }),
  'post.delete': entry({
    description: 'Remove a post (a "post removed" marker stays for its replies): its author and staff.',
    table: posts,
    caseId: posts.caseId,
    rule: anyOf<PostRow>(staff(), self('authorId')),
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
      "See a case's activity log. Staff: every row. Participants: what happened to the case itself, its report, " +
      'its participants, its embargo and its vulnerabilities (their CVSS and SSVC included: every participant reads those, ' +
      'vul.read), and what they did themselves — not rows about objects shown per participant (files, ' +
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
      is('objectType', 'vul'),
      // The embargo is every participant's common ground (embargo.read): its events are theirs to see.
      is('objectType', 'embargo'),
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
      '(a participant removed from a case stops seeing its title in their notifications) and, for one about a ' +
      "thread (a new post, titled with the thread's subject), while they may read that thread.",
    table: notifications,
    caseId: notifications.caseId,
    rule: allOf<NotificationRow>(
      self('userId'),
      anyOf(staff(), is('threadId', null), threadOpen('threadId', 'threadRestrictedTo')),
    ),
  }),
  'action.read': entry({
    description:
      'See an Action-needed request (approve a revision, fill in a vendor status, answer an embargo proposal…): ' +
      'only the user asked, and only while they may see its case.',
    table: actionItems,
    caseId: actionItems.caseId,
    rule: self<ActionItemRow>('userId'),
  }),
  'vul.read': entry({
    description:
      "See a case's vulnerabilities with their CWEs, CVSS scores, SSVC decision (and its history) and VEX: staff " +
      'and every participant.',
    table: vulnerabilities,
    caseId: vulnerabilities.caseId,
    rule: anyOf<VulRow>(staff(), participant()),
  }),
  'vul.edit': entry({
    description:
      'Create, edit or delete a vulnerability (also from the report), and set or remove its CVSS scores and SSVC ' +
      'decision: staff only.',
    table: vulnerabilities,
    caseId: vulnerabilities.caseId,
    rule: staff<VulRow>(),
  }),
  'cvss.read': entry({
    description: "See a vulnerability's CVSS scores (the coordinator's and the reporter's): whoever sees it.",
    table: vulCvssScores,
    caseId: vulCvssScores.caseId,
    rule: anyOf<CvssRow>(staff(), participant()),
  }),
  'ssvc.read': entry({
    description: "See a vulnerability's SSVC decisions and their history: whoever sees it.",
    table: vulSsvcDecisions,
    caseId: vulSsvcDecisions.caseId,
    rule: anyOf<SsvcRow>(staff(), participant()),
  }),
  'vendor_status.read': entry({
    description:
      'See the vendor × vulnerability status grid: staff and every participant (vendors see where the others ' +
      'stand, as the case page shows them the grid read-only).',
    table: vendorStatus,
    caseId: vendorStatus.caseId,
    rule: anyOf<VendorStatusRow>(staff(), participant()),
  }),
  'vendor_status.edit': entry({
    description:
      "Set a vendor's status for a vulnerability: staff for any vendor, and a vendor's own members (the vendor " +
      'participant row they take part through) for their own rows only — a reporter or observer sets none, ' +
      'not even for the participant row they take part through.',
    table: vendorStatus,
    caseId: vendorStatus.caseId,
    rule: anyOf<VendorStatusRow>(staff(), allOf(role('vendor'), through('participantId'))),
  }),
  'advisory.read': entry({
    description:
      "Read an advisory revision (and diffs between revisions): staff every revision; the case's participants " +
      'only revisions that were shared (a published revision is also public, outside the case scope).',
    table: advisoryRevisions,
    caseId: advisoryRevisions.caseId,
    rule: anyOf<AdvisoryRow>(staff(), allOf(participant(), is('shared', true))),
  }),
  'advisory.edit': entry({
    description:
      'Save a new revision, edit the latest one, share or publish it, import a CSAF file, change the CSAF ' +
      'settings: staff only.',
    table: advisoryRevisions,
    caseId: advisoryRevisions.caseId,
    rule: staff<AdvisoryRow>(),
  }),
  'approval.read': entry({
    description:
      "See approval requests and answers: staff all of them; a vendor's members those asked of their vendor.",
    table: advisoryApprovals,
    caseId: advisoryApprovals.caseId,
    rule: anyOf<ApprovalRow>(staff(), allOf(participant(), through('participantId'))),
  }),
  'approval.request': entry({
    description: 'Ask vendor participants to approve the latest revision: staff only.',
    table: advisoryApprovals,
    caseId: advisoryApprovals.caseId,
    rule: staff<ApprovalRow>(),
  }),
  'approval.answer': entry({
    description:
      "Approve or request changes: only the members of the vendor the request was made of (not staff on a vendor's behalf).",
    table: advisoryApprovals,
    caseId: advisoryApprovals.caseId,
    rule: allOf<ApprovalRow>(participant(), through('participantId')),
  }),
  'publication.schedule': entry({
    description:
      "See, schedule and cancel the advisory's publication at the embargo's end or at an instant, and see what " +
      'blocks publishing it: staff only.',
    table: advisoryPublications,
    caseId: advisoryPublications.caseId,
    rule: staff<PublicationRow>(),
  }),
  'transfer.read': entry({
    description: "See a case's transfers to other instances and their steps: staff only.",
    table: transfers,
    caseId: transfers.caseId,
    rule: staff<TransferRow>(),
  }),
  'transfer.start': entry({
    description: 'Transfer a case to a connected instance: staff only.',
    table: transfers,
    caseId: transfers.caseId,
    rule: staff<TransferRow>(),
  }),
  'embargo.read': entry({
    description:
      "See a case's embargo: its state, end, proposals, every vendor participant's answer and its log — staff and " +
      "every participant of the case (what was agreed, by whom and when, is the case's common ground).",
    table: embargoes,
    caseId: embargoes.caseId,
    rule: anyOf<EmbargoRow>(staff(), participant()),
  }),
  'embargo.manage': entry({
    description:
      'Propose an embargo (or a change), decide a proposal (it takes effect, recording who had agreed) and end ' +
      'an embargo early with a reason: staff only.',
    table: embargoes,
    caseId: embargoes.caseId,
    rule: staff<EmbargoRow>(),
  }),
  'embargo.request_change': entry({
    description:
      'Propose a change to an agreed embargo (an extension request, with a reason): staff, and vendor and ' +
      'reporter participants.',
    table: embargoes,
    caseId: embargoes.caseId,
    rule: anyOf<EmbargoRow>(staff(), role('vendor', 'reporter')),
  }),
  'embargo.answer': entry({
    description:
      "Accept or decline a proposal: each vendor participant of the case, once (a group's members answer as the " +
      'group). Staff decide instead (embargo.manage).',
    table: embargoes,
    caseId: embargoes.caseId,
    rule: role<EmbargoRow>('vendor'),
  }),
  'embargo.breach': entry({
    description:
      'Report public disclosure or active exploitation, which ends the embargo at once: staff and any participant.',
    table: embargoes,
    caseId: embargoes.caseId,
    rule: anyOf<EmbargoRow>(staff(), participant()),
  }),
} as const;

export type PolicyAction = keyof typeof POLICY;
export type RowOf<A extends PolicyAction> =
  (typeof POLICY)[A] extends PolicyEntry<infer T, infer Row> ? Row & T['$inferSelect'] : never;
