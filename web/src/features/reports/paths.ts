// Where the report screens live and lead to (SPEC §2).
export const NEW_REPORT_PATH = '/cvdp/report';
export const MY_REPORTS_PATH = '/cvdp/reports/';
export const casePath = (caseId: number) => `/cvdp/cases/${caseId}`;
export const editReportPath = (caseId: number) => `/cvdp/cases/${caseId}/report/edit/`;
