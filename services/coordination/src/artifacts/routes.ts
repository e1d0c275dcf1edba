// Case files: the list of a case's artifacts and their download, for those who may see the case.
// Uploads to a case outside a report (POST /api/case/{id}/artifacts/) belong to the threads/artifacts work.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  FileNotFoundError,
  artifacts,
  notFound,
  pageQuerySchema,
  parseQuery,
  toPage,
} from '@cvdp/server-kit';
import { canSeeCase, loadCaseForUser, parseCaseId } from '../cases/case-access.ts';
import { userRefs } from '../cases/user-refs.ts';
import { mayDownloadArtifact, visibleArtifactsFilter } from './artifact-access.ts';
import { artifactView } from './artifact-view.ts';
import { attachmentDisposition } from './file-names.ts';

const listQuery = pageQuerySchema(50, 200);
const uuidParams = z.object({ uuid: z.uuid() });

export async function artifactRoutes(app: FastifyInstance) {
  const { db, storage } = app;
  const signedIn = { preHandler: app.requireUser };

  app.get('/api/case/:id/artifacts/', signedIn, async (request) => {
    const user = request.user!;
    const c = await loadCaseForUser(db, user, parseCaseId(request.params));
    const q = parseQuery(listQuery, request.query);
    const where = and(eq(artifacts.caseId, c.id), visibleArtifactsFilter(user));
    const [{ n }] = await db.select({ n: count() }).from(artifacts).where(where);
    const rows = await db
      .select()
      .from(artifacts)
      .where(where)
      .orderBy(desc(artifacts.createdAt), desc(artifacts.uuid))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const refs = await userRefs(
      db,
      rows.map((r) => r.uploadedBy),
    );
    return toPage(
      request,
      q.page,
      q.page_size,
      n,
      rows.map((r) => artifactView(r, refs)),
    );
  });

  app.get('/api/case/artifact/:uuid/download/', signedIn, async (request, reply) => {
    const user = request.user!;
    // A malformed id is simply not found (and never reaches the database as a bad uuid).
    const params = uuidParams.safeParse(request.params);
    if (!params.success) throw notFound();
    const [artifact] = await db.select().from(artifacts).where(eq(artifacts.uuid, params.data.uuid));
    // Strangers to the case and participants the file is not shared with get the same 404.
    if (!artifact || !(await canSeeCase(db, user, artifact.caseId)) || !mayDownloadArtifact(user, artifact)) {
      throw notFound();
    }
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
  });
}
