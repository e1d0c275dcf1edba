// GET /api/{id}/activity/: a page (10) of what people did to a vulnerability, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { VulActivityEntry } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { VUL_HISTORY_PAGE_SIZE } from './vul-changes.ts';

export const fetchActivity = (id: string, page: number) =>
  scoringApi
    .get<PageOf<VulActivityEntry>>(`api/${encodeURIComponent(id)}/activity/`, {
      params: { page, page_size: VUL_HISTORY_PAGE_SIZE },
    })
    .then((r) => r.data);

export const vulActivityQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.scoring.activity(id, page),
    queryFn: () => fetchActivity(id, page),
    placeholderData: keepPreviousData,
  });

export const useVulActivity = (id: string, page: number) => useQuery(vulActivityQuery(id, page));
