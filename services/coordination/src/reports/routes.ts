// Report calls (SPEC §7): submit a report (creates a case), edit it, read the original (coordinators),
// and the signed-in user's own reports (a call of ours; the spec lists no path for it).
import type { FastifyInstance } from 'fastify';
import { asc, count, desc, eq } from 'drizzle-orm';
import { reportTitle } from '@cvdp/core';
import {
  cases,
  forbidden,
  notFound,
  pageQuerySchema,
  parseQuery,
  reportRevisions,
  reports,
  toPage,
} from '@cvdp/server-kit';
import { loadCaseForUser, parseCaseId } from '../cases/case-access.ts';
import { refOf, userRefs } from '../cases/user-refs.ts';
import {
  EDIT_FORBIDDEN_MESSAGE,
  ORIGINAL_FORBIDDEN_MESSAGE,
  mayEditReport,
  mayReadOriginal,
} from './report-permissions.ts';
import { createReport, editReport, findBySubmissionKey, loadReportOfCase } from './report-store.ts';
import { readReportSubmission } from './report-submission.ts';
import { submittedView } from './report-view.ts';

const reportListQuery = pageQuerySchema(20, 100);

export async function reportRoutes(app: FastifyInstance) {
  const { db, storage, config } = app;
  const signedIn = { preHandler: app.requireUser };

  app.post('/api/report/', signedIn, async (request, reply) => {
    const user = request.user!;
    const submission = await readReportSubmission(request, storage, config.maxUploadBytes);
    const dropPoc = async () => {
      if (submission.poc) await storage.delete(submission.poc.key);
    };
    // A repeated submit (double click, retry after a lost answer) gets the first one's case.
    const seen = submission.submissionKey
      ? await findBySubmissionKey(db, user.id, submission.submissionKey)
      : undefined;
    if (seen) {
      await dropPoc();
      return reply.status(200).send(submittedView(seen));
    }
    const result = await createReport(db, user, submission).catch(async (error: unknown) => {
      await dropPoc();
      throw error;
    });
    if (!result.created) await dropPoc();
    return reply.status(result.created ? 201 : 200).send(submittedView(result.report));
  });

  app.post('/api/case/:id/report/edit/', signedIn, async (request) => {
    const user = request.user!;
    // Access is settled before the body is read, so a refused edit never stores a file.
    const caseRow = await loadCaseForUser(db, user, parseCaseId(request.params));
    const report = await loadReportOfCase(db, caseRow.id);
    if (!report) throw notFound('This case has no report.');
    if (!mayEditReport(user, report)) throw forbidden(EDIT_FORBIDDEN_MESSAGE);
    const submission = await readReportSubmission(request, storage, config.maxUploadBytes);
    const edited = await editReport(db, user, caseRow, submission).catch(async (error: unknown) => {
      if (submission.poc) await storage.delete(submission.poc.key);
      throw error;
    });
    return { ...submittedView(edited ?? report), changed: edited !== null };
  });

  app.get('/case/:id/report/original/', signedIn, async (request) => {
    const user = request.user!;
    const caseRow = await loadCaseForUser(db, user, parseCaseId(request.params));
    if (!mayReadOriginal(user)) throw forbidden(ORIGINAL_FORBIDDEN_MESSAGE);
    const report = await loadReportOfCase(db, caseRow.id);
    if (!report) throw notFound('This case has no report.');
    const revisions = await db
      .select({
        id: reportRevisions.id,
        editedBy: reportRevisions.editedBy,
        createdAt: reportRevisions.createdAt,
      })
      .from(reportRevisions)
      .where(eq(reportRevisions.reportId, report.id))
      .orderBy(asc(reportRevisions.createdAt), asc(reportRevisions.id));
    const refs = await userRefs(db, [report.submittedBy, ...revisions.map((r) => r.editedBy)]);
    return {
      case: caseRow.id,
      id: report.id,
      report: report.original,
      submitted_by: refOf(refs, report.submittedBy),
      created: report.createdAt.toISOString(),
      edited: revisions.length > 0,
      edits: revisions.map((r) => ({ edited_by: refOf(refs, r.editedBy), date: r.createdAt.toISOString() })),
    };
  });

  app.get('/api/reports/', signedIn, async (request) => {
    const q = parseQuery(reportListQuery, request.query);
    const mine = eq(reports.submittedBy, request.user!.id);
    const [{ n }] = await db.select({ n: count() }).from(reports).where(mine);
    const rows = await db
      .select({ report: reports, caseTitle: cases.title, status: cases.status })
      .from(reports)
      .innerJoin(cases, eq(cases.id, reports.caseId))
      .where(mine)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    return toPage(
      request,
      q.page,
      q.page_size,
      n,
      rows.map(({ report, caseTitle, status }) => ({
        id: report.id,
        case: report.caseId,
        title: reportTitle(report.current) || caseTitle,
        status,
        created: report.createdAt.toISOString(),
        updated: report.updatedAt.toISOString(),
      })),
    );
  });
}
