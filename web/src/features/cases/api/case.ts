// GET /api/cases/{id}/: the case itself (the report edit form loads it too, under its own key).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseDetail } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCase = (id: number) =>
  coordinationApi.get<CaseDetail>(`api/cases/${id}/`).then((r) => r.data);

export const caseQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.detail(id), queryFn: () => fetchCase(id) });

export const useCase = (id: number) => useQuery(caseQuery(id));
