// Artifact calls (SPEC §7): a case's files (those the caller may see), uploads to the case and into a
// thread, sharing (staff), deleting (staff or the uploader) and the download.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  artifactListFilter,
  artifactSummarySchema,
  artifactUpdateSchema,
  idParams,
  uuidParams,
  type ArtifactSummary,
} from '@cvdp/core';
import {
  FileNotFoundError,
  HttpError,
  fileResponse,
  forbidden,
  noContent,
  notFound,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { userRefs } from '../accounts/user-refs.ts';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { readableThread } from '../threads/access.ts';
import { artifactView } from './artifact-view.ts';
import { downloadHeaders } from './file-names.ts';
import { assertWithinQuota } from './quota.ts';
import {
  type ArtifactRow,
  countArtifacts,
  createArtifact,
  deleteArtifact,
  storageKeyInUse,
  findArtifact,
  listArtifacts,
  setArtifactShared,
} from './store.ts';
import { FILE_FIELD, readFileUpload } from './upload-form.ts';

export const UPLOAD_FORBIDDEN_MESSAGE = 'You cannot add files to this case.';
export const SHARE_FORBIDDEN_MESSAGE = 'Only coordinators can share or unshare files.';
export const DELETE_FORBIDDEN_MESSAGE = 'Only coordinators and the person who uploaded a file can delete it.';
export const ARCHIVED_THREAD_MESSAGE = 'This thread is archived: reopen it to attach files.';

export async function artifactRoutes(app: FastifyInstance) {
  const { db, storage, config } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  const answer = async (artifact: ArtifactRow): Promise<ArtifactSummary> =>
    artifactView(artifact, await userRefs(db, [artifact.uploadedBy]));

  /** The file with the caller's access to its case; 404 unless they may see both. */
  async function visibleArtifact(request: FastifyRequest, uuid: string) {
    const artifact = await findArtifact(db, uuid);
    if (!artifact) throw notFound();
    // Strangers to the case and participants the file is not open to get the same 404.
    const access = await caseAccessOr404(db, request.user!, artifact.caseId);
    if (!can('artifact.read', access, artifact)) throw notFound();
    return { artifact, access };
  }

  /** Streams the request's file to storage, checks the quota and records it; nothing stays on refusal. */
  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
    access: CaseAccess,
    threadId: number | null,
  ) {
    const upload = await readFileUpload(request, storage, config.maxUploadBytes);
    let artifact;
    try {
      await assertWithinQuota(db, access.userId, config, upload.size, FILE_FIELD);
      artifact = await createArtifact(db, { caseId: access.caseId, userId: access.userId, upload, threadId });
    } catch (error) {
      await storage.delete(upload.key);
      throw error;
    }
    return reply.status(201).send(await answer(artifact));
  }

  inCase.get(
    '/api/case/:id/artifacts/',
    {
      summary: "The case's files the caller may see (thread= only those attached in a thread)",
      tags: ['artifacts'],
      query: pageQuery(50, 200).extend(artifactListFilter.shape),
      response: { 200: pageOf(artifactSummarySchema) },
    },
    (request, _reply, access) => {
      const thread = request.query.thread ?? null;
      return paginate(
        request,
        request.query,
        () => countArtifacts(db, access, thread),
        async (limit, offset) => {
          const rows = await listArtifacts(db, access, limit, offset, thread);
          const refs = await userRefs(
            db,
            rows.map((a) => a.uploadedBy),
          );
          return rows.map((a) => artifactView(a, refs));
        },
      );
    },
  );

  inCase.post(
    '/api/case/:id/artifacts/',
    {
      summary: 'Upload a file to the case (multipart, field "file")',
      tags: ['artifacts'],
      multipart: true,
      response: { 201: artifactSummarySchema },
      allow: { action: 'artifact.upload', message: UPLOAD_FORBIDDEN_MESSAGE },
    },
    async (request, reply, access) => {
      return receive(request, reply, access, null);
    },
  );

  r.post(
    '/api/case/thread/:id/upload/',
    {
      summary: 'Attach a file in a thread (multipart, field "file"); it joins the case\'s files',
      tags: ['artifacts', 'threads'],
      access: 'user',
      params: idParams,
      multipart: true,
      response: { 201: artifactSummarySchema },
    },
    async (request, reply) => {
      // A thread the caller may not read (restricted away from them, another case) answers 404.
      const { access, loaded } = await readableThread(db, request.user!, request.params.id);
      const { thread } = loaded;
      if (thread.archived)
        throw new HttpError(409, ARCHIVED_THREAD_MESSAGE, { thread: [ARCHIVED_THREAD_MESSAGE] });
      return receive(request, reply, access, thread.id);
    },
  );

  r.patch(
    '/api/case/artifact/:uuid/',
    {
      summary: 'Share a file with every participant (share: true) or stop sharing it (staff)',
      tags: ['artifacts'],
      access: 'user',
      params: uuidParams,
      body: artifactUpdateSchema,
      response: { 200: artifactSummarySchema },
    },
    async (request) => {
      const { artifact, access } = await visibleArtifact(request, request.params.uuid);
      if (!can('artifact.share', access, artifact)) throw forbidden(SHARE_FORBIDDEN_MESSAGE);
      return answer(await setArtifactShared(db, access.userId, artifact, request.body.share));
    },
  );

  r.delete(
    '/api/case/artifact/:uuid/',
    {
      summary: 'Delete a file and its stored bytes (staff or the uploader)',
      tags: ['artifacts'],
      access: 'user',
      params: uuidParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { artifact, access } = await visibleArtifact(request, request.params.uuid);
      if (!can('artifact.delete', access, artifact)) throw forbidden(DELETE_FORBIDDEN_MESSAGE);
      // The bytes stay while another row names them (a merged report's file, linked to a second case).
      if (
        (await deleteArtifact(db, access.userId, artifact)) &&
        !(await storageKeyInUse(db, artifact.storageKey))
      ) {
        // After the commit: a failure here leaves unreferenced bytes, never a row without its file.
        await storage.delete(artifact.storageKey).catch((error: unknown) => {
          request.log.error(
            { err: error, artifact: artifact.uuid },
            'could not remove a deleted file from storage',
          );
        });
      }
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/case/artifact/:uuid/download/',
    {
      summary: 'Download a file (as an attachment)',
      tags: ['artifacts'],
      access: 'user',
      params: uuidParams,
      response: {
        200: fileResponse(
          "The file's bytes, as an attachment: application/octet-stream unless an inert type (PNG, JPEG, GIF, PDF, plain text).",
        ),
      },
    },
    async (request, reply) => {
      const { artifact } = await visibleArtifact(request, request.params.uuid);
      let content;
      try {
        content = await storage.get(artifact.storageKey);
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
        request.log.error({ artifact: artifact.uuid }, 'artifact file missing from storage');
        throw notFound('The file is no longer available.');
      }
      return reply
        .headers(downloadHeaders(artifact.fileName, artifact.contentType))
        .header('Content-Length', String(artifact.size))
        .header('Cache-Control', 'private, no-store')
        .send(content);
    },
  );
}
