// Limits on what one account may push into the platform: report submits and edits per minute (refused
// before any byte of the body is read, so a flood stores nothing) and the bytes of files a user may have
// stored (artifacts/quota.ts). Both are counted in the database, so they hold across service replicas.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { type Config, type Db, HttpError } from '@cvdp/server-kit';
import { reportRevisions, reports } from './tables.ts';

// The stored-bytes quota lives with the files (every upload path checks it).
export { assertWithinQuota, quotaMessage } from '../artifacts/quota.ts';

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
