// The advisory as CSAF (SPEC §7, issue 12): GET /api/case/{id}/advisory/csaf/ builds the CSAF document of
// the latest revision the caller may read (staff: the latest; participants: the latest shared) from the
// typed model — CSAF 2.0, or 2.1 with ?version=2.1 — validates it (strict schema + every mandatory test)
// and serves it as an attachment; a document that fails is a 409 listing the failed tests, never a file.
// POST /api/advisory/upload/ (multipart: `file`, `case`) imports a CSAF file as a new revision (staff),
// validated first: a failing file is a 400 listing the failures, and nothing is stored.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  CSAF_EXPORT_INVALID,
  CSAF_NO_STATUS,
  CSAF_NO_VULNERABILITIES,
  CSAF_UPLOAD_INVALID,
  type CsafAdvisoryCategory,
  type CsafTlpLabel,
  type CsafVendorOverride,
  NO_ADVISORY,
  NO_SHARED_ADVISORY,
  SSVC_TABLES,
  type SsvcSelectionList,
  advisoryRevisionViewSchema,
  csafExportQuery,
  publicAdvisoryPath,
} from '@cvdp/core';
import { HttpError, forbidden, foreignJson, notFound, routes } from '@cvdp/server-kit';
import { attachmentDisposition } from '../artifacts/file-names.ts';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { type CaseAccess, can, filter } from '../policy/index.ts';
import { markdownRenderer } from '../posts/render.ts';
import { cellsOf, vendorParticipants } from '../vendor-status/store.ts';
import { vulCvssScores, vulSsvcDecisions, vulnerabilities } from '../vuls/tables.ts';
import { type AdvisoryVulnerability, NoStatusError, buildAdvisoryCsaf } from '../csaf/advisory.ts';
import { instancePublisher } from '../csaf/publisher.ts';
import { defaultSettings, findProfile, findSettings, profilePublisher } from '../csaf/store.ts';
import { csafFailureMessages, validateCsaf, validateCsaf21 } from '../csaf/validate.ts';
import { vendorStatusEntries } from '../csaf/status-mapping.ts';
import { csafFileName } from '../csaf/vex.ts';
import { revisionFromCsaf, readCsafUpload } from './csaf-upload.ts';
import { type RevisionRow, latestReadableRevision, revisionViews, saveRevision } from './store.ts';
import { advisoryRevisions } from './tables.ts';
import { EDIT_FORBIDDEN } from './routes.ts';

const tags = ['advisories', 'csaf'];

export async function advisoryCsafRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const renderer = markdownRenderer(config.publicUrl);

  /** The covered vulnerabilities with their scores, SSVC decision and vendor statuses. */
  async function vulnerabilitiesOf(
    access: CaseAccess,
    latest: RevisionRow,
  ): Promise<AdvisoryVulnerability[]> {
    const vuls = await db
      .select()
      .from(vulnerabilities)
      .where(
        and(
          eq(vulnerabilities.caseId, access.caseId),
          latest.vulIds.length ? inArray(vulnerabilities.id, latest.vulIds) : undefined,
          filter('vul.read', access),
        ),
      )
      .orderBy(asc(vulnerabilities.localId));
    if (vuls.length === 0) return [];
    const ids = vuls.map((v) => v.id);
    const cvss = await db
      .select()
      .from(vulCvssScores)
      .where(and(inArray(vulCvssScores.vulId, ids), filter('cvss.read', access)));
    const decisionIds = vuls.flatMap((v) => (v.ssvcDecisionId ? [v.ssvcDecisionId] : []));
    const decisions = decisionIds.length
      ? await db
          .select()
          .from(vulSsvcDecisions)
          .where(
            and(
              inArray(vulSsvcDecisions.id, decisionIds),
              eq(vulSsvcDecisions.removed, false),
              filter('ssvc.read', access),
            ),
          )
      : [];
    const vendors = await vendorParticipants(db, access.caseId);
    const cells = await cellsOf(
      db,
      access,
      ids,
      vendors.map((v) => v.participant),
    );
    return vuls.map((v) => {
      const decision = decisions.find((d) => d.id === v.ssvcDecisionId);
      return {
        id: v.id,
        localId: v.localId,
        title: v.title,
        description: v.description,
        cwes: v.cwes,
        cve: v.cve,
        references: v.references,
        cvss: cvss.filter((c) => c.vulId === v.id),
        ssvc: decision
          ? {
              tableName:
                SSVC_TABLES[decision.decisionTable as keyof typeof SSVC_TABLES]?.name ??
                decision.decisionTable,
              tableVersion: decision.tableVersion,
              outcomeName: decision.outcomeName,
              vector: decision.vector,
              selectionList: decision.selectionList as unknown as SsvcSelectionList,
            }
          : null,
        entries: vendorStatusEntries(
          vendors,
          cells.filter((c) => c.vulId === v.id),
        ),
      };
    });
  }

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
      const history = await db
        .select()
        .from(advisoryRevisions)
        .where(
          and(eq(advisoryRevisions.caseId, access.caseId), lte(advisoryRevisions.revision, latest.revision)),
        )
        .orderBy(asc(advisoryRevisions.revision));
      const settings = (await findSettings(db, access.caseId)) ?? defaultSettings(access.caseId);
      const profile = settings.profileId ? await findProfile(db, settings.profileId) : null;
      const vuls = await vulnerabilitiesOf(access, latest);
      if (vuls.length === 0)
        throw new HttpError(409, CSAF_NO_VULNERABILITIES, { vulnerabilities: [CSAF_NO_VULNERABILITIES] });
      const { version } = request.query;

      let document;
      try {
        document = buildAdvisoryCsaf({
          version,
          caseId: access.caseId,
          category: settings.category as CsafAdvisoryCategory,
          tlp: settings.tlp as CsafTlpLabel | null,
          defaultTlp: (profile?.defaultTlp as CsafTlpLabel | undefined) ?? 'CLEAR',
          trackingIdPattern: settings.trackingIdPattern,
          overrides:
            (settings.productTreeOverrides as { vendors?: Record<string, CsafVendorOverride> }).vendors ?? {},
          publisher: profile ? profilePublisher(profile) : instancePublisher(config),
          latest,
          history: history.map((h) => ({
            revision: h.revision,
            title: h.title,
            createdAt: h.createdAt,
            readable: can('advisory.read', access, h),
          })),
          vulnerabilities: vuls,
          selfUrl:
            latest.published && config.publicUrl
              ? `${config.publicUrl}${publicAdvisoryPath(access.caseId)}`
              : undefined,
        });
      } catch (error) {
        if (error instanceof NoStatusError) {
          const message = CSAF_NO_STATUS(error.labels);
          throw new HttpError(409, message, { vulnerabilities: [message] });
        }
        throw error;
      }
      const validation = version === '2.1' ? await validateCsaf21(document) : await validateCsaf(document);
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
