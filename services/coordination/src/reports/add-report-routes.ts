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
  withPocFileName,
} from '@cvdp/core';
import {
  type AuthUser,
  type Db,
  HttpError,
  forbidden,
  recordActivity,
  uniqueViolation,
} from '@cvdp/server-kit';
import { eq } from 'drizzle-orm';
import { insertArtifact } from '../artifacts/store.ts';
import { caseScope } from '../cases/case-scope.ts';
import { markFirstResponse } from '../cases/store.ts';
import { cases } from '../cases/tables.ts';
import { can } from '../policy/index.ts';
import { readReportSubmission, type ReportSubmission } from './report-submission.ts';
import { submittedView } from './report-view.ts';
import { REPORT_ARTIFACT_SOURCE, type ReportRow, findBySubmissionKey } from './store.ts';
import { assertSubmitRate, assertWithinQuota } from './submit-limits.ts';
import { reports } from './tables.ts';

export const ADD_REPORT_FORBIDDEN = 'Only coordinators can add a report to a case.';
export const SUBMISSION_KEY_OF_ANOTHER_CASE = 'This submission key was used for another case.';

async function addReport(
  db: Db,
  user: AuthUser,
  caseId: number,
  input: ReportSubmission,
): Promise<ReportRow> {
  const list = withPocFileName(input.report, input.poc?.fileName ?? null);
  return db.transaction(async (tx) => {
    const [report] = await tx
      .insert(reports)
      .values({
        caseId,
        submittedBy: user.id,
        original: list,
        current: list,
        submissionKey: input.submissionKey,
      })
      .returning();
    const artifact = input.poc
      ? await insertArtifact(tx, {
          caseId,
          userId: user.id,
          upload: input.poc,
          source: REPORT_ARTIFACT_SOURCE,
        })
      : null;
    await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, caseId));
    await markFirstResponse(tx, caseId);
    await recordActivity(tx, {
      actorId: user.id,
      caseId,
      verb: 'added report',
      objectType: 'report',
      objectId: report.id,
      after: { poc: artifact },
    });
    return report;
  });
}

export async function addReportRoutes(app: FastifyInstance) {
  const { db, storage, config } = app;
  const inCase = caseScope(app);

  inCase.get(
    '/report/add/case/:id/',
    { summary: 'The empty form for adding a report to the case (staff)', tags: ['reports'] },
    async (_request, _reply, access): Promise<AddReportForm> => {
      if (!can('report.add', access)) throw forbidden(ADD_REPORT_FORBIDDEN);
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
    },
    async (request, reply, access) => {
      // Access and the rate are settled before the body is read, so a refused request stores no file.
      if (!can('report.add', access)) throw forbidden(ADD_REPORT_FORBIDDEN);
      const user = request.user!;
      await assertSubmitRate(db, user.id, config);
      const submission = await readReportSubmission(request, storage, config.maxUploadBytes);
      const dropPoc = async () => {
        if (submission.poc) await storage.delete(submission.poc.key);
      };
      try {
        await assertWithinQuota(db, user.id, config, submission.poc?.size ?? 0);
        // A repeated submit (double click, retry) gets the first one's answer.
        const seen = submission.submissionKey
          ? await findBySubmissionKey(db, user.id, submission.submissionKey)
          : undefined;
        const repeated = async (first: ReportRow) => {
          if (first.caseId !== access.caseId) {
            throw new HttpError(400, SUBMISSION_KEY_OF_ANOTHER_CASE, {
              submission_key: [SUBMISSION_KEY_OF_ANOTHER_CASE],
            });
          }
          await dropPoc();
          return reply.status(200).send(submittedView(first));
        };
        if (seen) return await repeated(seen);
        try {
          const report = await addReport(db, user, access.caseId, submission);
          return reply.status(201).send(submittedView(report));
        } catch (error) {
          // Two submits with one key raced: the other one won.
          if (submission.submissionKey && uniqueViolation(error) === 'reports_submission_key_idx') {
            const first = await findBySubmissionKey(db, user.id, submission.submissionKey);
            if (first) return await repeated(first);
          }
          throw error;
        }
      } catch (error) {
        await dropPoc();
        throw error;
      }
    },
  );
}
