// GET /api/case/{id}/approvals/: the vendors' approvals the caller may see (staff: all; a vendor: its own).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Approval, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { pageRows } from './page-rows.ts';

export const fetchApprovals = (caseId: number) =>
  coordinationApi
    .get<Approval[] | PageOf<Approval>>(`api/case/${caseId}/approvals/`, { params: { page_size: 200 } })
    .then((r) => pageRows(r.data));

export const approvalsQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.advisories.approvals(caseId), queryFn: () => fetchApprovals(caseId) });

export const useApprovals = (caseId: number) => useQuery(approvalsQuery(caseId));
