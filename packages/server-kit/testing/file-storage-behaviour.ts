// Tests only: what every FileStorage must do, as one suite run against each implementation (the local folder
// and S3) — put/get/delete, size and sha256 computed on the way in, the size limit with nothing kept, a
// failing stream with nothing kept, missing and foreign keys.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError, type FileStorage } from '../src/storage/file-storage.ts';

export interface StorageUnderTest {
  storage: FileStorage;
  /** Everything the store holds (objects, files — temporary ones included). */
  stored(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** A stream of `chunks` chunks of `size` bytes, produced lazily like an upload. */
export function chunked(chunks: number, size = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < chunks ? Buffer.alloc(size, sent % 251) : null);
    },
  });
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export function fileStorageBehaviour(name: string, make: () => Promise<StorageUnderTest>) {
  describe(`${name}: FileStorage behaviour`, () => {
    let s: StorageUnderTest;
    beforeEach(async () => {
      s = await make();
    });
    afterEach(() => s.cleanup());

    it('stores streamed content with its size and sha256, and gives it back', async () => {
      const stored = await s.storage.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(stored.size).toBe(11);
      expect(stored.sha256).toBe(sha256('hello world'));
      expect(await text(await s.storage.get(stored.key))).toBe('hello world');
      expect((await s.stored()).length).toBe(1);
    });

    it('streams content larger than one upload part both ways, byte for byte', async () => {
      // 12 MiB in 256 KiB chunks: more than two S3 parts of 5 MiB.
      const stored = await s.storage.put(chunked(48, 256 * 1024), { maxBytes: 20 * 1024 * 1024 });
      const back = await buffer(await s.storage.get(stored.key));
      expect(back.length).toBe(12 * 1024 * 1024);
      expect(stored.size).toBe(back.length);
      expect(sha256(back)).toBe(stored.sha256);
    });

    it('refuses content over the limit and keeps nothing', async () => {
      await expect(s.storage.put(chunked(20), { maxBytes: 10 * 64 * 1024 })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      expect(await s.stored()).toEqual([]);
    });

    it('refuses content over the limit after parts were already sent, and keeps nothing', async () => {
      // 8 MiB against a 6 MiB limit: on S3 the first part is up before the limit is reached.
      await expect(
        s.storage.put(chunked(32, 256 * 1024), { maxBytes: 6 * 1024 * 1024 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await s.stored()).toEqual([]);
    });

    it('accepts content of exactly the limit', async () => {
      const stored = await s.storage.put(chunked(2), { maxBytes: 2 * 64 * 1024 });
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
      await expect(s.storage.put(failing)).rejects.toThrow('connection reset');
      expect(await s.stored()).toEqual([]);
    });

    it('stores empty content', async () => {
      const stored = await s.storage.put(Readable.from([]));
      expect(stored).toMatchObject({ size: 0, sha256: sha256('') });
      expect((await buffer(await s.storage.get(stored.key))).length).toBe(0);
    });

    it('lists what it stores, with when it was written', async () => {
      const before = Date.now() - 60_000;
      const a = await s.storage.put(Readable.from([Buffer.from('a')]));
      const b = await s.storage.put(Readable.from([Buffer.from('b')]));
      const listed = [];
      for await (const file of s.storage.list()) listed.push(file);
      expect(listed.map((f) => f.key).sort()).toEqual([a.key, b.key].sort());
      for (const f of listed) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
    });

    it('deletes (twice is fine), and treats missing objects and foreign keys as not found', async () => {
      const stored = await s.storage.put(Readable.from([Buffer.from('x')]));
      await s.storage.delete(stored.key);
      await s.storage.delete(stored.key);
      expect(await s.stored()).toEqual([]);
      await expect(s.storage.get(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(s.storage.get('00/00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
        FileNotFoundError,
      );
      await expect(s.storage.get('../../etc/passwd')).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(s.storage.delete('../outside')).rejects.toBeInstanceOf(FileNotFoundError);
    });
  });
}
