// What every FileStorage shares: the shape of its keys and the stream that sizes, hashes and limits content
// on its way in.
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-storage.ts';

/** 'ab/<uuid>': random, so names from users never reach a path or an object key; two hex characters fan the
 * files out over 256 folders (or key prefixes). */
export const STORAGE_KEY_PATTERN =
  /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Counts and hashes what passes through, and fails with FileTooLargeError once it is over the limit. */
export class MeasuringStream extends Transform {
  readonly hash = createHash('sha256');
  // Not `size`: upload libraries read a `size` property as the length of a Blob-like body.
  byteCount = 0;
  tooLarge = false;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.byteCount += chunk.length;
    if (this.byteCount > this.maxBytes) {
      this.tooLarge = true;
      return done(new FileTooLargeError(this.maxBytes));
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}
