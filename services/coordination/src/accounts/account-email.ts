// Emails about an account itself (not about a case): fixed texts queued in the email outbox, which the
// outbox worker sends like any other. Accounts sit below the email domain, so this writes the outbox table
// directly (tables are leaves) instead of going through the notification templates.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@cvdp/server-kit';
import { OUTBOX_CHANNEL, emailOutbox } from '../email/tables.ts';

export interface AccountEmail {
  to: string;
  toName: string;
  /** The outbox kind, e.g. 'registration_attempt' (listed to administrators in the outbox). */
  kind: string;
  subject: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Queues one account email; the subject is kept to one line (no CR/LF can start a header). */
export async function queueAccountEmail(db: Db, email: AccountEmail): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(emailOutbox).values({
      toAddress: email.to,
      toName: email.toName.replace(/[\p{Cc}]+/gu, ' '),
      kind: email.kind,
      caseId: null,
      subject: email.subject.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').slice(0, 250),
      textBody: email.text,
      htmlBody: `<div style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(email.text)}</div>`,
    });
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  });
}

/** Whether an email of this kind went to this address within the last `minutes` (to avoid flooding it). */
export async function recentlyEmailed(db: Db, to: string, kind: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, to),
        eq(emailOutbox.kind, kind),
        gt(emailOutbox.createdAt, new Date(Date.now() - minutes * 60_000)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
