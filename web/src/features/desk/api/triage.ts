// GET /api/triage/ (staff): new reports waiting for a coordinator, oldest first or weakest first; held=true:
// the held ones.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, TriageOrdering, TriageRow } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { DESK_PAGE_SIZE } from './cases.ts';

export interface TriageParams {
  query?: string;
  /** `quality`: weakest first (the default, absent, is oldest first). */
  ordering?: TriageOrdering;
  page: number;
  pageSize?: number;
  /** The Held section: reports held beyond a submit limit, out of the queue until released. */
  held?: boolean;
}

export const fetchTriage = (p: TriageParams) =>
  coordinationApi
    .get<PageOf<TriageRow>>('api/triage/', {
      params: {
        query: p.query || undefined,
        ordering: p.ordering,
        page: p.page,
        page_size: p.pageSize ?? DESK_PAGE_SIZE,
        held: p.held ? 'true' : undefined,
      },
    })
    .then((r) => r.data);

export const triageQuery = (params: TriageParams) =>
  queryOptions({
    queryKey: queryKeys.desk.triage({ ...params }),
    queryFn: () => fetchTriage(params),
    placeholderData: keepPreviousData,
  });

export const useTriage = (params: TriageParams) => useQuery(triageQuery(params));
