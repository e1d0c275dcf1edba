// The report submission pipeline, written once: every call that takes a report form from a user — intake
// (POST /api/report/, a new case), another report on a case (POST /report/case/{id}/add/, staff) and the
// edit (POST /api/case/{id}/report/edit/) — takes the same steps in the same order. The submit rate is
// checked before a byte of the body is read (a flood stores nothing), the multipart form is read with the
// file streamed to storage, the stored-bytes quota is checked, then the report is written. The stored file
// is removed again whenever it does not end up as the case's: a refusal at any step, or a repeat.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readReportSubmission, type ReportSubmission } from './report-submission.ts';
import { type CreatedReport, type ReportRow, findBySubmissionKey } from './store.ts';
import { assertSubmitRate, assertWithinQuota } from './submit-limits.ts';

type Services = Pick<FastifyInstance, 'db' | 'storage' | 'config'>;

/**
 * Reads the caller's report form within their limits and hands it to `write`. `fileKept` says whether the
 * stored file became the case's; when it did not, or when anything throws, the file is removed.
 */
export async function receiveReportForm<T>(
  { db, storage, config }: Services,
  request: FastifyRequest,
  userId: number,
  write: (submission: ReportSubmission) => Promise<{ answer: T; fileKept: boolean }>,
): Promise<T> {
  await assertSubmitRate(db, userId, config);
  const submission = await readReportSubmission(request, storage, config.maxUploadBytes);
  let fileKept = false;
  try {
    await assertWithinQuota(db, userId, config, submission.poc?.size ?? 0);
    const result = await write(submission);
    fileKept = result.fileKept;
    return result.answer;
  } finally {
    if (submission.poc && !fileKept) await storage.delete(submission.poc.key);
  }
}

export interface SubmitSteps {
  /** Writes the new report (store.ts: createReport, addReport — once per submission key). */
  write: (submission: ReportSubmission) => Promise<CreatedReport>;
  /** Refuses (throws) to answer a repeat with this first report, e.g. one on another case. */
  checkRepeat?: (first: ReportRow) => void;
}

/**
 * A new report from the caller (intake, add-report). A repeated submission key — a double click, a retry
 * after a lost answer, two submits racing — gets the first submission's report (`created` false) and
 * writes nothing.
 */
export function submitReport(
  services: Services,
  request: FastifyRequest,
  userId: number,
  { write, checkRepeat }: SubmitSteps,
): Promise<CreatedReport> {
  return receiveReportForm(services, request, userId, async (submission) => {
    const key = submission.submissionKey;
    const seen = key ? await findBySubmissionKey(services.db, userId, key) : undefined;
    const result = seen ? { report: seen, created: false } : await write(submission);
    if (!result.created) checkRepeat?.(result.report);
    return { answer: result, fileKept: result.created };
  });
}
