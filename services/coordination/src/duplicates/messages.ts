// The bulk close's messages to reporters: the message templates (type 1) of the status-changed kind, kept
// and edited by administrators with the other email templates (seeded by migration 0038).
import { and, asc, eq } from 'drizzle-orm';
import type { TriageMessage } from '@cvdp/core';
import { type Db, HttpError } from '@cvdp/server-kit';
import { emailTemplates } from '../email/tables.ts';

const MESSAGE_TEMPLATE = 1;
const isTriageMessage = and(
  eq(emailTemplates.templateType, MESSAGE_TEMPLATE),
  eq(emailTemplates.kind, 'status_changed'),
);

export const NO_SUCH_MESSAGE = 'No message template with this id.';

export async function triageMessages(db: Db): Promise<TriageMessage[]> {
  return db
    .select({ id: emailTemplates.id, name: emailTemplates.name, body: emailTemplates.body })
    .from(emailTemplates)
    .where(isTriageMessage)
    .orderBy(asc(emailTemplates.id));
}

/** The text of one of them (400 naming `template` when it is not one). */
export async function triageMessageText(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(isTriageMessage, eq(emailTemplates.id, id)));
  if (!row) throw new HttpError(400, NO_SUCH_MESSAGE, { template: [NO_SUCH_MESSAGE] });
  return row.body;
}
