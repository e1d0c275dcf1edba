// Report calls (SPEC §7 "Report calls"): submit, edit, and the signed-in user's own reports.
import type { PageOf, ReportQuestionList } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { reportFormData } from './report-form-data.ts';

/** What a submit or an edit answers; `id` is the case id. */
export interface SubmittedReport {
  id: number;
  report: number;
  title: string;
  created: string;
  updated: string;
  changed?: boolean;
}

export interface MyReport {
  id: number;
  case: number;
  title: string;
  status: number;
  created: string;
  updated: string;
}

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
    .post<SubmittedReport>(`api/case/${caseId}/report/edit/`, reportFormData(upload))
    .then((r) => r.data);

export const fetchMyReports = (page: number) =>
  coordinationApi
    .get<PageOf<MyReport>>('api/reports/', { params: { page, page_size: MY_REPORTS_PAGE_SIZE } })
    .then((r) => r.data);
