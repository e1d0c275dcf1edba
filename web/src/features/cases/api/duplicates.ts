// GET /api/case/{id}/duplicates/: the report's likely duplicates among the cases the caller may see and
// the CVE records, best first, each with why.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicatesAnswer } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseDuplicates = (caseId: number) =>
  coordinationApi.get<DuplicatesAnswer>(`api/case/${caseId}/duplicates/`).then((r) => r.data);

export const caseDuplicatesQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.cases.duplicates(caseId), queryFn: () => fetchCaseDuplicates(caseId) });

export const useCaseDuplicates = (caseId: number, enabled = true) =>
  useQuery({ ...caseDuplicatesQuery(caseId), enabled });
