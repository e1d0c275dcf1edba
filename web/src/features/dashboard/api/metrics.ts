// GET /api/metrics/?start=yyyy-MM-dd&end=yyyy-MM-dd[&user=] (staff): cases opened, activated and closed per
// day, totals, time to first response and to close.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Metrics } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface MetricsRange {
  start: string;
  end: string;
  user?: number;
}

export const fetchMetrics = (p: MetricsRange) =>
  coordinationApi.get<Metrics>('api/metrics/', { params: p }).then((r) => r.data);

export const dashboardMetricsQuery = (range: MetricsRange) =>
  queryOptions({
    queryKey: queryKeys.dashboard.metrics(range.start, range.end, range.user),
    queryFn: () => fetchMetrics(range),
    placeholderData: keepPreviousData,
  });

export const useMetrics = (range: MetricsRange) => useQuery(dashboardMetricsQuery(range));
