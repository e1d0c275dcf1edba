// GET /api/case/{id}/artifacts/: the case's files (the report tab lists them).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtifactSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseArtifacts = (id: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${id}/artifacts/`, { params: { page_size: 200 } })
    .then((r) => r.data);

export const caseArtifactsQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.artifacts(id), queryFn: () => fetchCaseArtifacts(id) });

export const useCaseArtifacts = (id: number) => useQuery(caseArtifactsQuery(id));

/** The download address under the configured API base. */
export const artifactHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });
