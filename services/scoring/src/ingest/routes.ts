// Admin upload of CVE records (multipart, field "file", one or more .json or .zip files, each up to
// CVDP_SCORING_UPLOAD_BYTES). The files are streamed to a temporary folder, then the same ingester as
// `npm run scoring:ingest` reads them in the background: the answer is 202 with the ingest job, whose row
// the screen polls at GET /api/ingest/{id}/ for progress (counts, refused files with reasons, done/failed).
// POST /api/ingest/coordination/ runs the coordination sync (coordination-sync.ts) now, the same way.
import { createWriteStream } from 'node:fs';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { HttpError, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { idParams } from '@cvdp/core';
import { type IngestJob, ingestJobSchema } from '@cvdp/core/scoring/index';
import { createIngestJob, ingestFiles } from './ingest.ts';
import { readSources } from './sources.ts';
import { startCoordinationSync } from './coordination-sync.ts';
import { ingestJobs } from './tables.ts';

const tags = ['ingest'];
export const UPLOAD_TYPES_MESSAGE = 'Only .json and .zip files can be ingested.';
export const UPLOAD_MISSING_MESSAGE = 'Choose a .json or .zip file of CVE records.';
export const MALFORMED_MESSAGE = 'The upload is not a well-formed multipart form.';

function tooLarge(max: number) {
  const message = `The file is too large. The limit is ${Math.round(max / (1024 * 1024))}MB.`;
  return new HttpError(413, message, { file: [message] });
}

export function toIngestJob(j: typeof ingestJobs.$inferSelect): IngestJob {
  return {
    id: j.id,
    origin: j.origin,
    label: j.label,
    status: j.status as IngestJob['status'],
    files_read: j.filesRead,
    new: j.created,
    updated: j.updated,
    unchanged: j.unchanged,
    rejected: j.rejected,
    rejects: j.rejects,
    error: j.error,
    started_at: j.startedAt.toISOString(),
    finished_at: j.finishedAt ? j.finishedAt.toISOString() : null,
  };
}

/** A file name safe to create inside our temporary folder (the original's base name, tamed). */
function safeName(name: string) {
  const base = path.basename(name.replaceAll('\\', '/')).replace(/[^A-Za-z0-9._-]/g, '_');
  return base.replace(/^\.+/, '').slice(0, 120) || 'upload';
}

export async function ingestRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const running = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  r.post(
    '/api/ingest/',
    {
      summary: 'Upload CVE JSON 5 records (.json or .zip, multipart field "file"); 202 with the ingest job',
      tags,
      access: ['admin'],
      multipart: true,
      response: { 202: ingestJobSchema },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(400, UPLOAD_MISSING_MESSAGE, { file: [UPLOAD_MISSING_MESSAGE] });
      const max = app.config.scoringUploadBytes;
      const dir = await mkdtemp(path.join(tmpdir(), 'cvdp-ingest-'));
      const saved: string[] = [];
      try {
        let n = 0;
        for await (const part of request.parts({ limits: { fileSize: max, files: 20, fields: 10 } })) {
          if (part.type !== 'file') continue;
          const lower = part.filename.toLowerCase();
          if (part.fieldname !== 'file' || !(lower.endsWith('.json') || lower.endsWith('.zip'))) {
            part.file.resume();
            throw new HttpError(400, UPLOAD_TYPES_MESSAGE, { file: [UPLOAD_TYPES_MESSAGE] });
          }
          const sub = path.join(dir, String(n++));
          await mkdir(sub);
          const target = path.join(sub, safeName(part.filename));
          await pipeline(part.file, createWriteStream(target));
          if (part.file.truncated) throw tooLarge(max);
          saved.push(target);
        }
        if (saved.length === 0)
          throw new HttpError(400, UPLOAD_MISSING_MESSAGE, { file: [UPLOAD_MISSING_MESSAGE] });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(max);
        // Our disk failing is ours; anything else the parser threw is the client's body (no or a wrong
        // boundary, a part cut off, garbage).
        if ((error as { syscall?: string }).syscall) throw error;
        throw new HttpError(400, MALFORMED_MESSAGE, { file: [MALFORMED_MESSAGE] });
      }
      const job = await createIngestJob(db, {
        origin: 'upload',
        label: saved
          .map((f) => path.basename(f))
          .join(', ')
          .slice(0, 500),
        startedBy: request.user!.id,
      });
      const work = ingestFiles(db, readSources(saved), { jobId: job.id, actorId: request.user!.id })
        .catch((error: unknown) => request.log.error({ err: error, job: job.id }, 'scoring ingest failed'))
        .finally(() => rm(dir, { recursive: true, force: true }));
      running.add(work);
      void work.finally(() => running.delete(work));
      return reply.status(202).send(toIngestJob(job));
    },
  );

  r.post(
    '/api/ingest/coordination/',
    {
      summary:
        'Bring the coordination service’s published vulnerabilities into the queue now (as the schedule does); 202 with the ingest job',
      tags,
      access: ['admin'],
      response: { 202: ingestJobSchema },
    },
    async (request, reply) => {
      const { jobId } = await startCoordinationSync(app, request.user!.id);
      const [job] = await db.select().from(ingestJobs).where(eq(ingestJobs.id, jobId));
      return reply.status(202).send(toIngestJob(job));
    },
  );

  r.get(
    '/api/ingest/',
    {
      summary: 'Ingest runs, newest first',
      tags,
      access: ['admin'],
      query: pageQuery(20, 100),
      response: { 200: pageOf(ingestJobSchema) },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        async () => (await db.select({ n: sql<number>`count(*)::int` }).from(ingestJobs))[0].n,
        async (limit, offset) =>
          (await db.select().from(ingestJobs).orderBy(desc(ingestJobs.id)).limit(limit).offset(offset)).map(
            toIngestJob,
          ),
      ),
  );

  r.get(
    '/api/ingest/:id/',
    {
      summary: 'One ingest run: its progress and refused files',
      tags,
      access: ['admin'],
      params: idParams,
      response: { 200: ingestJobSchema },
    },
    async (request) => {
      const [job] = await db.select().from(ingestJobs).where(eq(ingestJobs.id, request.params.id));
      if (!job) throw new HttpError(404, 'Not found.');
      return toIngestJob(job);
    },
  );
}
