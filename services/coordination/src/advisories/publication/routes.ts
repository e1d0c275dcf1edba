// The guard rails' and the scheduled publication's calls (issue 25 items 4 and 5), all staff:
// GET …/advisory/blockers/ (what publishing the latest revision now would be blocked by — the confirmation
// dialog lists it), and GET/POST/DELETE …/advisory/publication/ (the case's schedule: read, create, cancel).
import type { FastifyInstance } from 'fastify';
import {
  blockersAnswerSchema,
  scheduleAnswerSchema,
  scheduleRequestSchema,
  scheduleSchema,
} from '@cvdp/core';
import { noContent } from '@cvdp/server-kit';
import { caseScope } from '../../cases/case-scope.ts';
import { latestBlockers } from './guard.ts';
import { embargoLink } from './embargo-link.ts';
import { cancelSchedule, createSchedule, currentSchedule, scheduleView } from './store.ts';

const tags = ['advisories'];
export const SCHEDULE_FORBIDDEN = 'Only coordinators can see what blocks publication or schedule it.';
const allow = { action: 'publication.schedule', message: SCHEDULE_FORBIDDEN } as const;

export async function publicationRoutes(app: FastifyInstance) {
  const { db } = app;
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/advisory/blockers/',
    {
      summary:
        'What publishing the latest revision now would be blocked by: approvals pending or declined, an embargo ' +
        'still running, a failing CSAF export, vulnerabilities without a CVE id or a valid CVE record (staff)',
      tags,
      response: { 200: blockersAnswerSchema },
      allow,
    },
    async (request, _reply, access) => {
      const { revision, blockers } = await latestBlockers(app, {
        access,
        actor: { id: request.user!.id, name: request.user!.name },
      });
      return { revision: revision?.revision ?? null, blockers };
    },
  );

  inCase.get(
    '/api/case/:id/advisory/publication/',
    {
      summary:
        "The case's scheduled publication (the latest: scheduled, published, blocked or cancelled), or null (staff)",
      tags,
      response: { 200: scheduleAnswerSchema },
      allow,
    },
    async (_request, _reply, access) => {
      const row = await currentSchedule(db, access.caseId);
      return { schedule: row ? await scheduleView(db, row) : null };
    },
  );

  inCase.post(
    '/api/case/:id/advisory/publication/',
    {
      summary:
        'Schedule the publication of the latest shared revision at the embargo’s end (when: embargo_end) or at an ' +
        'instant (when: at, at), optionally with the CVE records (publish_cves) (staff)',
      tags,
      body: scheduleRequestSchema,
      response: { 201: scheduleSchema },
      allow,
    },
    async (request, reply, access) => {
      const row = await createSchedule(
        { db, caseId: access.caseId, actorId: request.user!.id, now: app.clock.now(), embargo: embargoLink },
        request.body,
      );
      return reply.code(201).send(await scheduleView(db, row));
    },
  );

  inCase.delete(
    '/api/case/:id/advisory/publication/',
    {
      summary: 'Cancel the scheduled publication (staff); 404 when none is scheduled',
      tags,
      response: { 204: noContent },
      allow,
    },
    async (request, reply, access) => {
      await cancelSchedule({ db, caseId: access.caseId, actorId: request.user!.id, now: app.clock.now() });
      return reply.code(204).send();
    },
  );
}
