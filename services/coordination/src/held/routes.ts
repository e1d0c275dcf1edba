// Held reports (issue 28, item 4): the administrator's limits (GET/PUT /manage/report-limits/) and the
// release of a held report into the triage queue (POST /api/case/{id}/release/; the bulk bar's "release"
// goes through the same function). The triage queue's Held section is GET /api/triage/?held=true.
import type { FastifyInstance } from 'fastify';
import { releaseAnswerSchema, reportLimitsInputSchema, reportLimitsSchema } from '@cvdp/core';
import { recordActivity, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { limitsView, readLimits, releaseHeld, writeLimits } from './store.ts';

export async function heldRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const admin = { access: ['admin'] as const, tags: ['administration'] };

  r.get(
    '/manage/report-limits/',
    {
      ...admin,
      summary: 'Reports per day from one address range and from a new account before new ones are held',
      response: { 200: reportLimitsSchema },
    },
    async () => limitsView(await readLimits(db)),
  );

  r.put(
    '/manage/report-limits/',
    {
      ...admin,
      summary: 'Set the limits beyond which new reports are held (null: no limit) and the range prefixes',
      body: reportLimitsInputSchema,
      response: { 200: reportLimitsSchema },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const { before, after } = await writeLimits(tx, request.body);
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'report_limits.changed',
          objectType: 'report_limits',
          objectId: 1,
          before: limitsView(before),
          after: limitsView(after),
        });
        return limitsView(after);
      }),
  );

  inCase.post(
    '/api/case/:id/release/',
    {
      summary: 'Release a held report into the triage queue (staff)',
      tags: ['triage'],
      response: { 200: releaseAnswerSchema },
      allow: { action: 'report.release', message: 'Only coordinators can release held reports.' },
    },
    (request, _reply, access) => releaseHeld(db, request.user!, access.caseId),
  );
}
