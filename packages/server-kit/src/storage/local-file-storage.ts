// FileStorage on a local folder (by default `${dataDir}/files`). Content is written under a temporary name
// in the same folder tree and renamed into place when complete, so a crash or an aborted upload never
// leaves a half file under a real key. Keys are random, so names from users never reach the file system.
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FileNotFoundError,
  type FileStorage,
  type ListedFile,
  type PutOptions,
  type StoredFile,
} from './file-storage.ts';
import { MeasuringStream, STORAGE_KEY_PATTERN, newStorageKey } from './measuring-stream.ts';

/** Uploads still in `.incoming` after this long belong to a process that died (kill -9, power loss). */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;
const INCOMING = '.incoming';

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys come back from the database, but never trust a path: only our own key shape is accepted.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new FileNotFoundError(key);
    return path.join(this.root, key);
  }

  async put(content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const key = newStorageKey();
    const id = key.slice(3);
    const tmpDir = path.join(this.root, INCOMING);
    const tmp = path.join(tmpDir, id);
    await mkdir(tmpDir, { recursive: true });
    const measure = new MeasuringStream(options.maxBytes ?? Number.POSITIVE_INFINITY);
    try {
      // Opened before the copy starts, so the file exists (and is removed below) whatever fails when: a
      // lazily opened write stream could create it after an early failure was already cleaned up.
      const handle = await open(tmp, 'wx');
      await pipeline(content, measure, handle.createWriteStream());
      await mkdir(path.dirname(this.pathOf(key)), { recursive: true });
      await rename(tmp, this.pathOf(key));
    } catch (error) {
      content.destroy();
      await rm(tmp, { force: true }).catch(() => undefined);
      throw error;
    }
    return { key, size: measure.byteCount, sha256: measure.hash.digest('hex') };
  }

  /**
   * Removes temporary files of uploads that never finished (the process was killed mid-upload); called at
   * start. Files younger than `olderThanMs` may belong to another process's upload in progress and stay.
   */
  async sweepStaleUploads(olderThanMs = STALE_UPLOAD_MS): Promise<number> {
    const tmpDir = path.join(this.root, INCOMING);
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      try {
        if ((await stat(file)).mtimeMs < cutoff) {
          await rm(file, { force: true, recursive: true });
          removed++;
        }
      } catch (error) {
        // Another process finished (renamed) or swept it meanwhile.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return removed;
  }

  /** The files under `<2 hex>/<uuid>` (temporary ones in `.incoming` are the sweep's above, not listed). */
  async *list(): AsyncIterable<ListedFile> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      for (const name of (await readdir(path.join(this.root, folder))).sort()) {
        const key = `${folder}/${name}`;
        if (!STORAGE_KEY_PATTERN.test(key)) continue;
        try {
          yield { key, modifiedAt: (await stat(this.pathOf(key))).mtime };
        } catch (error) {
          // Deleted meanwhile.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      // Opening first turns a missing file into FileNotFoundError now, not into a broken stream later.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
