// Case calls of this domain: GET /api/cases/{id}/ for whoever may see the case (404 for anyone else).
import type { FastifyInstance } from 'fastify';
import { loadCaseForUser, parseCaseId } from './case-access.ts';
import { caseView } from './case-view.ts';

export async function caseRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get('/api/cases/:id/', { preHandler: app.requireUser }, async (request) => {
    const user = request.user!;
    const c = await loadCaseForUser(db, user, parseCaseId(request.params));
    return caseView(db, user, c);
  });
}
