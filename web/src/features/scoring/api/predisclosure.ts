// GET /api/predisclosure/vuls/: a page of the vulnerabilities of cases whose advisory is not published yet.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import type { PredisclosureVul } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchPredisclosure = (params: Record<string, string>) =>
  scoringApi.get<PageOf<PredisclosureVul>>('api/predisclosure/vuls/', { params }).then((r) => r.data);

export const predisclosureQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: queryKeys.scoring.predisclosure(params),
    queryFn: () => fetchPredisclosure(params),
    placeholderData: keepPreviousData,
  });

export const usePredisclosure = (params: Record<string, string>) => useQuery(predisclosureQuery(params));
