// Report calls (SPEC §7 "Report calls"): submit, edit, the report to edit and the user's own reports.
export { submitReport, useSubmitReport } from './submit-report.ts';
export { editReport, useEditReport, type EditReportVars } from './edit-report.ts';
export { MY_REPORTS_PAGE_SIZE, fetchMyReports, myReportsQuery, useMyReports } from './my-reports.ts';
export { reportToEditQuery, useReportToEdit } from './report-to-edit.ts';
