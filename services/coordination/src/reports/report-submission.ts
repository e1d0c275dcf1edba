// Reads the multipart form of a report submit or edit (SPEC §7 "Report calls"): the `report` field (JSON
// text of the question/answer list), the optional `poc` file and the browser's `submission_key`. The file
// is streamed to storage as it arrives, whatever the order of the parts; if anything about the request is
// wrong the stored file is removed again, so a refused request leaves nothing behind.
import type { FastifyRequest } from 'fastify';
import { type ReportQuestionList, REQUIRED_MESSAGE, submittedReportSchema } from '@cvdp/core';
import { type FieldErrors, type FileStorage, HttpError, assertStorableText } from '@cvdp/server-kit';
import { fileTooLarge, storeUpload, type StoredUpload } from '../artifacts/store-upload.ts';
import type { ReportInput } from './store.ts';

/** What the form holds once read: what a report is written from (store.ts). */
export type ReportSubmission = ReportInput;

const MAX_SUBMISSION_KEY_LENGTH = 200;
export const INVALID_JSON_MESSAGE = 'The report is not valid JSON.';
export const NOT_MULTIPART_MESSAGE = 'Send the report as multipart/form-data.';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed.';

const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

async function discard(stream: AsyncIterable<unknown>) {
  // Reading the rest lets the client finish sending, so it sees our answer rather than a reset connection.
  for await (const _chunk of stream) {
    /* dropped */
  }
}

interface RawParts {
  reportText: string | null;
  submissionKey: string | null;
  poc: StoredUpload | null;
}

async function readParts(request: FastifyRequest, storage: FileStorage, maxBytes: number, raw: RawParts) {
  let tooLarge: HttpError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'poc')
          throw badRequest(part.fieldname, `Unexpected file field "${part.fieldname}".`);
        if (raw.poc) throw badRequest('poc', 'Send at most one proof-of-concept file.');
        if (tooLarge) {
          await discard(part.file);
          continue;
        }
        try {
          raw.poc = await storeUpload(storage, part, maxBytes);
        } catch (error) {
          // Keep reading the rest of the request, then answer 413.
          if (error instanceof HttpError && error.statusCode === 413) tooLarge = error;
          else throw error;
        }
      } else if (part.valueTruncated) {
        throw new HttpError(413, `The field "${part.fieldname}" is too large.`, {
          [part.fieldname]: ['Too large.'],
        });
      } else if (part.fieldname === 'report') {
        raw.reportText = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      } else if (part.fieldname === 'submission_key') {
        raw.submissionKey = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The parser reports its own size limit once the request has been read.
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge ?? fileTooLarge('poc', maxBytes);
    // A field sent as application/json that is not JSON.
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw badRequest('report', INVALID_JSON_MESSAGE);
    if (error instanceof HttpError) throw error;
    // The file store failing (disk full…) is ours; anything else the parser threw is the client's body:
    // a part without its closing boundary, a missing or wrong boundary, garbage.
    if ((error as { syscall?: string }).syscall) throw error;
    throw new HttpError(400, MALFORMED_MULTIPART_MESSAGE);
  }
  if (tooLarge) throw tooLarge;
}

function parseReport(text: string | null): ReportQuestionList {
  if (text === null || text.trim() === '') throw badRequest('report', REQUIRED_MESSAGE);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('report', INVALID_JSON_MESSAGE);
  }
  assertStorableText(json, 'report');
  const result = submittedReportSchema.safeParse(json);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'report';
    (errors[key] ??= []).push(issue.message);
  }
  throw new HttpError(400, 'The report is not complete or not valid.', errors);
}

function parseSubmissionKey(key: string | null): string | null {
  if (key === null || key.trim() === '') return null;
  assertStorableText(key, 'submission_key');
  if (key.length > MAX_SUBMISSION_KEY_LENGTH)
    throw badRequest('submission_key', 'The submission key is too long.');
  return key.trim();
}

/** The validated submission. Throws 400/413/415 HttpErrors; never keeps a file when it throws. */
export async function readReportSubmission(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReportSubmission> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART_MESSAGE);
  const raw: RawParts = { reportText: null, submissionKey: null, poc: null };
  try {
    await readParts(request, storage, maxBytes, raw);
    return {
      report: parseReport(raw.reportText),
      poc: raw.poc,
      submissionKey: parseSubmissionKey(raw.submissionKey),
    };
  } catch (error) {
    if (raw.poc) await storage.delete(raw.poc.key);
    throw error;
  }
}
