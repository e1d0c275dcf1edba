// GET /api/case/{id}/advisory/diff/?from=&to=: the line diff of two revisions, field by field.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvisoryDiff } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchDiff = (caseId: number, from: number, to: number) =>
  coordinationApi
    .get<AdvisoryDiff>(`api/case/${caseId}/advisory/diff/`, { params: { from, to } })
    .then((r) => r.data);

export const diffQuery = (caseId: number, from: number, to: number) =>
  queryOptions({
    queryKey: queryKeys.advisories.diff(caseId, from, to),
    queryFn: () => fetchDiff(caseId, from, to),
  });

/** Asked only when `enabled` (two different revisions chosen). */
export const useAdvisoryDiff = (caseId: number, from: number, to: number, enabled: boolean) =>
  useQuery({ ...diffQuery(caseId, from, to), enabled });
