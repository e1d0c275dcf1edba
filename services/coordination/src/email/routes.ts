// Email administration (admins): the outbox — what was queued, sent or failed, readable when no SMTP server
// is configured — and the templates: listed, created, edited, previewed and deleted (issue 14), each with
// the variables its kind may use. The notification template of a kind (template_type 0) is what
// queueEmails renders, so an edit changes the next email; notification templates (in use) cannot be deleted.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  DUPLICATE_NOTIFICATION_TEMPLATE,
  DUPLICATE_TEMPLATE_NAME,
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_VARIABLES_BY_KIND,
  type EmailTemplate,
  type EmailTemplatePreview,
  type NotificationKind,
  type OutboxMessage,
  emailTemplateCreateSchema,
  emailTemplatePreviewSchema,
  emailTemplateQuery,
  emailTemplateSavedPreviewSchema,
  emailTemplateUpdateSchema,
  idParams,
  outboxListQuery,
  templateInUse,
  unknownTemplateVariables,
  unknownVariableMessage,
} from '@cvdp/core';
import {
  type Db,
  type FieldErrors,
  HttpError,
  mapUniqueViolations,
  notFound,
  pageQuery,
  paginate,
  recordActivity,
  routes,
} from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';
import { cases } from '../cases/tables.ts';
import { renderHtml, renderSubject, renderText } from './render.ts';
import { emailOutbox, emailTemplates } from './tables.ts';

type TemplateRow = typeof emailTemplates.$inferSelect;

const uniqueTemplate = {
  email_templates_name_lower_idx: { field: 'name', message: DUPLICATE_TEMPLATE_NAME },
  email_templates_notification_kind_idx: { field: 'kind', message: DUPLICATE_NOTIFICATION_TEMPLATE },
};

/** What the activity log keeps of a template. */
const templateAudit = (t: TemplateRow) => ({
  template_type: t.templateType,
  name: t.name,
  kind: t.kind,
  subject: t.subject,
  body: t.body,
});

const outboxQuery = pageQuery(50, 200).extend(outboxListQuery.shape);
const templatesQuery = pageQuery(50, 200).extend(emailTemplateQuery.shape);

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

export async function emailRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['administration'] };

  r.get(
    '/manage/email/outbox/',
    { ...admin, summary: 'Queued, sent and failed email, newest first (?status=)', query: outboxQuery },
    (request) => {
      const where = request.query.status ? eq(emailOutbox.status, request.query.status) : undefined;
      return paginate(
        request,
        request.query,
        async () => (await db.select({ n: count() }).from(emailOutbox).where(where))[0].n,
        async (limit, offset) =>
          (
            await db
              .select()
              .from(emailOutbox)
              .where(where)
              .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
              .limit(limit)
              .offset(offset)
          ).map(outboxView),
      );
    },
  );

  r.get(
    '/manage/email/templates/',
    {
      ...admin,
      summary: 'Email templates (?template_type=0: notifications; search= in name, kind and subject)',
      query: templatesQuery,
    },
    (request) => {
      const search = request.query.search?.trim();
      const where = and(
        request.query.template_type !== undefined
          ? eq(emailTemplates.templateType, request.query.template_type)
          : undefined,
        search
          ? or(
              ilike(emailTemplates.name, likePattern(search)),
              ilike(emailTemplates.kind, likePattern(search)),
              ilike(emailTemplates.subject, likePattern(search)),
            )
          : undefined,
      );
      return paginate(
        request,
        request.query,
        async () => (await db.select({ n: count() }).from(emailTemplates).where(where))[0].n,
        async (limit, offset) =>
          (
            await db
              .select()
              .from(emailTemplates)
              .where(where)
              .orderBy(emailTemplates.name, emailTemplates.id)
              .limit(limit)
              .offset(offset)
          ).map(templateView),
      );
    },
  );

  const findTemplate = async (id: number) => {
    const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    if (!row) throw notFound('No email template with this id.');
    return row;
  };

  r.post(
    '/manage/email/templates/',
    {
      ...admin,
      summary:
        'Add a template (template_type 0: the notification template of its kind, one per kind; 1: a message template)',
      body: emailTemplateCreateSchema,
    },
    async (request, reply) => {
      const b = request.body;
      const created = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(emailTemplates)
              .values({
                templateType: b.template_type,
                name: b.name,
                kind: b.kind,
                subject: b.subject,
                body: b.body,
              })
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'added email template',
              objectType: 'email_template',
              objectId: row.id,
              after: templateAudit(row),
            });
            return templateView(row);
          }),
        uniqueTemplate,
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/manage/email/template/:id/',
    { ...admin, summary: 'One email template with the variables it may use', params: idParams },
    async (request) => templateView(await findTemplate(request.params.id)),
  );

  r.patch(
    '/manage/email/template/:id/',
    {
      ...admin,
      summary: "Edit a template's name, subject or body (its notifications use the new text from now on)",
      params: idParams,
      body: emailTemplateUpdateSchema,
    },
    async (request): Promise<EmailTemplate> => {
      const b = request.body;
      return mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(emailTemplates)
              .where(eq(emailTemplates.id, request.params.id))
              .for('update');
            if (!before) throw notFound('No email template with this id.');
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
              actorId: request.user!.id,
              verb: 'changed email template',
              objectType: 'email_template',
              objectId: before.id,
              before: templateAudit(before),
              after: templateAudit(after),
            });
            return templateView(after);
          }),
        uniqueTemplate,
      );
    },
  );

  r.delete(
    '/manage/email/template/:id/',
    {
      ...admin,
      summary: 'Delete a message template (a notification template is in use: 409 with the reason)',
      params: idParams,
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailTemplates)
          .where(eq(emailTemplates.id, request.params.id))
          .for('update');
        if (!row) throw notFound('No email template with this id.');
        // Every notification template is in use: notify() sends its kind's emails with it.
        if (row.templateType === 0) throw new HttpError(409, templateInUse(row.kind as NotificationKind));
        await tx.delete(emailTemplates).where(eq(emailTemplates.id, row.id));
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'removed email template',
          objectType: 'email_template',
          objectId: row.id,
          before: templateAudit(row),
        });
      });
      return reply.status(204).send();
    },
  );

  r.post(
    '/manage/email/template/preview/',
    {
      ...admin,
      summary:
        "Render a draft template (kind, subject, body) with sample values or a case's data (case): subject, text and HTML",
      body: emailTemplatePreviewSchema,
    },
    (request): Promise<EmailTemplatePreview> =>
      renderPreview(db, { ...request.body, caseId: request.body.case }, request.user!, app.config.publicUrl),
  );

  r.post(
    '/manage/email/template/:id/preview/',
    {
      ...admin,
      summary: "Render a saved template with sample values or a case's data (case)",
      params: idParams,
      body: emailTemplateSavedPreviewSchema,
    },
    async (request): Promise<EmailTemplatePreview> => {
      const row = await findTemplate(request.params.id);
      return renderPreview(
        db,
        {
          kind: row.kind as NotificationKind,
          subject: row.subject,
          body: row.body,
          caseId: request.body.case,
        },
        request.user!,
        app.config.publicUrl,
      );
    },
  );
}
