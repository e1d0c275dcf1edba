// GET /api/metrics/?start=yyyy-MM-dd&end=yyyy-MM-dd[&user=] (SPEC §7): the staff dashboard's figures.
// Staff only (403 for anyone else): the figures span every case.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  type Metrics,
  type WeeklyMetrics,
  UNKNOWN_METRICS_USER,
  metricsQuery,
  metricsSchema,
  weeklyMetricsSchema,
} from '@cvdp/core';
import { HttpError, STAFF, routes, users } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { durationStats, metricsDays } from './store.ts';
import { weeklyMetrics } from './weekly.ts';

export async function metricsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);

  r.get(
    '/api/metrics/',
    {
      summary: 'Cases opened, activated and closed per day, time to first response and to close (staff)',
      tags: ['metrics'],
      access: STAFF,
      query: metricsQuery,
      response: { 200: metricsSchema },
    },
    async (request): Promise<Metrics> => {
      const { start, end, user: userId } = request.query;
      let user: Metrics['user'] = null;
      if (userId !== undefined) {
        const [row] = await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.id, userId));
        if (!row) throw new HttpError(400, UNKNOWN_METRICS_USER, { user: [UNKNOWN_METRICS_USER] });
        user = row;
      }
      const range = { start, end, userId };
      const [days, firstResponse, close] = await Promise.all([
        metricsDays(db, range),
        durationStats(db, range, cases.firstResponseAt),
        durationStats(db, range, cases.closedAt),
      ]);
      const total = (key: 'opened' | 'activated' | 'closed') => days.reduce((sum, d) => sum + d[key], 0);
      return {
        start,
        end,
        user,
        days,
        totals: { opened: total('opened'), activated: total('activated'), closed: total('closed') },
        time_to_first_response: firstResponse,
        time_to_close: close,
      };
    },
  );

  r.get(
    '/api/metrics/weekly/',
    {
      summary:
        'The triage desk per week, the last 12 (Monday to Sunday, UTC): reports received, duplicates found and merged, median time to first response, held reports (staff)',
      tags: ['metrics'],
      access: STAFF,
      response: { 200: weeklyMetricsSchema },
    },
    async (): Promise<WeeklyMetrics> => ({ weeks: await weeklyMetrics(db, app.clock.now()) }),
  );
}
