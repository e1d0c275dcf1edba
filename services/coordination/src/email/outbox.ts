// Queueing email: a row in the durable outbox, written in the caller's transaction (so an email exists
// exactly when the change that caused it does). The worker (email/worker.ts) sends them; a NOTIFY on
// OUTBOX_CHANNEL, delivered when the transaction commits (and never if it rolls back), wakes it at once.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@cvdp/server-kit';
import { OUTBOX_CHANNEL, emailOutbox, emailTemplates } from './tables.ts';
import { oneLine, renderHtml, renderSubject, renderText } from './render.ts';

export { OUTBOX_CHANNEL };

export interface QueuedEmail {
  to: string;
  toName: string;
  kind: string;
  caseId: number | null;
  vars: Record<string, string>;
}

/**
 * Renders the kind's notification template (template_type 0, one per kind) as it is now — an administrator's
 * edit applies to the next email queued — and queues it; kinds without one send no email. Returns how many.
 */
export async function queueEmails(tx: Tx, messages: QueuedEmail[]): Promise<number> {
  if (messages.length === 0) return 0;
  const templates = new Map<string, typeof emailTemplates.$inferSelect>();
  for (const kind of new Set(messages.map((m) => m.kind))) {
    const [template] = await tx
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.kind, kind), eq(emailTemplates.templateType, 0)));
    if (template) templates.set(kind, template);
  }
  const rows = messages.flatMap((m) => {
    const template = templates.get(m.kind);
    if (!template) return [];
    return [
      {
        toAddress: m.to,
        toName: oneLine(m.toName),
        kind: m.kind,
        caseId: m.caseId,
        subject: renderSubject(template.subject, m.vars),
        textBody: renderText(template.body, m.vars),
        htmlBody: renderHtml(template.body, m.vars),
      },
    ];
  });
  if (rows.length) {
    await tx.insert(emailOutbox).values(rows);
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  }
  return rows.length;
}
