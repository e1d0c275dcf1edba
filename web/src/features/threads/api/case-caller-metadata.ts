// GET /api/case/{id}/metadata/: the caller's standing in the case. The case page asks the same under the same
// query key, so the tabs make no second call; this feature only needs whether the caller is staff.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseCallerMetadata } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseCallerMetadata = (caseId: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${caseId}/metadata/`).then((r) => r.data);

export const caseCallerMetadataQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.cases.callerMetadata(caseId),
    queryFn: () => fetchCaseCallerMetadata(caseId),
  });

/** Whether the caller is staff in the case (false until known: staff actions show once it is). */
export function useCaseStaff(caseId: number): boolean {
  return useQuery(caseCallerMetadataQuery(caseId)).data?.staff ?? false;
}
