// Predisclosure (SPEC §7 base 2): GET /api/predisclosure/vuls/ (query, ordering; paged), GET/PATCH
// /api/predisclosure/vuls/{id}/ (notes, assign), POST /api/predisclosure/vuls/{id}/ (a case made from it
// through base 1's API) and PATCH /api/predisclosure/vuls/{id}/score/ (CVSS + SSVC kept on the scoring
// side). {id} is base 1's vulnerability id; one whose case's advisory is published answers 404.
import type { FastifyInstance } from 'fastify';
import { idParams } from '@cvdp/core';
import { pageOf, paginate, routes } from '@cvdp/server-kit';
import {
  caseCreatedSchema,
  predisclosureListQuerySchema,
  predisclosurePatchSchema,
  predisclosureScoreSchema,
  predisclosureVulSchema,
} from '@cvdp/core/scoring/work';
import { SCORING_ROLES } from '../records/routes.ts';
import { coordinationClient } from '../cases/coordination-client.ts';
import { createCaseFrom } from '../cases/create-case.ts';
import {
  countPredisclosure,
  listPredisclosure,
  patchPredisclosure,
  readPredisclosure,
  scorePredisclosure,
} from './store.ts';

export async function predisclosureRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const call = coordinationClient(app);
  const spec = { tags: ['predisclosure'], access: SCORING_ROLES };

  r.get(
    '/api/predisclosure/vuls/',
    {
      ...spec,
      summary: 'Embargoed vulnerabilities of coordination cases (advisory not published): query, ordering',
      query: predisclosureListQuerySchema,
      response: { 200: pageOf(predisclosureVulSchema) },
    },
    async (request) => {
      const q = request.query;
      return paginate(
        request,
        q,
        () => countPredisclosure(db, q.query),
        (limit, offset) => listPredisclosure(db, q.query, q.ordering, limit, offset),
      );
    },
  );

  r.get(
    '/api/predisclosure/vuls/:id/',
    {
      ...spec,
      summary: 'One embargoed vulnerability with our notes, assignment and scores',
      params: idParams,
      response: { 200: predisclosureVulSchema },
    },
    async (request) => readPredisclosure(db, request.params.id),
  );

  r.patch(
    '/api/predisclosure/vuls/:id/',
    {
      ...spec,
      summary: 'Notes and the scorer it is assigned to',
      params: idParams,
      body: predisclosurePatchSchema,
      response: { 200: predisclosureVulSchema },
    },
    async (request) => patchPredisclosure(db, request.params.id, request.user!.id, request.body),
  );

  r.post(
    '/api/predisclosure/vuls/:id/',
    {
      ...spec,
      summary: 'Create a coordination case from it (through base 1’s API as the service account)',
      params: idParams,
      // 201 when the case was made now, 200 when an earlier call had made it.
      response: { 200: caseCreatedSchema, 201: caseCreatedSchema },
    },
    async (request, reply) => {
      const v = await readPredisclosure(db, request.params.id);
      const created = await createCaseFrom(call, {
        key: `scoring-predisclosure-${v.id}`,
        title: v.title || `Vulnerability ${v.local_id} of case ${v.case.id}`,
        product: v.case.title,
        description: v.description,
        cve: null,
        cwes: v.cwes.map((n) => `CWE-${n}`),
        references: [],
        exploited: false,
        published: false,
      });
      return reply.status(created.vul ? 201 : 200).send(created);
    },
  );

  r.patch(
    '/api/predisclosure/vuls/:id/score/',
    {
      ...spec,
      summary: 'Score it: ssvc {table, values}, cvss4, cvss3 (vectors); null removes a part',
      params: idParams,
      body: predisclosureScoreSchema,
      response: { 200: predisclosureVulSchema },
    },
    async (request) => scorePredisclosure(db, request.params.id, request.user!.id, request.body),
  );
}
