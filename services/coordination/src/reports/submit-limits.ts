// Limits on what one account may push into the platform: report submits and edits per minute (refused
// before any byte of the body is read, so a flood stores nothing) and the bytes of files a user may have
// stored. Both are counted in the database, so they hold across service replicas.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { type Config, type Db, HttpError } from '@cvdp/server-kit';
import { storedBytesOf } from '../artifacts/store.ts';
import { tooLargeMessage } from '../artifacts/store-upload.ts';
import { reportRevisions, reports } from './tables.ts';

export const SUBMIT_RATE_MESSAGE = 'Too many reports sent in the last minute. Try again in a minute.';

export async function assertSubmitRate(db: Db, userId: number, config: Config) {
  const since = sql`now() - interval '1 minute'`;
  const [{ submitted }] = await db
    .select({ submitted: count() })
    .from(reports)
    .where(and(eq(reports.submittedBy, userId), gt(reports.createdAt, since)));
  const [{ edited }] = await db
    .select({ edited: count() })
    .from(reportRevisions)
    .where(and(eq(reportRevisions.editedBy, userId), gt(reportRevisions.createdAt, since)));
  if (submitted + edited >= config.submitRatePerMinute) throw new HttpError(429, SUBMIT_RATE_MESSAGE);
}

export function quotaMessage(quotaBytes: number) {
  return `Your files have reached the storage quota (${tooLargeMessage(quotaBytes)
    .replace(/^The file is too large\. The limit is /, '')
    .replace(/\.$/, '')}). Remove files or ask a coordinator.`;
}

/** Refuses a new file that would take the user past the stored-bytes quota (413, field `poc`). */
export async function assertWithinQuota(db: Db, userId: number, config: Config, addedBytes: number) {
  if (addedBytes === 0) return;
  if ((await storedBytesOf(db, userId)) + addedBytes > config.uploadQuotaBytes) {
    const message = quotaMessage(config.uploadQuotaBytes);
    throw new HttpError(413, message, { poc: [message] });
  }
}
