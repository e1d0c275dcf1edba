// The JSON the coordination service answers for reports. Times are ISO 8601 UTC strings.
import type { Cvss4ScoreRecord } from '../cvss4/index.ts';
import type { UserRef } from '../cases/wire.ts';
import type { ReportQuestionList } from './question-list.ts';

/** A CVSS score the server computed from a stored vector; `vulnerability` counts from 1. */
export interface ReportCvssScore {
  vulnerability: number;
  cvss: Cvss4ScoreRecord;
}

/** The report's working copy inside the case view (`CaseDetail.report`). */
export interface CaseReport {
  id: number;
  /** The working copy: what everyone who may see the case reads. */
  report: ReportQuestionList;
  cvss_scores: ReportCvssScore[];
  submitted_by: UserRef | null;
  created: string;
  updated: string;
  edited: boolean;
  can_edit: boolean;
  can_view_original: boolean;
}

/** What POST /api/report/ answers (201, or 200 for a repeated submission key); `id` is the case id. */
export interface SubmittedReport {
  id: number;
  case: number;
  /** The report's own id. */
  report: number;
  title: string;
  created: string;
  updated: string;
}

/** What POST /api/case/{id}/report/edit/ answers: `changed` is false when nothing differed. */
export interface EditedReport extends SubmittedReport {
  changed: boolean;
}

/** One row of GET /api/reports/ (the signed-in user's reports). */
export interface MyReportRow {
  id: number;
  case: number;
  title: string;
  /** The case's status (CASE_STATUS). */
  status: number;
  created: string;
  updated: string;
}

/** One edit of a report, as the original report lists them. */
export interface ReportEdit {
  edited_by: UserRef | null;
  date: string;
}

/** GET /case/{id}/report/original/ (coordinators): the report as first submitted. */
export interface OriginalReport {
  case: number;
  id: number;
  report: ReportQuestionList;
  submitted_by: UserRef | null;
  created: string;
  edited: boolean;
  edits: ReportEdit[];
}
