// The advisory as CSAF (SPEC §7, issue 12): GET /api/case/{id}/advisory/csaf/ builds the CSAF document of
// the latest revision the caller may read (staff: the latest; participants: the latest shared) from the
// typed model — CSAF 2.0, or 2.1 with ?version=2.1 — validates it (strict schema + every mandatory test)
// and serves it as an attachment; a document that fails is a 409 listing the failed tests, never a file.
// POST /api/advisory/upload/ (multipart: `file`, `case`) imports a CSAF file as a new revision (staff),
// validated first: a failing file is a 400 listing the failures, and nothing is stored.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  CSAF_EXPORT_INVALID,
  CSAF_UPLOAD_INVALID,
  NO_ADVISORY,
  NO_SHARED_ADVISORY,
  advisoryRevisionViewSchema,
  csafExportQuery,
} from '@cvdp/core';
import { HttpError, forbidden, foreignJson, notFound, routes } from '@cvdp/server-kit';
import { attachmentDisposition } from '../artifacts/file-names.ts';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { can } from '../policy/index.ts';
import { markdownRenderer } from '../posts/render.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { csafFailureMessages, validateCsaf, validateCsaf21 } from '../csaf/validate.ts';
import { csafFileName } from '../csaf/vex.ts';
import { caseAdvisoryCsaf } from './csaf-document.ts';
import { revisionFromCsaf, readCsafUpload } from './csaf-upload.ts';
import { latestReadableRevision, revisionViews, saveRevision } from './store.ts';
import { EDIT_FORBIDDEN } from './routes.ts';

const tags = ['advisories', 'csaf'];

export async function advisoryCsafRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const renderer = markdownRenderer(config.publicUrl);

  inCase.get(
    '/api/case/:id/advisory/csaf/',
    {
      summary:
        'The latest readable advisory revision as a CSAF csaf_security_advisory (2.0; ?version=2.1), validated ' +
        '(strict schema + mandatory tests) before it is served as an attachment; 409 listing the failed tests',
      tags,
      query: csafExportQuery,
      // Sent as the validated document's text, an attachment: no serializer runs.
      response: { 200: foreignJson('The CSAF 2.0 (or 2.1) document of the advisory, as a file.') },
    },
    async (request, reply, access) => {
      const latest = await latestReadableRevision(db, access);
      if (!latest) throw notFound(access.staff ? NO_ADVISORY : NO_SHARED_ADVISORY);
      const { version } = request.query;
      const { document, validation } = await caseAdvisoryCsaf(db, config, access, latest, version, (h) =>
        can('advisory.read', access, h),
      );
      if (!validation.valid) {
        request.log.warn(
          { case: access.caseId, version, failed: validation.failed },
          'an advisory CSAF document failed validation',
        );
        throw new HttpError(409, CSAF_EXPORT_INVALID, csafFailureMessages(validation));
      }
      const trackingId = (document.document as { tracking: { id: string } }).tracking.id;
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(csafFileName(trackingId)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('X-CSAF-Tests-Run', String(validation.testsRun))
        .send(JSON.stringify(document, null, 2));
    },
  );

  r.post(
    '/api/advisory/upload/',
    {
      summary:
        'Import a CSAF 2.0/2.1 JSON file (multipart: file, case) as a new advisory revision of the case (staff); ' +
        'validated first — a failing file is a 400 listing the failures, nothing stored',
      tags,
      access: 'user',
      multipart: true,
      response: { 201: advisoryRevisionViewSchema },
    },
    async (request, reply) => {
      const upload = await readCsafUpload(request);
      const access = await caseAccessOr404(db, request.user!, upload.caseId);
      if (!can('advisory.edit', access)) throw forbidden(EDIT_FORBIDDEN);
      const document = upload.parse();
      const validation =
        document.version === '2.1' ? await validateCsaf21(document.json) : await validateCsaf(document.json);
      if (!validation.valid) throw new HttpError(400, CSAF_UPLOAD_INVALID, csafFailureMessages(validation));
      const caseVuls = await db
        .select({ id: vulnerabilities.id, localId: vulnerabilities.localId, cve: vulnerabilities.cve })
        .from(vulnerabilities)
        .where(eq(vulnerabilities.caseId, access.caseId));
      const input = revisionFromCsaf(document.json, access.caseId, caseVuls);
      const row = await saveRevision(
        db,
        { access, actor: { id: request.user!.id, name: request.user!.name }, publicUrl: config.publicUrl },
        { ...input, csafDocument: document.json },
      );
      const [view] = await revisionViews(db, access, [row], (r) => renderer.render(r.content));
      return reply.code(201).send(view);
    },
  );
}
