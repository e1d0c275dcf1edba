// GET /api/insights/vulnrich/: the decisions and severities scorers gave over a date range.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VulnrichInsights } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type InsightsRange, insightsKey, insightsParams } from './insights.ts';

export const fetchVulnrichInsights = (range: InsightsRange) =>
  scoringApi
    .get<VulnrichInsights>('api/insights/vulnrich/', { params: insightsParams(range) })
    .then((r) => r.data);

export const vulnrichInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    queryKey: queryKeys.scoring.insights('vulnrich', insightsKey(range)),
    queryFn: () => fetchVulnrichInsights(range),
    placeholderData: keepPreviousData,
  });

export const useVulnrichInsights = (range: InsightsRange) => useQuery(vulnrichInsightsQuery(range));
