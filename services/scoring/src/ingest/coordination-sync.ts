// Published vulnerabilities of the coordination service (base 1) into the scoring queue (issue 13, item 1): a
// case's vulnerability with a CVE id, once the case's advisory is published, becomes a queue record of origin
// 'coordination', its values with provenance 'cna' (our instance is the CNA of that record).
//
// Why base 2 pulls rather than base 1 pushing: base 2 may run as its own process on its own host and
// database, and neither base writes the other's tables. A pull needs nothing from base 1 but one read-only,
// service-token call (GET /api/cve/published/, keyset-paged, each record from the same builder as
// GET /api/vul/{id}/cve/), so base 1 keeps no outbox, no delivery state and no knowledge of base 2; a base 2
// that was down, new, or restored from a backup catches up on its next run, and running it twice (two
// replicas, the schedule beside an admin's click) is harmless because the ingester upserts by CVE id with a
// content hash (unchanged records are not written). The price is latency: a publication shows up at the next
// run (CVDP_SCORING_SYNC_SECONDS, 15 minutes by default) or at once when an administrator runs it
// (POST /api/ingest/coordination/).
//
// Each run walks the whole list and writes through the one ingester (ingest.ts) as an ingest job of origin
// 'coordination': scorers' work (queue state, scores, analysis, scorer values) is never touched; a CVE
// that came in from the CVE list first keeps the list's record (with CISA's ADP container) and only gains the
// case link.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '@cvdp/server-kit';
import { CASE_SERVICE_NOT_CONFIGURED } from '@cvdp/core/scoring/work';
import { coordinationClient, type CoordinationCall } from '../cases/coordination-client.ts';
import { createIngestJob, ingestFiles, type IngestResult } from './ingest.ts';
import type { SourceFile } from './sources.ts';

/** Records asked for per call to base 1 (its maximum). */
export const SYNC_PAGE_SIZE = 100;
export const SYNC_LABEL = 'Published vulnerabilities of the coordination service';

/** A page of GET /api/cve/published/: `next` is the `after` of the next page, null on the last. */
export interface PublishedPage {
  results: { vul: number; case: number; cve_id: string; record: Record<string, unknown> }[];
  next: number | null;
}

/** Reads the page of published vulnerabilities after vulnerability id `after`. */
export type PublishedPageReader = (after: number) => Promise<PublishedPage>;

function refusal(status: number, body: unknown): HttpError {
  if (status === 401 || status === 403)
    return new HttpError(
      409,
      'The coordination service refused the service token (it must belong to an active coordinator).',
    );
  const detail = (body as { detail?: string } | null)?.detail;
  return new HttpError(502, `The coordination service answered ${status}${detail ? `: ${detail}` : ''}.`);
}

/** Base 1's pages over its HTTP API, as the service account. */
const pagesOverHttp =
  (call: CoordinationCall): PublishedPageReader =>
  async (after) => {
    const answer = await call('GET', `/api/cve/published/?after=${after}&page_size=${SYNC_PAGE_SIZE}`);
    if (answer.status !== 200) throw refusal(answer.status, answer.body);
    return answer.body as PublishedPage;
  };

/**
 * Every published vulnerability of base 1 as a source file for the ingester, page by page. The sync reads
 * the pages over HTTP; the demo seed (`npm run seed:demo`), which holds both bases' stores, reads them in
 * process.
 */
export async function* publishedRecords(readPage: PublishedPageReader): AsyncGenerator<SourceFile> {
  let after = 0;
  for (;;) {
    const page = await readPage(after);
    for (const p of page.results)
      yield {
        name: `case ${p.case}, vulnerability ${p.vul} (${p.cve_id})`,
        bytes: Buffer.from(JSON.stringify(p.record)),
        link: { caseId: p.case, caseVulId: p.vul },
      };
    if (page.next === null || page.next <= after) return;
    after = page.next;
  }
}

/** One run per process at a time: the schedule and an admin's request share it. */
const running = new WeakMap<FastifyInstance, { jobId: number; done: Promise<IngestResult | null> }>();

/**
 * Starts a run (or answers the one under way) and returns its ingest job id at once; `done` settles when it
 * ends (null if it failed: the job row says why, status 'failed'). Refused with 409 when no service token
 * is configured.
 */
export async function startCoordinationSync(app: FastifyInstance, actorId: number | null) {
  const current = running.get(app);
  if (current) return current;
  if (!app.config.coordinationToken) throw new HttpError(409, CASE_SERVICE_NOT_CONFIGURED);
  const job = await createIngestJob(app.db, {
    origin: 'coordination',
    label: SYNC_LABEL,
    startedBy: actorId,
  });
  const call = coordinationClient(app);
  const done = ingestFiles(app.db, publishedRecords(pagesOverHttp(call)), {
    jobId: job.id,
    actorId,
    batchSize: 200,
  })
    .catch((error: unknown) => {
      app.log.warn({ err: (error as Error).message, job: job.id }, 'coordination sync failed');
      return null;
    })
    .finally(() => running.delete(app));
  const run = { jobId: job.id, done };
  running.set(app, run);
  return run;
}

/**
 * The schedule: every config.coordinationSyncSeconds (0: never) after the app is ready, while a service token
 * is configured. Every replica may run it; the upsert makes concurrent runs safe. Stops before the database
 * closes, waiting for a run in flight.
 */
export async function coordinationSyncPlugin(app: FastifyInstance) {
  const seconds = app.config.coordinationSyncSeconds;
  if (!(seconds > 0)) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (!app.config.coordinationToken) return;
      startCoordinationSync(app, null).catch((error: unknown) =>
        app.log.warn({ err: (error as Error).message }, 'coordination sync could not start'),
      );
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running.get(app)?.done;
  });
}
