// FileStorage on a local folder (by default `${dataDir}/files`). Content is written under a temporary name
// in the same folder tree and renamed into place when complete, so a crash or an aborted upload never
// leaves a half file under a real key. Keys are random, so names from users never reach the file system.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FileNotFoundError,
  FileTooLargeError,
  type FileStorage,
  type PutOptions,
  type StoredFile,
} from './file-storage.ts';

/** Uploads still in `.incoming` after this long belong to a process that died (kill -9, power loss). */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;
const INCOMING = '.incoming';

// 'ab/<uuid>': two hex characters fan the files out over 256 folders.
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Counts and hashes what passes through, and stops the stream once it is over the limit. */
class MeasuringStream extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new FileTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    done(null, chunk);
  }
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    // Keys come back from the database, but never trust a path: only our own key shape is accepted.
    if (!KEY_PATTERN.test(key)) throw new FileNotFoundError(key);
    return path.join(this.root, key);
  }

  async put(content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const id = randomUUID();
    const key = `${id.slice(0, 2)}/${id}`;
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
    return { key, size: measure.size, sha256: measure.hash.digest('hex') };
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
