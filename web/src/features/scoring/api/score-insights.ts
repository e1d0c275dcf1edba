// GET /api/insights/score/: how our scores compare over a date range (every scorer: no user filter).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScoreInsights } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { InsightsRange } from './insights.ts';

export const fetchScoreInsights = (range: InsightsRange) =>
  scoringApi
    .get<ScoreInsights>('api/insights/score/', { params: { start: range.start, end: range.end } })
    .then((r) => r.data);

export const scoreInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    queryKey: queryKeys.scoring.insights('score', { start: range.start, end: range.end }),
    queryFn: () => fetchScoreInsights(range),
    placeholderData: keepPreviousData,
  });

export const useScoreInsights = (range: InsightsRange) => useQuery(scoreInsightsQuery(range));
