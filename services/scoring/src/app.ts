// The scoring service (base 2). Its domains (vuls queue, scores, analysis/ADP, CPE, priorities,
// assignments, insights, predisclosure) arrive with later issues; each gets its own folder here.
import type { FastifyInstance } from 'fastify';
import { scoringUserRoutes } from './users/routes.ts';

export async function scoringService(app: FastifyInstance) {
  app.get('/', async () => ({ service: 'scoring', status: 'ok' }));
  await app.register(scoringUserRoutes);
}
