// GET /api/cpe/: CPE 2.3 names seen in records or added by scorers, searched by any part of the name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { CpeEntry } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const searchCpes = (query: string, page: number, pageSize: number) =>
  scoringApi
    .get<PageOf<CpeEntry>>('api/cpe/', {
      params: { ...(query ? { query } : {}), page, page_size: pageSize },
    })
    .then((r) => r.data);

export const cpesQuery = (query: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.scoring.cpes(query, page),
    queryFn: () => searchCpes(query, page, pageSize),
    placeholderData: keepPreviousData,
  });

export const useCpes = (query: string, page: number, pageSize: number) =>
  useQuery(cpesQuery(query, page, pageSize));
