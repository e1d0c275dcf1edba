// Case calls used by the case page, and (through the feature's index) by the report edit form.
import type { ArtifactSummary, CaseDetail, OriginalReport, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const fetchCase = (id: number) =>
  coordinationApi.get<CaseDetail>(`api/cases/${id}/`).then((r) => r.data);

export const fetchCaseArtifacts = (id: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${id}/artifacts/`, { params: { page_size: 200 } })
    .then((r) => r.data);

export const fetchOriginalReport = (id: number) =>
  coordinationApi.get<OriginalReport>(`case/${id}/report/original/`).then((r) => r.data);

/** The download address under the configured API base. */
export const artifactHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });
