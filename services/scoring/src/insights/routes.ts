// Insights (SPEC §7 base 2): GET /api/insights/?start&end[&user], /api/insights/vulnrich/?start&end[&user]
// and /api/insights/score/?start&end (dates yyyy-MM-dd, UTC days, both included). Scorers and admins.
import type { FastifyInstance } from 'fastify';
import { routes } from '@cvdp/server-kit';
import {
  insightsQuerySchema,
  insightsSchema,
  insightsScoreQuerySchema,
  scoreInsightsSchema,
  vulnrichInsightsSchema,
} from '@cvdp/core/scoring/work';
import { SCORING_ROLES } from '../records/routes.ts';
import { insights, scoreInsights, vulnrichInsights } from './store.ts';

export async function insightsRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const tags = ['insights'];
  r.get(
    '/api/insights/',
    {
      summary: 'Scored per day, time to score, queue size',
      tags,
      access: SCORING_ROLES,
      query: insightsQuerySchema,
      response: { 200: insightsSchema },
    },
    async (request) => insights(db, request.query),
  );
  r.get(
    '/api/insights/vulnrich/',
    {
      summary: "Agreement per decision point between our SSVC and CISA's ADP SSVC on the same CVEs",
      tags,
      access: SCORING_ROLES,
      query: insightsQuerySchema,
      response: { 200: vulnrichInsightsSchema },
    },
    async (request) => vulnrichInsights(db, request.query),
  );
  r.get(
    '/api/insights/score/',
    {
      summary: 'Distribution of our SSVC decisions and CVSS severities',
      tags,
      access: SCORING_ROLES,
      query: insightsScoreQuerySchema,
      response: { 200: scoreInsightsSchema },
    },
    async (request) => scoreInsights(db, request.query),
  );
}
