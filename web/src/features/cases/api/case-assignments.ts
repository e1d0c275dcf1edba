// GET /api/case/{id}/user/assignments/: who is assigned to the case.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseAssignment } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseAssignments = (id: number) =>
  coordinationApi.get<CaseAssignment[]>(`api/case/${id}/user/assignments/`).then((r) => r.data);

export const caseAssignmentsQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.assignments(id), queryFn: () => fetchCaseAssignments(id) });

export const useCaseAssignments = (id: number) => useQuery(caseAssignmentsQuery(id));
