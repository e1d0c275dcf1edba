// Issue 15: a process killed mid-upload leaves a temporary file; the next start removes it. Issue 27: a
// process killed between storing a file and committing its row leaves a file no row names — removed at
// start (and on the schedule) once older than the grace period; a row whose file is gone is kept and
// reported (log, and an activity row administrators see).
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { activity, LocalFileStorage, STALE_UPLOAD_MS } from '@cvdp/server-kit';
import { createTestApp } from '../../testing/test-app.ts';
import { artifacts, cases } from '../tables.ts';
import { ORPHAN_GRACE_MS, reconcileStoredFiles } from './reconcile.ts';

const root = await mkdtemp(path.join(tmpdir(), 'cvdp-orphans-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const OLD_KEY = 'ab/0a1b2c3d-0000-4000-8000-000000000001';
const YOUNG_KEY = 'ab/0a1b2c3d-0000-4000-8000-000000000002';

it('sweeps what interrupted uploads left when the service starts; keeps rows whose file is gone, and says so', async () => {
  const incoming = path.join(root, '.incoming');
  await mkdir(incoming, { recursive: true });
  const stale = path.join(incoming, 'killed-mid-upload');
  const fresh = path.join(incoming, 'in-progress-elsewhere');
  await writeFile(stale, 'half');
  await writeFile(fresh, 'half');
  const then = new Date(Date.now() - 2 * STALE_UPLOAD_MS);
  await utimes(stale, then, then);
  // Stored whole, but the row never committed (kill -9): one long ago, one just now (its row may be coming).
  await mkdir(path.join(root, 'ab'));
  await writeFile(path.join(root, OLD_KEY), 'no row');
  await writeFile(path.join(root, YOUNG_KEY), 'row pending');
  const longAgo = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
  await utimes(path.join(root, OLD_KEY), longAgo, longAgo);

  const storage = new LocalFileStorage(root);
  const t = await createTestApp({ storage });
  try {
    expect(await readdir(incoming)).toEqual(['in-progress-elsewhere']);
    // The start's reconciliation runs beside the start, not before it.
    await expect.poll(() => readdir(path.join(root, 'ab'))).toEqual([YOUNG_KEY.slice(3)]);

    // A file with its row stays; a row whose file is gone stays too, reported.
    const reporter = await t.createUser();
    const [c] = await t.db.insert(cases).values({ title: 'Files', createdBy: reporter.id }).returning();
    const kept = await storage.put(Readable.from([Buffer.from('evidence')]));
    const lost = await storage.put(Readable.from([Buffer.from('gone')]));
    const row = (key: string, fileName: string) => ({
      caseId: c.id,
      uploadedBy: reporter.id,
      fileName,
      contentType: 'text/plain',
      size: 4,
      sha256: '0'.repeat(64),
      storageKey: key,
    });
    const [, missing] = await t.db
      .insert(artifacts)
      .values([row(kept.key, 'kept.txt'), row(lost.key, 'lost.txt')])
      .returning();
    await storage.delete(lost.key);

    const later = new Date(Date.now() + 2 * ORPHAN_GRACE_MS);
    const report = await reconcileStoredFiles(t.db, storage, { now: later });
    expect(report).toEqual({
      storedFiles: 2,
      removedFiles: 1,
      missingFiles: 1,
      missingArtifacts: [missing.uuid],
    });
    expect((await readdir(path.join(root, kept.key.slice(0, 2)))).includes(kept.key.slice(3))).toBe(true);
    expect(await t.db.select({ uuid: artifacts.uuid }).from(artifacts)).toHaveLength(2);
    // Each run that found something left a row administrators read under Activity: the start's, then this.
    const audit = await t.db
      .select()
      .from(activity)
      .where(eq(activity.objectType, 'file_storage'))
      .orderBy(asc(activity.id));
    expect(audit.map((a) => [a.actorId, a.verb, a.after])).toEqual([
      [
        null,
        'reconciled',
        { removed_files_without_row: 1, rows_without_file: 0, artifacts_without_file: [] },
      ],
      [
        null,
        'reconciled',
        { removed_files_without_row: 1, rows_without_file: 1, artifacts_without_file: [missing.uuid] },
      ],
    ]);
  } finally {
    await t.close();
  }
});
