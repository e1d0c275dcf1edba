// One uploaded file part → storage: streamed (never buffered whole), hashed on the way, its name and type
// cleaned. A part cut off at the size limit is removed again and reported as too large.
import type { FastifyRequest } from 'fastify';
import { FileTooLargeError, HttpError, type FileStorage } from '@cvdp/server-kit';
import { safeContentType, sanitizeFileName } from './file-names.ts';

/** One part of a multipart request, as @fastify/multipart hands it over. */
export type MultipartPart = FastifyRequest['parts'] extends (
  ...args: never[]
) => AsyncIterableIterator<infer P>
  ? P
  : never;
export type MultipartFilePart = Extract<MultipartPart, { type: 'file' }>;

export interface StoredUpload {
  key: string;
  size: number;
  sha256: string;
  fileName: string;
  contentType: string;
}

export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb}MB` : `${maxBytes} bytes`;
  return `The file is too large. The limit is ${limit}.`;
}

export function fileTooLarge(field: string, maxBytes: number): HttpError {
  const message = tooLargeMessage(maxBytes);
  return new HttpError(413, message, { [field]: [message] });
}

/**
 * Browsers escape exactly three characters in a multipart file name (WHATWG "multipart/form-data encoding
 * algorithm"): '"' as %22, CR as %0D and LF as %0A. Undo that before cleaning the name.
 */
export function decodeMultipartFileName(name: string): string {
  return name.replace(/%(22|0D|0A)/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Stores the part, or returns null for the empty part a browser sends when no file was chosen.
 * Throws a 413 HttpError when the part was larger than `maxBytes` (nothing is kept).
 */
export async function storeUpload(
  storage: FileStorage,
  part: MultipartFilePart,
  maxBytes: number,
): Promise<StoredUpload | null> {
  let stored;
  try {
    stored = await storage.put(part.file, { maxBytes });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw fileTooLarge(part.fieldname, maxBytes);
    throw error;
  }
  // The multipart parser stops at its own limit and marks the stream truncated instead of failing it.
  if (part.file.truncated) {
    await storage.delete(stored.key);
    throw fileTooLarge(part.fieldname, maxBytes);
  }
  if (stored.size === 0 && !part.filename) {
    await storage.delete(stored.key);
    return null;
  }
  return {
    ...stored,
    fileName: sanitizeFileName(decodeMultipartFileName(part.filename)),
    contentType: safeContentType(part.mimetype),
  };
}
