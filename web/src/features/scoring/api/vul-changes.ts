// GET /api/vuls/{id}/changes/: a page (10) of the changes of a vulnerability, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { VulChange } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const VUL_HISTORY_PAGE_SIZE = 10;

export const fetchChanges = (id: string, page: number) =>
  scoringApi
    .get<PageOf<VulChange>>(`api/vuls/${encodeURIComponent(id)}/changes/`, {
      params: { page, page_size: VUL_HISTORY_PAGE_SIZE },
    })
    .then((r) => r.data);

export const vulChangesQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.scoring.changes(id, page),
    queryFn: () => fetchChanges(id, page),
    placeholderData: keepPreviousData,
  });

export const useVulChanges = (id: string, page: number) => useQuery(vulChangesQuery(id, page));
