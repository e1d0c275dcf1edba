// The shapes reports are answered in.
import { type ReportQuestionList, reportTitle } from '@cvdp/core';
import type { AuthUser } from '@cvdp/server-kit';
import { refOf, type UserRef } from '../cases/user-refs.ts';
import { mayEditReport, mayReadOriginal } from './report-permissions.ts';
import type { ReportRow } from './report-store.ts';

/** The working copy, as everyone who may see the case sees it. */
export function caseReportView(
  user: AuthUser,
  report: ReportRow,
  refs: Map<number, UserRef>,
  revisionCount: number,
) {
  return {
    id: report.id,
    report: report.current as ReportQuestionList,
    submitted_by: refOf(refs, report.submittedBy),
    created: report.createdAt.toISOString(),
    updated: report.updatedAt.toISOString(),
    edited: revisionCount > 0,
    can_edit: mayEditReport(user, report),
    can_view_original: mayReadOriginal(user),
  };
}

/** What a submit or an edit answers: the case id first (the browser goes on to it). */
export function submittedView(report: ReportRow) {
  return {
    id: report.caseId,
    case: report.caseId,
    report: report.id,
    title: reportTitle(report.current),
    created: report.createdAt.toISOString(),
    updated: report.updatedAt.toISOString(),
  };
}
