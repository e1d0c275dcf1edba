// The OSV records of published advisories (issue 29 item 3), public like the CSAF provider's files:
//   /osv/index.json         every record as {id, modified}, most recently modified first — the list
//                           osv.dev's REST importer reads (it fetches `<link><id>.json` for each newer one)
//   /osv/modified_id.csv    the same as `<modified>,<id>` lines, newest first — the convention of OSV's
//                           own exports (osv-vulnerabilities buckets) that importers use to stop early
//   /osv/<id>.json          one record
// Not under /.well-known/ (RFC 8615 names are registered; OSV has none). Withdrawn records stay listed, so
// importers learn of them. Every answer first brings the stored records up to date (sync.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { coalesced, fileResponse, foreignJson, notFound, routes } from '@cvdp/server-kit';
import { caseOsvIds, findOsvRecord, listOsvRecords, syncOsv } from './sync.ts';

export const OSV_NEEDS_PUBLIC_URL =
  'OSV records need CVDP_PUBLIC_URL: their references name absolute addresses.';
export const OSV_NO_RECORD = 'No such OSV record.';

const tags = ['osv'];
/** Public files: caches may keep them a few minutes (a new revision shows within that time). */
const CACHE = 'public, max-age=300';
const recordFile = z.object({ file: z.string().regex(/^[A-Za-z0-9_]+-[A-Za-z0-9.:_-]+\.json$/) });

export const osvRecordPath = (id: string) => `/osv/${id}.json`;

/** The OSV records of one app: their sync (one run at a time) and what the public advisory page links. */
export function osvService(app: FastifyInstance) {
  const { db, config } = app;
  const sync = coalesced(async () => {
    if (config.publicUrl) await syncOsv({ db, config: { ...config, publicUrl: config.publicUrl } });
  });
  return {
    sync,
    /** The links to a case's records, for its public page (none without CVDP_PUBLIC_URL). */
    async pageLinks(caseId: number): Promise<{ href: string; text: string }[]> {
      if (!config.publicUrl) return [];
      // The page is the advisory's: a failed rebuild leaves it showing the records stored so far.
      await sync().catch((err: unknown) =>
        app.log.error({ err, case: caseId }, 'OSV records could not be brought up to date'),
      );
      return (await caseOsvIds(db, caseId)).map((id) => ({ href: osvRecordPath(id), text: id }));
    },
  };
}
export type OsvService = ReturnType<typeof osvService>;

export async function osvRoutes(app: FastifyInstance, options: { osv: OsvService }) {
  const { db, config } = app;
  const r = routes(app);
  const records = async () => {
    if (!config.publicUrl) throw notFound(OSV_NEEDS_PUBLIC_URL);
    await options.osv.sync();
  };
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', CACHE).header('x-content-type-options', 'nosniff').send(body);

  r.get(
    '/osv/index.json',
    {
      summary: 'Every OSV record of the published advisories as {id, modified}, newest change first (public)',
      tags,
      access: 'public',
      response: { 200: foreignJson('A JSON array of {id, modified} (RFC 3339 UTC).') },
    },
    async (_request, reply) => {
      await records();
      const list = (await listOsvRecords(db)).map((r) => ({ id: r.id, modified: r.modified.toISOString() }));
      return send(reply, 'application/json; charset=utf-8', `${JSON.stringify(list, null, 2)}\n`);
    },
  );

  r.get(
    '/osv/modified_id.csv',
    {
      summary: 'Every OSV record as `<modified>,<id>` lines, newest change first (public)',
      tags,
      access: 'public',
      response: { 200: fileResponse('CSV without a header, two fields a line.') },
    },
    async (_request, reply) => {
      await records();
      const lines = (await listOsvRecords(db)).map((r) => `${r.modified.toISOString()},${r.id}\n`);
      return send(reply, 'text/csv; charset=utf-8', lines.join(''));
    },
  );

  r.get(
    '/osv/:file',
    {
      summary: 'One OSV record of a published advisory, `<id>.json` (public)',
      tags,
      access: 'public',
      params: recordFile,
      response: { 200: foreignJson('An OSV record (osv-schema 1.7).') },
    },
    async (request, reply) => {
      await records();
      const row = await findOsvRecord(db, request.params.file.slice(0, -'.json'.length));
      if (!row) throw notFound(OSV_NO_RECORD);
      return send(reply, 'application/json; charset=utf-8', row.content);
    },
  );
}
