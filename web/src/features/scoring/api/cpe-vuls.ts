// GET /api/cpe/vuls/: the vulnerabilities whose CPEs match a CPE name (wildcards count), 100 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { VulSummary } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CPE_VULS_PAGE_SIZE = 100;

export const fetchCpeVuls = (cpe: string, page: number) =>
  scoringApi
    .get<PageOf<VulSummary>>('api/cpe/vuls/', { params: { page_size: CPE_VULS_PAGE_SIZE, cpe, page } })
    .then((r) => r.data);

export const cpeVulsQuery = (cpe: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.scoring.cpeVuls(cpe, page),
    queryFn: () => fetchCpeVuls(cpe, page),
    placeholderData: keepPreviousData,
  });

export const useCpeVuls = (cpe: string, page: number) => useQuery(cpeVulsQuery(cpe, page));
