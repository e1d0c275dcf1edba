// Where uploaded files live. Services only see this interface, so the local folder used by default can be
// swapped for object storage (S3 and the like) when several service copies must share files.
import type { Readable } from 'node:stream';

export interface StoredFile {
  /** Opaque name of the stored object; keep it in the database to find the file again. */
  key: string;
  size: number;
  /** Hex sha256 of the content, computed while it streamed in. */
  sha256: string;
}

export interface PutOptions {
  /** Refuse (FileTooLargeError, nothing kept) once the content grows past this many bytes. */
  maxBytes?: number;
}

export interface FileStorage {
  /** Streams the content in (never all in memory) and only makes it visible once complete. */
  put(content: Readable, options?: PutOptions): Promise<StoredFile>;
  /** The content of a stored object; FileNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what interrupted uploads left behind (called once at start); returns how many were removed.
   * Optional: stores without temporary objects need none.
   */
  sweepStaleUploads?(olderThanMs?: number): Promise<number>;
  /**
   * Every stored object under a key of ours, with when it was written: what the reconciliation of files and
   * rows walks (a file whose row never committed, after a crash, is found this way).
   */
  list(): AsyncIterable<ListedFile>;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file "${key}".`);
    this.name = 'FileNotFoundError';
  }
}
