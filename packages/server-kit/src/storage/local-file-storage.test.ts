import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError, LocalFileStorage, STALE_UPLOAD_MS } from './index.ts';

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

/** A stream of `chunks` chunks of 64 KiB, produced lazily like an upload. */
function chunked(chunks: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < chunks ? Buffer.alloc(64 * 1024, sent % 251) : null);
    },
  });
}

describe('LocalFileStorage', () => {
  it('stores streamed content with its size and sha256, and gives it back', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(stored.size).toBe(11);
    expect(stored.sha256).toBe(createHash('sha256').update('hello world').digest('hex'));
    expect(await text(await storage.get(stored.key))).toBe('hello world');
    expect(await filesOnDisk()).toEqual([path.join(root, stored.key)]);
  });

  it('refuses content over the limit and keeps nothing, not even the temporary file', async () => {
    await expect(storage.put(chunked(20), { maxBytes: 10 * 64 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await filesOnDisk()).toEqual([]);
  });

  it('accepts content of exactly the limit', async () => {
    const stored = await storage.put(chunked(2), { maxBytes: 2 * 64 * 1024 });
    expect(stored.size).toBe(2 * 64 * 1024);
  });

  it('keeps nothing when the incoming stream fails half way', async () => {
    let n = 0;
    const failing = new Readable({
      read() {
        if (n++ < 3) this.push(Buffer.alloc(1024));
        else this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('connection reset');
    expect(await filesOnDisk()).toEqual([]);
  });

  it('deletes, and treats missing files and foreign keys as not found', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]));
    await storage.delete(stored.key);
    await storage.delete(stored.key);
    await expect(storage.get(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.delete('../outside')).rejects.toBeInstanceOf(FileNotFoundError);
  });
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
