// GET /api/insights/: scoring work over a date range (optionally one scorer's): scored per day, time to score,
// the queue, agreement with other sources.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface InsightsRange {
  start: string;
  end: string;
  user?: string;
}

export const insightsParams = ({ start, end, user }: InsightsRange) => ({
  start,
  end,
  ...(user ? { user } : {}),
});

/** The range as the insights keys hold it (user undefined for everyone). */
export const insightsKey = (range: InsightsRange) => ({
  start: range.start,
  end: range.end,
  user: range.user,
});

export const fetchInsights = (range: InsightsRange) =>
  scoringApi.get<Insights>('api/insights/', { params: insightsParams(range) }).then((r) => r.data);

export const insightsQuery = (range: InsightsRange) =>
  queryOptions({
    queryKey: queryKeys.scoring.insights('main', insightsKey(range)),
    queryFn: () => fetchInsights(range),
    placeholderData: keepPreviousData,
  });

export const useInsights = (range: InsightsRange) => useQuery(insightsQuery(range));
