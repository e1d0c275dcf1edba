// The scoring service's queue: the CVE records the repository ships, read by the ingester behind
// `npm run scoring:ingest` (the same code, the same job rows), then the published vulnerabilities of the
// coordination service as the platform's sync brings them (coordination-sync.ts), read here from base 1's
// store instead of over HTTP: each CVE that is also in the list keeps the list's record and gains its case.
// Both are upserts by CVE id and content hash: a second run writes no record twice.
import type { AuthUser, Db } from '@cvdp/server-kit';
import { ingestFiles } from '../../../scoring/src/ingest/ingest.ts';
import { readSources } from '../../../scoring/src/ingest/sources.ts';
import {
  SYNC_LABEL,
  SYNC_PAGE_SIZE,
  publishedRecords,
} from '../../../scoring/src/ingest/coordination-sync.ts';
import { publishedCvePage } from '../../../coordination/src/cve/published-routes.ts';

export async function fillScoringQueue(
  db: Db,
  options: { records: string[]; staff: AuthUser; publicUrl: string | undefined },
) {
  const list = await ingestFiles(db, readSources(options.records), {
    origin: 'cli',
    label: `demo seed: ${options.records.join(' ')}`.slice(0, 500),
  });
  const pages = (after: number) =>
    publishedCvePage(db, options.staff, { after, page_size: SYNC_PAGE_SIZE }, options.publicUrl);
  const published = await ingestFiles(db, publishedRecords(pages), {
    origin: 'coordination',
    label: SYNC_LABEL,
    actorId: options.staff.id,
    batchSize: 200,
  });
  return { list, published };
}
