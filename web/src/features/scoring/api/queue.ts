// GET /api/vuls/: a page of the scoring queue, its filters, ordering and page as the address has them.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { VulSummary } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchQueue = (params: Record<string, string>) =>
  scoringApi.get<PageOf<VulSummary>>('api/vuls/', { params }).then((r) => r.data);

export const queueQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.scoring.queue(params),
    queryFn: () => fetchQueue(params),
    placeholderData: keepPreviousData,
  });

export const useQueue = (params: Record<string, string>) => useQuery(queueQuery(params));
