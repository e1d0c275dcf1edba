// GET /api/case/{id}/metadata/: what the caller may do in a case (screens show actions by it; the server
// still checks every call). Shared by the case page and its tabs (vulnerabilities, threads, files,
// advisory), which are features of their own: one query, one cache entry, no second request. It lives in
// lib because the case page imports the tabs, so a tab cannot import the cases feature back.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseCallerMetadata } from '@cvdp/core';
import { coordinationApi } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const fetchCaseCallerMetadata = (caseId: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${caseId}/metadata/`).then((r) => r.data);

export const caseCallerMetadataQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.cases.callerMetadata(caseId),
    queryFn: () => fetchCaseCallerMetadata(caseId),
  });

export const useCaseCallerMetadata = (caseId: number) => useQuery(caseCallerMetadataQuery(caseId));

/** Whether the caller is staff in the case (false until known: staff actions show once it is). */
export function useCaseStaff(caseId: number): boolean {
  return useCaseCallerMetadata(caseId).data?.staff ?? false;
}
