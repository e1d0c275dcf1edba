// The JSON the coordination service answers for a case. Times are ISO 8601 UTC strings.
import type { CaseReport } from '../report/wire.ts';

/** How a case shows the people around it (owner, submitter, uploader, editor): id and name, nothing more. */
export interface UserRef {
  id: number;
  name: string;
}

/** A resolution a case is closed with (manage/case/options/resolutions/). */
export interface ResolutionOption {
  id: number;
  name: string;
  description: string;
}

/** GET /api/cases/{id}/: the case and its report's working copy. */
export interface CaseDetail {
  id: number;
  title: string;
  summary: string;
  /** CASE_STATUS */
  status: number;
  /** caseStatusLabel(status) */
  status_label: string;
  owner: UserRef | null;
  /** Participants with the owner role (users; a group owner shows its name). */
  owners: UserRef[];
  created_by: UserRef | null;
  created: string;
  updated: string;
  resolution: ResolutionOption | null;
  /** yyyy-MM-dd or null */
  due_date: string | null;
  public_date: string | null;
  tags: string[];
  /** When the case was activated / closed (ISO), null if never / not closed. */
  activated: string | null;
  closed: string | null;
  report: CaseReport | null;
}

/**
 * GET /report/add/case/{id}/ (staff): the empty form for attaching another report to a case — the
 * question wording a report is stored with (the same as intake's) and the largest upload accepted.
 */
export interface AddReportForm {
  case: number;
  case_title: string;
  /** Report-level questions by field: { title: 'Title', product: 'Product', … }. */
  questions: Record<string, string>;
  poc_question: string;
  vulnerabilities_question: string;
  /** Questions of each vulnerability by field: { description: 'Description', … }. */
  vulnerability_questions: Record<string, string>;
  max_upload_bytes: number;
}
