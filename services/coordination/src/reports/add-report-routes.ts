// More reports on a case (SPEC §7): GET /report/add/case/{id}/ describes the empty form, POST
// /report/case/{id}/add/ attaches another report (staff) — the same multipart form, validation, submit
// limits and file handling as intake. The case keeps its first report as its own (its title, the case
// detail's `report`); added reports are searchable and their files are the case's artifacts.
import type { FastifyInstance } from 'fastify';
import {
  type AddReportForm,
  POC_QUESTION,
  REPORT_QUESTIONS,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_QUESTIONS,
  addReportFormSchema,
  submittedReportAnswerSchema,
} from '@cvdp/core';
import { HttpError } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { submittedView } from './report-view.ts';
import { addReport } from './store.ts';
import { submitReport } from './submit-pipeline.ts';

export const ADD_REPORT_FORBIDDEN = 'Only coordinators can add a report to a case.';
export const SUBMISSION_KEY_OF_ANOTHER_CASE = 'This submission key was used for another case.';

export async function addReportRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const inCase = caseScope(app);

  inCase.get(
    '/report/add/case/:id/',
    {
      summary: 'The empty form for adding a report to the case (staff)',
      tags: ['reports'],
      response: { 200: addReportFormSchema },
      allow: { action: 'report.add', message: ADD_REPORT_FORBIDDEN },
    },
    async (_request, _reply, access): Promise<AddReportForm> => {
      return {
        case: access.caseId,
        case_title: access.case.title,
        questions: { ...REPORT_QUESTIONS },
        poc_question: POC_QUESTION,
        vulnerabilities_question: VULNERABILITIES_QUESTION,
        vulnerability_questions: { ...VULNERABILITY_QUESTIONS },
        max_upload_bytes: config.maxUploadBytes,
      };
    },
  );

  inCase.post(
    '/report/case/:id/add/',
    {
      summary: 'Attach another report to the case (staff; multipart like intake)',
      tags: ['reports'],
      multipart: true,
      response: { 200: submittedReportAnswerSchema, 201: submittedReportAnswerSchema },
      allow: { action: 'report.add', message: ADD_REPORT_FORBIDDEN },
    },
    async (request, reply, access) => {
      const user = request.user!;
      const { report, created } = await submitReport(app, request, user.id, {
        write: (submission) => addReport(db, user, access.caseId, submission),
        // A repeat answers the first submission only when that one went to this case.
        checkRepeat: (first) => {
          if (first.caseId !== access.caseId) {
            throw new HttpError(400, SUBMISSION_KEY_OF_ANOTHER_CASE, {
              submission_key: [SUBMISSION_KEY_OF_ANOTHER_CASE],
            });
          }
        },
      });
      return reply.status(created ? 201 : 200).send(submittedView(report));
    },
  );
}
