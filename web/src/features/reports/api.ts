// Report calls (SPEC §7 "Report calls"): submit, edit, and the signed-in user's own reports.
import type { EditedReport, MyReportRow, PageOf, ReportQuestionList, SubmittedReport } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { reportFormData } from './report-form-data.ts';

export const MY_REPORTS_PAGE_SIZE = 20;

export interface ReportUpload {
  report: ReportQuestionList;
  poc: File | null;
  submissionKey?: string;
}

export const submitReport = (upload: ReportUpload) =>
  coordinationApi.post<SubmittedReport>('api/report/', reportFormData(upload)).then((r) => r.data);

export const editReport = (caseId: number, upload: ReportUpload) =>
  coordinationApi
    .post<EditedReport>(`api/case/${caseId}/report/edit/`, reportFormData(upload))
    .then((r) => r.data);

export const fetchMyReports = (page: number) =>
  coordinationApi
    .get<PageOf<MyReportRow>>('api/reports/', { params: { page, page_size: MY_REPORTS_PAGE_SIZE } })
    .then((r) => r.data);
