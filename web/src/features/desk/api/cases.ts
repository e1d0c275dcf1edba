// GET /api/cases/: a page of the cases the caller may see, filtered and ordered (My cases, All cases, the
// homes).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseListRow, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DESK_PAGE_SIZE = 20;

export interface CaseListParams {
  query?: string;
  status?: number[];
  owned?: boolean;
  tag?: string;
  ordering?: string;
  /** A date (yyyy-MM-dd) or an instant: cases whose holding embargo ends before it. */
  embargoEndsBefore?: string;
  page: number;
  pageSize?: number;
}

/** Repeated parameters as the server reads them: `status=0&status=1` (axios would send `status[]=0`). */
const repeatParams = { indexes: null } as const;

export const fetchCases = (p: CaseListParams) =>
  coordinationApi
    .get<PageOf<CaseListRow>>('api/cases/', {
      params: {
        query: p.query || undefined,
        status: p.status?.length ? p.status : undefined,
        owned: p.owned ? 'True' : undefined,
        tag: p.tag || undefined,
        ordering: p.ordering || undefined,
        embargo_ends_before: p.embargoEndsBefore || undefined,
        page: p.page,
        page_size: p.pageSize ?? DESK_PAGE_SIZE,
      },
      paramsSerializer: repeatParams,
    })
    .then((r) => r.data);

/** The previous page stays on screen while the next one loads. */
export const casesQuery = (params: CaseListParams) =>
  queryOptions({
    queryKey: queryKeys.desk.cases({ ...params }),
    queryFn: () => fetchCases(params),
    placeholderData: keepPreviousData,
  });

export const useCases = (params: CaseListParams, enabled = true) =>
  useQuery({ ...casesQuery(params), enabled });
