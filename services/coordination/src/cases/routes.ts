// Case calls (SPEC §7): GET /api/cases/{id}/ — the case, with what other domains add to it (the report).
import type { FastifyInstance } from 'fastify';
import { caseScope } from './case-scope.ts';
import { caseView, type CaseDetailPart } from './case-view.ts';

export interface CaseRoutesOptions {
  /** What other domains add to the case detail (e.g. `report`), composed by app.ts. */
  detailParts: CaseDetailPart[];
}

export async function caseRoutes(app: FastifyInstance, options: CaseRoutesOptions) {
  const inCase = caseScope(app);

  inCase.get(
    '/api/cases/:id/',
    { summary: 'The case, as the caller may see it', tags: ['cases'] },
    (_request, _reply, access) => caseView(app.db, access, options.detailParts),
  );
}
