// GET /api/metrics/weekly/ (staff): the triage desk's last 12 weeks — reports received, duplicates found and
// merged, median time to first response, held reports.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeeklyMetrics } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchWeeklyMetrics = () =>
  coordinationApi.get<WeeklyMetrics>('api/metrics/weekly/').then((r) => r.data);

export const weeklyMetricsQuery = () =>
  queryOptions({ queryKey: queryKeys.dashboard.weekly(), queryFn: fetchWeeklyMetrics });

export const useWeeklyMetrics = () => useQuery(weeklyMetricsQuery());
