// GET /api/vul/{id}/vex/ (SPEC §7): a vulnerability's VEX as a CSAF 2.0 csaf_vex document, for whoever may
// read the vulnerability (staff and the case's participants; 404 for anyone else, as for a missing one).
// The document is validated (strict schema + every mandatory test) before it is served: a grid with nothing
// but "unknown", or a document the validator refuses, is a 409 that says why — never an invalid document.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idParams } from '@cvdp/core';
import { HttpError, foreignJson, notFound, routes } from '@cvdp/server-kit';
import { attachmentDisposition } from '../artifacts/file-names.ts';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { can, filter } from '../policy/index.ts';
import { cellsOfVul } from '../vendor-status/store.ts';
import { vulCvssScores, vulnerabilities } from '../vuls/tables.ts';
import { instancePublisher } from './publisher.ts';
import { vendorStatusEntries } from './status-mapping.ts';
import { csafFailureMessages, validateCsaf } from './validate.ts';
import { buildVex, csafFileName, EmptyVexError } from './vex.ts';

export const VEX_INVALID = (label: string) =>
  `The VEX document of ${label} does not pass the CSAF validator (strict schema and mandatory tests); ` +
  'the failed tests are listed. Check the vendor statuses.';

export async function csafRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);

  r.get(
    '/api/vul/:id/vex/',
    {
      summary:
        "The vulnerability's VEX: a CSAF 2.0 csaf_vex document built from the vendor statuses, validated " +
        '(409 when no vendor status says more than unknown, or when it would not validate)',
      tags: ['vuls', 'csaf'],
      access: 'user',
      params: idParams,
      // Sent as the validated document's text, an attachment: no serializer runs.
      response: { 200: foreignJson('The CSAF 2.0 csaf_vex document of the vulnerability, as a file.') },
    },
    async (request, reply) => {
      const [vul] = await db.select().from(vulnerabilities).where(eq(vulnerabilities.id, request.params.id));
      if (!vul) throw notFound();
      const access = await caseAccessOr404(db, request.user!, vul.caseId);
      if (!can('vul.read', access, vul)) throw notFound();

      const { vendors, rows } = await cellsOfVul(db, access, vul.id);
      const cvss = await db
        .select()
        .from(vulCvssScores)
        .where(and(eq(vulCvssScores.vulId, vul.id), filter('cvss.read', access)));
      const entries = vendorStatusEntries(vendors, rows);

      let document;
      try {
        document = buildVex({ ...vul, cvss }, { id: vul.caseId }, entries, instancePublisher(config), {
          selfUrl: config.publicUrl ? `${config.publicUrl}/api/vul/${vul.id}/vex/` : undefined,
          engine: { name: 'CVDP' },
        });
      } catch (error) {
        if (error instanceof EmptyVexError) throw new HttpError(409, error.message, { vex: [error.message] });
        throw error;
      }
      const validation = await validateCsaf(document);
      if (!validation.valid) {
        request.log.warn({ vul: vul.id, failed: validation.failed }, 'a VEX document failed CSAF validation');
        const label = document.document.tracking.id.replace(/-VEX$/, '');
        throw new HttpError(409, VEX_INVALID(label), csafFailureMessages(validation));
      }
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(csafFileName(document.document.tracking.id)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(JSON.stringify(document, null, 2));
    },
  );
}
