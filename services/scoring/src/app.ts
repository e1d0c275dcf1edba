// The scoring service (base 2). Its domains (vuls queue, scores, analysis/ADP, CPE, priorities,
// assignments, insights, predisclosure) arrive with later issues; each gets its own folder here, shaped
// like a coordination domain (tables.ts, store.ts, routes.ts with schemas through the kit's `routes`).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiDocsPlugin, routes } from '@cvdp/server-kit';
import { scoringUserRoutes } from './users/routes.ts';
import { queueRoutes } from './records/routes.ts';
import { queueCounts } from './records/store.ts';
import { scoreRoutes } from './scores/routes.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { cpeRoutes } from './cpe/routes.ts';
import { workRoutes } from './work/routes.ts';
import { insightsRoutes } from './insights/routes.ts';
import { predisclosureRoutes } from './predisclosure/routes.ts';
import { scoringCaseRoutes } from './cases/routes.ts';
import { coordinationSyncPlugin } from './ingest/coordination-sync.ts';

const serviceStatus = z.object({ service: z.literal('scoring'), status: z.literal('ok') });

export async function scoringService(app: FastifyInstance) {
  // Scorers and admins read base 2's description; it documents their calls.
  await app.register(apiDocsPlugin, {
    title: 'CVDP scoring service (base 2)',
    description: 'The queue of published CVEs that scorers enrich.',
    roles: ['scorer', 'admin', 'coordinator'],
  });
  routes(app).get(
    '/',
    { summary: 'Service status', tags: ['status'], access: 'public', response: { 200: serviceStatus } },
    async () => ({ service: 'scoring', status: 'ok' }),
  );
  // Any write through this service may change the queue: its kept counts are dropped (records/store.ts).
  queueCounts.dropOnWrites(app);
  await app.register(scoringUserRoutes);
  await app.register(queueRoutes);
  await app.register(scoreRoutes);
  await app.register(ingestRoutes);
  await app.register(analysisRoutes);
  await app.register(cpeRoutes);
  await app.register(workRoutes);
  await app.register(insightsRoutes);
  await app.register(predisclosureRoutes);
  await app.register(scoringCaseRoutes);
  await app.register(coordinationSyncPlugin);
}
