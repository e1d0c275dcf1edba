// GET /api/case/{id}/artifacts/: the case's files (the Artifacts tab; the case page's report tab reads the
// same list under the same query key).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtifactSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const ARTIFACTS_PAGE_SIZE = 200;

export const fetchArtifacts = (caseId: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${caseId}/artifacts/`, {
      params: { page_size: ARTIFACTS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const artifactsQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.cases.artifacts(caseId), queryFn: () => fetchArtifacts(caseId) });

export const useArtifacts = (caseId: number) => useQuery(artifactsQuery(caseId));

/** The download address under the configured API base. */
export const artifactDownloadHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });
