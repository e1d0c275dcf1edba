// GET /api/case/{id}/metadata/: what the caller may do in the case (the Advisory tab shows the staff's
// actions by it; the server still checks every call). The cases feature reads the same key, so both share
// one cache entry; that feature's hook is out of reach here (another feature's api is not public).
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

export const useCaseCallerMetadata = (caseId: number) => useQuery(caseCallerMetadataQuery(caseId));
