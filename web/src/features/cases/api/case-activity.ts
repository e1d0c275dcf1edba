// GET /api/case/{id}/activity/: the case's activity, newest first, a page at a time ("Load more"), searched
// and narrowed to one kind.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityKind, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const ACTIVITY_PAGE_SIZE = 25;

export const fetchCaseActivity = (id: number, page: number, q: string, kind?: ActivityKind) =>
  coordinationApi
    .get<PageOf<ActivityEntry>>(`api/case/${id}/activity/`, {
      params: { page, page_size: ACTIVITY_PAGE_SIZE, ...(q ? { q } : {}), ...(kind ? { kind } : {}) },
    })
    .then((r) => r.data);

/** Pages 1, 2, … of the entries whose text holds `q` (of one kind, when `kind` is given). */
export const useCaseActivity = (id: number, q: string, kind?: ActivityKind) =>
  useInfiniteQuery({
    queryKey: queryKeys.cases.activity(id, q, kind),
    queryFn: ({ pageParam }) => fetchCaseActivity(id, pageParam, q, kind),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });
