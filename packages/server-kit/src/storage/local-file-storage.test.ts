// LocalFileStorage: the behaviour every FileStorage shares (file-storage-behaviour.ts), and what is particular
// to a folder — the sweep of temporary files left by interrupted uploads, a failed move into place.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileStorageBehaviour } from '../../testing/file-storage-behaviour.ts';
import { LocalFileStorage, STALE_UPLOAD_MS } from './index.ts';

let root: string;
let storage: LocalFileStorage;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cvdp-storage-'));
  storage = new LocalFileStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Every regular file under the root, temporary ones included. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

fileStorageBehaviour('LocalFileStorage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cvdp-storage-'));
  return {
    storage: new LocalFileStorage(dir),
    async stored() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('LocalFileStorage sweep of interrupted uploads', () => {
  /** A temporary file as a process killed mid-upload leaves it, last written `ageMs` ago. */
  async function orphan(ageMs: number): Promise<string> {
    const file = path.join(root, '.incoming', randomUUID());
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'half an upload');
    const when = new Date(Date.now() - ageMs);
    await utimes(file, when, when);
    return file;
  }

  it('removes temporary files older than an hour and keeps recent ones and stored files', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('kept')]));
    const old = await orphan(2 * STALE_UPLOAD_MS);
    const recent = await orphan(60_000);
    expect(await storage.sweepStaleUploads()).toBe(1);
    expect((await filesOnDisk()).sort()).toEqual([path.join(root, stored.key), recent].sort());
    expect(await filesOnDisk()).not.toContain(old);
  });

  it('is a no-op on a fresh folder', async () => {
    expect(await new LocalFileStorage(path.join(root, 'never-used')).sweepStaleUploads()).toBe(0);
  });

  it('keeps nothing when the stream has already failed before put starts', async () => {
    const failed = new Readable({ read() {} });
    failed.destroy(new Error('client went away'));
    await expect(storage.put(failed)).rejects.toThrow('client went away');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await filesOnDisk()).toEqual([]);
  });

  it('keeps nothing when the file cannot be moved into place', async () => {
    // A regular file where the fan-out folders go makes the final mkdir/rename fail.
    for (const hex of '0123456789abcdef')
      for (const h2 of '0123456789abcdef') {
        await writeFile(path.join(root, hex + h2), '');
      }
    await expect(storage.put(Readable.from([Buffer.from('x')]))).rejects.toThrow();
    const left = (await filesOnDisk()).filter((f) => f.includes('.incoming'));
    expect(left).toEqual([]);
  });
});
