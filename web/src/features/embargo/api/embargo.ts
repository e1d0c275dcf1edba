// GET /api/case/{id}/embargo/: the case's embargo (state, end, the open proposal, each vendor's answer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmbargoView } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchEmbargo = (caseId: number) =>
  coordinationApi.get<EmbargoView>(`api/case/${caseId}/embargo/`).then((r) => r.data);

export const embargoQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.embargo.view(caseId), queryFn: () => fetchEmbargo(caseId) });

export const useEmbargo = (caseId: number) => useQuery(embargoQuery(caseId));
