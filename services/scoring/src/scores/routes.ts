// GET/PATCH/DELETE /api/vuls/{id}/score/ (SPEC §7 base 2): our SSVC decision (computed by core's decideSsvc
// from the decision points sent), CVSS 4.0 and 3.x vectors (scored by core's engines), CWEs. Writes only by
// the holder of the vulnerability's lock (409 naming the holder, or asking to lock first).
import type { FastifyInstance } from 'fastify';
import { noContent, routes } from '@cvdp/server-kit';
import { type VulScore, vulScorePatchSchema, vulScoreSchema } from '@cvdp/core/scoring/index';
import { findVulId, readScore } from '../records/store.ts';
import { SCORING_ROLES, callerOf, vulParams } from '../records/routes.ts';
import { deleteScore, patchScore } from './store.ts';

const EMPTY_SCORE: VulScore = {
  ssvc: null,
  cvss4: null,
  cvss3: null,
  cwes: [],
  scored_by: null,
  updated_at: null,
};
const tags = ['score'];

export async function scoreRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const lockSeconds = () => app.config.scoringLockSeconds;

  r.get(
    '/api/vuls/:id/score/',
    {
      summary: 'Our score: SSVC decision, CVSS 4.0/3.1, CWEs (nulls when not scored)',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      response: { 200: vulScoreSchema },
    },
    async (request) => (await readScore(db, await findVulId(db, request.params.id))) ?? EMPTY_SCORE,
  );

  r.patch(
    '/api/vuls/:id/score/',
    {
      summary:
        'Score (lock holder only): ssvc {table, values}, cvss4, cvss3 (vectors), cwes; null removes a part',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      body: vulScorePatchSchema,
      response: { 200: vulScoreSchema },
    },
    async (request) => {
      const id = await findVulId(db, request.params.id);
      await patchScore(db, id, request.body, callerOf(request.user!), lockSeconds());
      return (await readScore(db, id)) ?? EMPTY_SCORE;
    },
  );

  r.delete(
    '/api/vuls/:id/score/',
    {
      summary: 'Remove our score (lock holder only)',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const id = await findVulId(db, request.params.id);
      await deleteScore(db, id, callerOf(request.user!), lockSeconds());
      return reply.status(204).send();
    },
  );
}
