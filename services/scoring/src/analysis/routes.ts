// The analysis of a queue vulnerability (SPEC §7 base 2): GET/POST/PATCH /api/vuls/{id}/analysis/ (the
// written analysis with references and KEV data; the lock holder writes), POST /api/vuls/{id}/analysis/adp/
// (our ADP container: built, validated with the full record against CVE JSON 5.1 — 409 listing the errors —
// stored, and sent to CVE Services when an ADP account and client exist; `sent` and `reason` say what
// happened) and GET /api/vuls/{id}/analysis/activity/?page=n.
import type { FastifyInstance } from 'fastify';
import { pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { adpBuildResultSchema, analysisBodySchema, vulAnalysisSchema } from '@cvdp/core/scoring/work';
import { vulActivityEntrySchema } from '@cvdp/core/scoring/index';
import { findVulId } from '../records/store.ts';
import { SCORING_ROLES, callerOf, vulParams } from '../records/routes.ts';
import {
  buildAdp,
  countAnalysisActivity,
  listAnalysisActivity,
  readAnalysis,
  writeAnalysis,
} from './store.ts';
import { adpSenderOf } from './send.ts';

const tags = ['analysis'];

export async function analysisRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const lockSeconds = () => app.config.scoringLockSeconds;
  const send = adpSenderOf(app);

  r.get(
    '/api/vuls/:id/analysis/',
    {
      summary: 'The written analysis, its references, KEV data and our ADP container',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      response: { 200: vulAnalysisSchema },
    },
    async (request) => readAnalysis(db, await findVulId(db, request.params.id)),
  );

  for (const [method, mode] of [
    ['post', 'create'],
    ['patch', 'update'],
  ] as const) {
    r[method](
      '/api/vuls/:id/analysis/',
      {
        summary:
          mode === 'create'
            ? 'Write the analysis (lock holder): analysis, references [{url, name, tags}], kev {dateAdded, reference}'
            : 'Change the analysis (lock holder): the parts sent',
        tags,
        access: SCORING_ROLES,
        params: vulParams,
        body: analysisBodySchema,
        response: mode === 'create' ? { 201: vulAnalysisSchema } : { 200: vulAnalysisSchema },
      },
      async (request, reply) => {
        const id = await findVulId(db, request.params.id);
        await writeAnalysis(db, id, request.body, callerOf(request.user!), lockSeconds(), mode);
        return reply.status(mode === 'create' ? 201 : 200).send(await readAnalysis(db, id));
      },
    );
  }

  r.post(
    '/api/vuls/:id/analysis/adp/',
    {
      summary:
        'Build our ADP container (CISA shapes), validate the record with it, store it and send it when possible',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      response: { 200: adpBuildResultSchema },
    },
    async (request) => {
      const id = await findVulId(db, request.params.id);
      return buildAdp(db, id, callerOf(request.user!), lockSeconds(), send);
    },
  );

  r.get(
    '/api/vuls/:id/analysis/activity/',
    {
      summary: 'What was done to the analysis and the ADP container, newest first (paged)',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      query: pageQuery(50, 200),
      response: { 200: pageOf(vulActivityEntrySchema) },
    },
    async (request) => {
      const id = await findVulId(db, request.params.id);
      return paginate(
        request,
        request.query,
        () => countAnalysisActivity(db, id),
        (limit, offset) => listAnalysisActivity(db, id, limit, offset),
      );
    },
  );
}
