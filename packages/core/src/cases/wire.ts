// The JSON the coordination service answers for a case. Times are ISO 8601 UTC strings.
import type { CaseReport } from '../report/wire.ts';

/** How a case shows the people around it (owner, submitter, uploader, editor): id and name, nothing more. */
export interface UserRef {
  id: number;
  name: string;
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
  created_by: UserRef | null;
  created: string;
  updated: string;
  report: CaseReport | null;
}
