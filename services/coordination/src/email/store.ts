// Email administration queries and changes: the outbox as administrators read it, the templates (listed,
// created, edited, deleted) and what a template renders to. Every change writes its activity row with
// before/after in its own transaction; a missing template is a 404, a refused change a 400/409, thrown
// inside the transaction that checked it.
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_VARIABLES_BY_KIND,
  type EmailTemplate,
  type EmailTemplatePreview,
  type NotificationKind,
  type OutboxMessage,
  type OutboxStatus,
  templateInUse,
  unknownTemplateVariables,
  unknownVariableMessage,
} from '@cvdp/core';
import { type Db, type FieldErrors, HttpError, notFound, recordActivity } from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';
import { cases } from '../cases/tables.ts';
import { renderHtml, renderSubject, renderText } from './render.ts';
import { emailOutbox, emailTemplates } from './tables.ts';

type TemplateRow = typeof emailTemplates.$inferSelect;

const NO_TEMPLATE = 'No email template with this id.';

/** What the activity log keeps of a template. */
const templateAudit = (t: TemplateRow) => ({
  template_type: t.templateType,
  name: t.name,
  kind: t.kind,
  subject: t.subject,
  body: t.body,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function outboxView(row: typeof emailOutbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status as OutboxMessage['status'],
    attempts: row.attempts,
    next_attempt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    last_error: row.lastError,
    created: row.createdAt.toISOString(),
    sent: iso(row.sentAt),
  };
}

/** A notification template is the one its kind is sent with (one per kind, see the unique index). */
export function templateView(row: TemplateRow): EmailTemplate {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    template_type: row.templateType,
    name: row.name,
    kind,
    subject: row.subject,
    body: row.body,
    variables: TEMPLATE_VARIABLES_BY_KIND[kind] ?? [],
    in_use: row.templateType === 0,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

// --- The outbox -------------------------------------------------------------------------------------

const outboxWhere = (status: OutboxStatus | undefined) =>
  status ? eq(emailOutbox.status, status) : undefined;

export async function countOutbox(db: Db, status: OutboxStatus | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(outboxWhere(status));
  return row.n;
}

/** Newest first. */
export async function listOutbox(
  db: Db,
  status: OutboxStatus | undefined,
  limit: number,
  offset: number,
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(outboxWhere(status))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
  return rows.map(outboxView);
}

// --- Templates --------------------------------------------------------------------------------------

export interface TemplateFilter {
  template_type?: number;
  /** Words in the name, kind or subject (trimmed; empty: none). */
  search?: string;
}

function templateWhere(q: TemplateFilter) {
  const search = q.search;
  return and(
    q.template_type !== undefined ? eq(emailTemplates.templateType, q.template_type) : undefined,
    search
      ? or(
          ilike(emailTemplates.name, likePattern(search)),
          ilike(emailTemplates.kind, likePattern(search)),
          ilike(emailTemplates.subject, likePattern(search)),
        )
      : undefined,
  );
}

export async function countTemplates(db: Db, q: TemplateFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailTemplates).where(templateWhere(q));
  return row.n;
}

/** By name. */
export async function listTemplates(
  db: Db,
  q: TemplateFilter,
  limit: number,
  offset: number,
): Promise<EmailTemplate[]> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(templateWhere(q))
    .orderBy(emailTemplates.name, emailTemplates.id)
    .limit(limit)
    .offset(offset);
  return rows.map(templateView);
}

/** The template's row; 404 when there is none. */
export async function findTemplate(db: Db, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound(NO_TEMPLATE);
  return row;
}

export function createTemplate(
  db: Db,
  actorId: number,
  b: { template_type: number; name: string; kind: string; subject: string; body: string },
): Promise<EmailTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailTemplates)
      .values({ templateType: b.template_type, name: b.name, kind: b.kind, subject: b.subject, body: b.body })
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added email template',
      objectType: 'email_template',
      objectId: row.id,
      after: templateAudit(row),
    });
    return templateView(row);
  });
}

/** A 400 naming subject/body for each unknown variable of the kind (PATCH checks against the row's kind). */
function checkTemplateVariables(kind: NotificationKind, fields: { subject?: string; body?: string }) {
  const errors: FieldErrors = {};
  for (const field of ['subject', 'body'] as const) {
    const text = fields[field];
    if (text === undefined) continue;
    const unknown = unknownTemplateVariables(kind, text);
    if (unknown.length) errors[field] = [unknownVariableMessage(unknown, kind)];
  }
  if (Object.keys(errors).length) throw new HttpError(400, Object.values(errors)[0][0], errors);
}

/** Name, subject, body (variables checked against the template's kind); no change writes nothing. */
export function updateTemplate(
  db: Db,
  actorId: number,
  id: number,
  b: { name?: string; subject?: string; body?: string },
): Promise<EmailTemplate> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!before) throw notFound(NO_TEMPLATE);
    checkTemplateVariables(before.kind as NotificationKind, b);
    const changed = (['name', 'subject', 'body'] as const).some(
      (f) => b[f] !== undefined && b[f] !== before[f],
    );
    if (!changed) return templateView(before);
    const [after] = await tx
      .update(emailTemplates)
      .set({ name: b.name, subject: b.subject, body: b.body, updatedAt: new Date() })
      .where(eq(emailTemplates.id, before.id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'changed email template',
      objectType: 'email_template',
      objectId: before.id,
      before: templateAudit(before),
      after: templateAudit(after),
    });
    return templateView(after);
  });
}

/** Deletes a message template; a notification template is in use (409). */
export async function deleteTemplate(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!row) throw notFound(NO_TEMPLATE);
    // Every notification template is in use: notify() sends its kind's emails with it.
    if (row.templateType === 0) throw new HttpError(409, templateInUse(row.kind as NotificationKind));
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, row.id));
    await recordActivity(tx, {
      actorId,
      verb: 'removed email template',
      objectType: 'email_template',
      objectId: row.id,
      before: templateAudit(row),
    });
  });
}

// --- Previews ---------------------------------------------------------------------------------------

/**
 * What a template renders to: with a case, that case's id, title and link and the caller as recipient; else
 * sample values. Only the kind's variables are filled (the others cannot appear: they are refused on save).
 */
export async function renderPreview(
  db: Db,
  input: { kind: NotificationKind; subject: string; body: string; caseId?: number },
  caller: { name: string },
  publicUrl = '',
): Promise<EmailTemplatePreview> {
  const sample: Record<string, string> = {
    ...TEMPLATE_SAMPLE_VALUES,
    case_link: `${publicUrl}${TEMPLATE_SAMPLE_VALUES.case_link}`,
  };
  if (input.caseId !== undefined) {
    const [theCase] = await db
      .select({ id: cases.id, title: cases.title, status: cases.status })
      .from(cases)
      .where(eq(cases.id, input.caseId));
    if (!theCase) throw new HttpError(400, 'No case with this id.', { case: ['No case with this id.'] });
    Object.assign(sample, {
      recipient_name: caller.name,
      case_id: String(theCase.id),
      case_title: theCase.title,
      case_link: `${publicUrl}/cvdp/cases/${theCase.id}`,
    });
  }
  const values = Object.fromEntries(
    (TEMPLATE_VARIABLES_BY_KIND[input.kind] ?? []).map((name) => [name, sample[name] ?? '']),
  );
  return {
    subject: renderSubject(input.subject, values),
    text: renderText(input.body, values),
    html: renderHtml(input.body, values),
    values,
  };
}
