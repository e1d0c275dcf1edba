// Stored files against artifact rows (issue 27). A process killed between storing a file and committing its
// row (kill -9 during uploads) leaves a file no row names: it is deleted once older than the grace period
// (an upload in progress stores its file before its row commits). A row whose file is gone is never deleted
// (it is someone's report or evidence, and its metadata still says what was there): it is reported — logged
// with its uuid, counted in an activity row administrators see under Activity — and its download already
// answers "The file is no longer available." Runs at start and every CVDP_FILE_SWEEP_SECONDS; running on
// several replicas at once is harmless (deleting twice is fine).
import type { FastifyInstance } from 'fastify';
import { asc, gt } from 'drizzle-orm';
import { recordActivity, type Db, type FileStorage } from '@cvdp/server-kit';
import { artifacts } from './tables.ts';

/** A stored file younger than this may still be waiting for its row to commit. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Uuids of rows without a file named in the report (the count is always whole). */
const MAX_LISTED = 50;
const PAGE = 5_000;

export interface ReconcileReport {
  storedFiles: number;
  /** Files no row names, older than the grace period: deleted. */
  removedFiles: number;
  /** Rows whose file is not in storage: kept, reported. */
  missingFiles: number;
  missingArtifacts: string[];
}

export async function reconcileStoredFiles(
  db: Db,
  storage: FileStorage,
  options: { graceMs?: number; now?: Date } = {},
): Promise<ReconcileReport> {
  const startedAt = options.now ?? new Date();
  const cutoff = startedAt.getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  // Listed first, rows read after: a file stored meanwhile is younger than the cutoff, and a row created
  // meanwhile (after startedAt) is not judged.
  const stored = new Map<string, Date>();
  for await (const file of storage.list()) stored.set(file.key, file.modifiedAt);

  const report: ReconcileReport = {
    storedFiles: stored.size,
    removedFiles: 0,
    missingFiles: 0,
    missingArtifacts: [],
  };
  const named = new Set<string>();
  for (let after: string | null = null; ;) {
    const rows = await db
      .select({ uuid: artifacts.uuid, key: artifacts.storageKey, created: artifacts.createdAt })
      .from(artifacts)
      .where(after === null ? undefined : gt(artifacts.uuid, after))
      .orderBy(asc(artifacts.uuid))
      .limit(PAGE);
    for (const row of rows) {
      named.add(row.key);
      if (!stored.has(row.key) && row.created < startedAt) {
        report.missingFiles++;
        if (report.missingArtifacts.length < MAX_LISTED) report.missingArtifacts.push(row.uuid);
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].uuid;
  }
  for (const [key, modifiedAt] of stored) {
    if (named.has(key) || modifiedAt.getTime() >= cutoff) continue;
    await storage.delete(key);
    report.removedFiles++;
  }
  if (report.removedFiles || report.missingFiles)
    await recordActivity(db, {
      actorId: null,
      verb: 'reconciled',
      objectType: 'file_storage',
      objectId: 'files',
      after: {
        removed_files_without_row: report.removedFiles,
        rows_without_file: report.missingFiles,
        artifacts_without_file: report.missingArtifacts,
      },
    });
  return report;
}

/** At start (without holding it up) and on a schedule; a failure is logged and tried again next time. */
export async function fileReconcilePlugin(app: FastifyInstance) {
  const seconds = app.config.fileSweepSeconds;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= reconcileStoredFiles(app.db, app.storage)
      .then((r) => {
        const counts = { stored: r.storedFiles, removed: r.removedFiles, missing: r.missingFiles };
        if (r.missingFiles)
          app.log.warn(
            { ...counts, artifacts: r.missingArtifacts },
            'stored files: rows whose file is missing (kept; their downloads answer 404)',
          );
        if (r.removedFiles) app.log.info(counts, 'stored files: removed files no row names');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'stored files: reconciliation failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    run();
    if (seconds > 0) {
      timer = setInterval(run, seconds * 1000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
