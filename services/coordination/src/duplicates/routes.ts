// Likely duplicates and bulk triage (issue 28): a case's likely duplicates (GET /api/case/{id}/duplicates/),
// "merge into case N" (POST /api/case/{id}/merge/) and the triage queue's bulk actions (POST /api/triage/bulk/).
import type { FastifyInstance } from 'fastify';
import {
  type DuplicatesAnswer,
  bulkTriageAnswerSchema,
  bulkTriageSchema,
  duplicatesAnswerSchema,
  mergeAnswerSchema,
  mergeReportSchema,
  triageMessageSchema,
} from '@cvdp/core';
import { z } from 'zod';
import { STAFF, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { callerOf } from '../policy/index.ts';
import { bulkTriage } from './bulk.ts';
import { mergeReport } from './merge.ts';
import { triageMessages } from './messages.ts';
import { findDuplicates, recordFinding, signalsOfCase } from './store.ts';

const tags = ['triage'];

export async function duplicateRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/duplicates/',
    {
      summary:
        "Likely duplicates of the case's report among the cases the caller may see and the CVE records",
      tags,
      response: { 200: duplicatesAnswerSchema },
      allow: { action: 'duplicate.read' },
    },
    async (request, _reply, access): Promise<DuplicatesAnswer> => {
      const signals = await signalsOfCase(db, access.caseId);
      const results = signals
        ? await findDuplicates(db, callerOf(request.user!), signals, access.caseId)
        : [];
      if (access.staff) await recordFinding(db, access.caseId, results.length);
      return { case: access.caseId, results };
    },
  );

  inCase.post(
    '/api/case/:id/merge/',
    {
      summary:
        "Attach this triage case's report to case `into`, close this one as a duplicate, tell the reporter (staff)",
      tags,
      body: mergeReportSchema,
      response: { 200: mergeAnswerSchema },
      allow: { action: 'report.merge', message: 'Only coordinators can merge reports.' },
    },
    (request, _reply, access) =>
      mergeReport(db, request.user!, access.caseId, request.body, app.config.publicUrl),
  );

  r.get(
    '/api/triage/messages/',
    {
      summary:
        "The bulk close's messages to reporters: the status-changed message templates administrators edit (staff)",
      tags,
      access: STAFF,
      response: { 200: z.array(triageMessageSchema) },
    },
    () => triageMessages(db),
  );

  r.post(
    '/api/triage/bulk/',
    {
      summary:
        'One action on several reports in triage, each in its own transaction; what happened to each (staff)',
      tags,
      access: STAFF,
      body: bulkTriageSchema,
      response: { 200: bulkTriageAnswerSchema },
    },
    (request) => bulkTriage(app, request.user!, request.body),
  );
}
