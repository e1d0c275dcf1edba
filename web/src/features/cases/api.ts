// Case calls used by the case page and the report edit form.
import type { PageOf, ReportQuestionList } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export interface UserRef {
  id: number;
  name: string;
}

export interface CaseReport {
  id: number;
  /** The working copy: what everyone who may see the case reads. */
  report: ReportQuestionList;
  submitted_by: UserRef | null;
  created: string;
  updated: string;
  edited: boolean;
  can_edit: boolean;
  can_view_original: boolean;
}

export interface CaseDetail {
  id: number;
  title: string;
  summary: string;
  status: number;
  owner: UserRef | null;
  created_by: UserRef | null;
  created: string;
  updated: string;
  report: CaseReport | null;
}

export interface Artifact {
  uuid: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  shared: boolean;
  source: string;
  uploaded_by: UserRef | null;
  created: string;
  download_url: string;
}

export interface OriginalReport {
  case: number;
  report: ReportQuestionList;
  submitted_by: UserRef | null;
  created: string;
  edited: boolean;
  edits: { edited_by: UserRef | null; date: string }[];
}

export const caseKey = (id: number) => ['case', id] as const;

export const fetchCase = (id: number) =>
  coordinationApi.get<CaseDetail>(`api/cases/${id}/`).then((r) => r.data);

export const fetchCaseArtifacts = (id: number) =>
  coordinationApi
    .get<PageOf<Artifact>>(`api/case/${id}/artifacts/`, { params: { page_size: 200 } })
    .then((r) => r.data);

export const fetchOriginalReport = (id: number) =>
  coordinationApi.get<OriginalReport>(`case/${id}/report/original/`).then((r) => r.data);

/** The download address under the configured API base. */
export const artifactHref = (a: Artifact) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });
