// Artifact calls: a case's files (those the caller may see) and their download. Uploads outside a report
// (POST /api/case/{id}/artifacts/) arrive with the threads/artifacts work.
import type { FastifyInstance } from 'fastify';
import { uuidParams } from '@cvdp/core';
import { FileNotFoundError, notFound, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { userRefs } from '../accounts/user-refs.ts';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { can } from '../policy/index.ts';
import { artifactView } from './artifact-view.ts';
import { attachmentDisposition } from './file-names.ts';
import { countArtifacts, findArtifact, listArtifacts } from './store.ts';

export async function artifactRoutes(app: FastifyInstance) {
  const { db, storage } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/artifacts/',
    { summary: "The case's files the caller may see", tags: ['artifacts'], query: pageQuery(50, 200) },
    (request, _reply, access) =>
      paginate(
        request,
        request.query,
        () => countArtifacts(db, access),
        async (limit, offset) => {
          const rows = await listArtifacts(db, access, limit, offset);
          const refs = await userRefs(
            db,
            rows.map((a) => a.uploadedBy),
          );
          return rows.map((a) => artifactView(a, refs));
        },
      ),
  );

  r.get(
    '/api/case/artifact/:uuid/download/',
    {
      summary: 'Download a file (as an attachment)',
      tags: ['artifacts'],
      access: 'user',
      params: uuidParams,
    },
    async (request, reply) => {
      const artifact = await findArtifact(db, request.params.uuid);
      if (!artifact) throw notFound();
      // Strangers to the case and participants the file is not shared with get the same 404.
      const access = await caseAccessOr404(db, request.user!, artifact.caseId);
      if (!can('artifact.read', access, artifact)) throw notFound();
      let content;
      try {
        content = await storage.get(artifact.storageKey);
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
        request.log.error({ artifact: artifact.uuid }, 'artifact file missing from storage');
        throw notFound('The file is no longer available.');
      }
      return reply
        .header('Content-Type', artifact.contentType)
        .header('Content-Length', String(artifact.size))
        .header('Content-Disposition', attachmentDisposition(artifact.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(content);
    },
  );
}
