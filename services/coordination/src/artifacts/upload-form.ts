// Reads the multipart body of a file upload (POST /api/case/{id}/artifacts/, POST /api/case/thread/{id}/
// upload/): exactly one file in the field `file` (SPEC §7, the artifact transfer's field), streamed to
// storage as it arrives. Text fields are ignored. Whatever is wrong with the request — a file under another
// name, a second file, too many bytes, a broken body — answers 4xx and leaves nothing stored.
import type { FastifyRequest } from 'fastify';
import { REQUIRED_MESSAGE } from '@cvdp/core';
import { type FileStorage, HttpError } from '@cvdp/server-kit';
import { fileTooLarge, storeUpload, type StoredUpload } from './store-upload.ts';

export const FILE_FIELD = 'file';
export const NOT_MULTIPART_MESSAGE = 'Send the file as multipart/form-data in the field "file".';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed.';

const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

async function discard(stream: AsyncIterable<unknown>) {
  // Reading the rest lets the client finish sending, so it sees our answer rather than a reset connection.
  for await (const _chunk of stream) {
    /* dropped */
  }
}

/** The one stored file of the request. Throws 400/413/415 HttpErrors; never keeps a file when it throws. */
export async function readFileUpload(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<StoredUpload> {
  if (!request.isMultipart())
    throw new HttpError(415, NOT_MULTIPART_MESSAGE, { file: [NOT_MULTIPART_MESSAGE] });
  let upload: StoredUpload | null = null;
  let tooLarge: HttpError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD)
        throw badRequest(
          part.fieldname,
          `Unexpected file field "${part.fieldname}": send the file as "file".`,
        );
      if (upload) throw badRequest(FILE_FIELD, 'Send one file at a time.');
      if (tooLarge) {
        await discard(part.file);
        continue;
      }
      try {
        upload = await storeUpload(storage, part, maxBytes);
      } catch (error) {
        // Keep reading the rest of the request, then answer 413.
        if (error instanceof HttpError && error.statusCode === 413) tooLarge = error;
        else throw error;
      }
    }
    if (tooLarge) throw tooLarge;
    if (!upload) throw badRequest(FILE_FIELD, REQUIRED_MESSAGE);
    return upload;
  } catch (error) {
    if (upload) await storage.delete(upload.key);
    const code = (error as { code?: string }).code;
    // The parser reports its own size limit once the request has been read.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge ?? fileTooLarge(FILE_FIELD, maxBytes);
    if (error instanceof HttpError) throw error;
    // The file store failing (disk full, object store down…) is ours; anything else the parser threw is the
    // client's body: a part without its closing boundary, a missing or wrong boundary, garbage.
    if ((error as { syscall?: string }).syscall || (error as { $metadata?: unknown }).$metadata) throw error;
    throw new HttpError(400, MALFORMED_MULTIPART_MESSAGE, { file: [MALFORMED_MULTIPART_MESSAGE] });
  }
}
