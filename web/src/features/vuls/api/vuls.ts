// GET /api/case/{id}/vuls/: the case's vulnerabilities. The list and the detail of one read this same query,
// so a change refreshes both at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Vulnerability } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { listRows } from './list-rows.ts';

/** Vulnerabilities a page: a case has a handful, so one call covers them all. */
export const VULS_PAGE_SIZE = 200;

export const fetchVuls = (caseId: number) =>
  coordinationApi
    .get<Vulnerability[] | PageOf<Vulnerability>>(`api/case/${caseId}/vuls/`, {
      params: { page_size: VULS_PAGE_SIZE },
    })
    .then((r) => listRows(r.data));

export const vulsQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.vuls.list(caseId), queryFn: () => fetchVuls(caseId) });

export const useVuls = (caseId: number) => useQuery(vulsQuery(caseId));
