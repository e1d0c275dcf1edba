// Where the report screens live and lead to (SPEC §2).
export const NEW_REPORT_PATH = '/cvdp/report';
export const MY_REPORTS_PATH = '/cvdp/reports/';
export const casePath = (caseId: number) => `/cvdp/cases/${caseId}`;
export const editReportPath = (caseId: number) => `/cvdp/cases/${caseId}/report/edit/`;

/** Router state My reports reads after a submit: the case the report became. */
export interface ReceivedState {
  receivedCase: number;
  /** What the reporter is told when the report was held beyond a submit limit (it is stored all the same). */
  heldNotice?: string;
}

export function heldNoticeOf(state: unknown): string | null {
  const notice = (state as Partial<ReceivedState> | null)?.heldNotice;
  return typeof notice === 'string' && notice ? notice : null;
}

export function receivedCaseOf(state: unknown): number | null {
  const id = (state as Partial<ReceivedState> | null)?.receivedCase;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
