// The bytes of files one user may have stored (CVDP_UPLOAD_QUOTA_BYTES), counted in the database so the
// limit holds across service replicas. Every upload path (report proof of concept, case and thread files)
// checks it once the file is stored and its size known, and removes the file again when it is refused.
import { type Config, type Db, HttpError } from '@cvdp/server-kit';
import { storedBytesOf } from './store.ts';
import { tooLargeMessage } from './store-upload.ts';

export function quotaMessage(quotaBytes: number) {
  return `Your files have reached the storage quota (${tooLargeMessage(quotaBytes)
    .replace(/^The file is too large\. The limit is /, '')
    .replace(/\.$/, '')}). Remove files or ask a coordinator.`;
}

/** Refuses a new file that would take the user past the stored-bytes quota (413 naming `field`). */
export async function assertWithinQuota(
  db: Db,
  userId: number,
  config: Config,
  addedBytes: number,
  field = 'poc',
) {
  if (addedBytes === 0) return;
  if ((await storedBytesOf(db, userId)) + addedBytes > config.uploadQuotaBytes) {
    const message = quotaMessage(config.uploadQuotaBytes);
    throw new HttpError(413, message, { [field]: [message] });
  }
}
