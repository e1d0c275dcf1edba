// GET /api/case/{id}/metadata/: what the caller may do in this case (the page shows actions by it; the
// server still checks every call).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseCallerMetadata } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseCallerMetadata = (id: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${id}/metadata/`).then((r) => r.data);

export const caseCallerMetadataQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.callerMetadata(id), queryFn: () => fetchCaseCallerMetadata(id) });

export const useCaseCallerMetadata = (id: number) => useQuery(caseCallerMetadataQuery(id));
