// Report calls (SPEC §7): submit a report (creates a case), edit it, read the original (staff), and the
// signed-in user's own reports (a call of ours; the spec lists no path for it). The working copy is part of
// the case detail (reportDetailPart, composed into GET /api/cases/{id}/ by app.ts).
import type { FastifyInstance } from 'fastify';
import {
  HELD_REPORT_NOTICE,
  type MyReportRow,
  type OriginalReport,
  editedReportSchema,
  myReportRowSchema,
  originalReportSchema,
  reportTitle,
  submittedReportAnswerSchema,
} from '@cvdp/core';
import { forbidden, notFound, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { caseScope } from '../cases/case-scope.ts';
import { clientAddress, heldRow, holdReason, recordIntake } from '../held/store.ts';
import type { CaseDetailPart } from '../cases/case-view.ts';
import { can } from '../policy/index.ts';
import { EDIT_FORBIDDEN_MESSAGE, ORIGINAL_FORBIDDEN_MESSAGE } from './messages.ts';
import { caseReportView, submittedView } from './report-view.ts';
import { receiveReportForm, submitReport } from './submit-pipeline.ts';
import {
  countReportEdits,
  countReportsOf,
  createReport,
  editReport,
  listReportsOf,
  loadReportOfCase,
  reportEdits,
} from './store.ts';

/** The case detail's `report`: the working copy, for everyone who may see the case. */
export const reportDetailPart: CaseDetailPart = async (db, access) => {
  const report = await loadReportOfCase(db, access.caseId);
  if (!report || !can('report.read', access, report)) return { report: null };
  const refs = await userRefs(db, [report.submittedBy]);
  return { report: caseReportView(access, report, refs, await countReportEdits(db, report.id)) };
};

export async function reportRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  r.post(
    '/api/report/',
    {
      summary: 'Submit a report: creates a case in triage',
      tags: ['reports'],
      access: 'user',
      multipart: true,
      response: { 200: submittedReportAnswerSchema, 201: submittedReportAnswerSchema },
    },
    async (request, reply) => {
      const user = request.user!;
      // Beyond a limit per address range or for a new account the report is held, never refused.
      const address = clientAddress(request.ip);
      const { report, created } = await submitReport(app, request, user.id, {
        write: async (submission) => {
          const reason = await holdReason(db, user, address);
          return createReport(db, user, submission, (tx, caseId) =>
            recordIntake(tx, caseId, address, reason),
          );
        },
      });
      const held = (await heldRow(db, report.caseId)) !== undefined;
      return reply
        .status(created ? 201 : 200)
        .send({ ...submittedView(report), held, ...(held ? { notice: HELD_REPORT_NOTICE } : {}) });
    },
  );

  inCase.post(
    '/api/case/:id/report/edit/',
    {
      summary: "Edit the case's report (reporter or staff)",
      tags: ['reports'],
      multipart: true,
      response: { 200: editedReportSchema },
    },
    async (request, _reply, access) => {
      // Access is settled before the body is read, so a refused edit never stores a file.
      const report = await loadReportOfCase(db, access.caseId);
      if (!report) throw notFound('This case has no report.');
      if (!can('report.edit', access, report)) throw forbidden(EDIT_FORBIDDEN_MESSAGE);
      // An edit with a file always keeps it (a new file is a change).
      const edited = await receiveReportForm(app, request, access.userId, async (submission) => ({
        answer: await editReport(db, request.user!, access.case, submission),
        fileKept: true,
      }));
      return { ...submittedView(edited ?? report), changed: edited !== null };
    },
  );

  inCase.get(
    '/case/:id/report/original/',
    {
      summary: 'The report as first submitted (staff)',
      tags: ['reports'],
      response: { 200: originalReportSchema },
    },
    async (_request, _reply, access): Promise<OriginalReport> => {
      const report = await loadReportOfCase(db, access.caseId);
      if (!can('report.read_original', access, report)) throw forbidden(ORIGINAL_FORBIDDEN_MESSAGE);
      if (!report) throw notFound('This case has no report.');
      const edits = await reportEdits(db, report.id);
      const refs = await userRefs(db, [report.submittedBy, ...edits.map((e) => e.editedBy)]);
      return {
        case: access.caseId,
        id: report.id,
        report: report.original as OriginalReport['report'],
        submitted_by: refOf(refs, report.submittedBy),
        created: report.createdAt.toISOString(),
        edited: edits.length > 0,
        edits: edits.map((e) => ({ edited_by: refOf(refs, e.editedBy), date: e.createdAt.toISOString() })),
      };
    },
  );

  r.get(
    '/api/reports/',
    {
      summary: 'The reports the caller submitted',
      tags: ['reports'],
      access: 'user',
      query: pageQuery(20, 100),
      response: { 200: pageOf(myReportRowSchema) },
    },
    (request) => {
      const userId = request.user!.id;
      return paginate(
        request,
        request.query,
        () => countReportsOf(db, userId),
        async (limit, offset) =>
          (await listReportsOf(db, userId, limit, offset)).map(
            ({ report, caseTitle, status }): MyReportRow => ({
              id: report.id,
              case: report.caseId,
              title: reportTitle(report.current) || caseTitle,
              status,
              created: report.createdAt.toISOString(),
              updated: report.updatedAt.toISOString(),
            }),
          ),
      );
    },
  );
}
