// GET /api/case/{id}/user/: the caller's own relation to the case (muted or not).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseUserRelation } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseRelation = (id: number) =>
  coordinationApi.get<CaseUserRelation>(`api/case/${id}/user/`).then((r) => r.data);

export const caseRelationQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.relation(id), queryFn: () => fetchCaseRelation(id) });

export const useCaseRelation = (id: number) => useQuery(caseRelationQuery(id));
