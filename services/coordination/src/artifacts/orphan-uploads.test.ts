// Issue 15: a process killed mid-upload leaves a temporary file; the next start removes it.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LocalFileStorage, STALE_UPLOAD_MS } from '@cvdp/server-kit';
import { createTestApp } from '../../testing/test-app.ts';

const root = await mkdtemp(path.join(tmpdir(), 'cvdp-orphans-'));
afterAll(() => rm(root, { recursive: true, force: true }));

it('sweeps temporary files of interrupted uploads when the service starts', async () => {
  const incoming = path.join(root, '.incoming');
  await mkdir(incoming, { recursive: true });
  const stale = path.join(incoming, 'killed-mid-upload');
  const fresh = path.join(incoming, 'in-progress-elsewhere');
  await writeFile(stale, 'half');
  await writeFile(fresh, 'half');
  const then = new Date(Date.now() - 2 * STALE_UPLOAD_MS);
  await utimes(stale, then, then);

  const t = await createTestApp({ storage: new LocalFileStorage(root) });
  try {
    expect(await readdir(incoming)).toEqual(['in-progress-elsewhere']);
  } finally {
    await t.close();
  }
});
