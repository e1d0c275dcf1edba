// GET /api/case/{id}/transfers/ (staff): a page of the case's transfers to other instances.
import { useQuery } from '@tanstack/react-query';
import type { PageOf, Transfer } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseTransfers = (caseId: number, page = 1) =>
  coordinationApi
    .get<PageOf<Transfer>>(`api/case/${caseId}/transfers/`, { params: { page } })
    .then((r) => r.data);

/** A transfer still queued or running. */
export const transferActive = (t: Transfer) => t.state === 'queued' || t.state === 'running';

/** Polled every second while a transfer of the page is queued or running. */
export const useCaseTransfers = (caseId: number, page: number) =>
  useQuery({
    queryKey: queryKeys.cases.transfers(caseId, page),
    queryFn: () => fetchCaseTransfers(caseId, page),
    refetchInterval: (q) => (q.state.data?.results.some(transferActive) ? 1000 : false),
  });
