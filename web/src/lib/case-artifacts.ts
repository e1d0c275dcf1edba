// GET /api/case/{id}/artifacts/: the case's files the caller may see. Read by the case page's report tab
// and by the Artifacts tab (the threads feature) under one query key: one list, one request. It lives in lib
// because the case page imports the tabs, so neither feature can import the other's api.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtifactSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const ARTIFACTS_PAGE_SIZE = 200;

export const fetchCaseArtifacts = (caseId: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${caseId}/artifacts/`, {
      params: { page_size: ARTIFACTS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const caseArtifactsQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.cases.artifacts(caseId), queryFn: () => fetchCaseArtifacts(caseId) });

export const useCaseArtifacts = (caseId: number) => useQuery(caseArtifactsQuery(caseId));

/** The download address under the configured API base. */
export const artifactDownloadHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });
