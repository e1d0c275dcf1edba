// GET /api/metrics/?start=yyyy-MM-dd&end=yyyy-MM-dd[&user=] (staff): cases opened, activated and closed per
// day, totals, time to first response and to close.
import type { Metrics } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const fetchMetrics = (p: { start: string; end: string; user?: number }) =>
  coordinationApi.get<Metrics>('api/metrics/', { params: p }).then((r) => r.data);
