// Email administration (admins): the outbox — what was queued, sent or failed, readable when no SMTP server
// is configured — and the templates: listed, created, edited, previewed and deleted (issue 14), each with
// the variables its kind may use. The notification template of a kind (template_type 0) is what
// queueEmails renders, so an edit changes the next email; notification templates (in use) cannot be deleted.
import type { FastifyInstance } from 'fastify';
import {
  DUPLICATE_NOTIFICATION_TEMPLATE,
  DUPLICATE_TEMPLATE_NAME,
  type NotificationKind,
  emailTemplateCreateSchema,
  emailTemplatePreviewResultSchema,
  emailTemplatePreviewSchema,
  emailTemplateQuery,
  emailTemplateSavedPreviewSchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  idParams,
  outboxListQuery,
  outboxMessageSchema,
} from '@cvdp/core';
import { mapUniqueViolations, noContent, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import {
  countOutbox,
  countTemplates,
  createTemplate,
  deleteTemplate,
  findTemplate,
  listOutbox,
  listTemplates,
  renderPreview,
  templateView,
  updateTemplate,
} from './store.ts';

const uniqueTemplate = {
  email_templates_name_lower_idx: { field: 'name', message: DUPLICATE_TEMPLATE_NAME },
  email_templates_notification_kind_idx: { field: 'kind', message: DUPLICATE_NOTIFICATION_TEMPLATE },
};

const outboxQuery = pageQuery(50, 200).extend(outboxListQuery.shape);
const templatesQuery = pageQuery(50, 200).extend(emailTemplateQuery.shape);

export async function emailRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['administration'] };

  r.get(
    '/manage/email/outbox/',
    {
      ...admin,
      summary: 'Queued, sent and failed email, newest first (?status=)',
      query: outboxQuery,
      response: { 200: pageOf(outboxMessageSchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countOutbox(db, request.query.status),
        (limit, offset) => listOutbox(db, request.query.status, limit, offset),
      ),
  );

  r.get(
    '/manage/email/templates/',
    {
      ...admin,
      summary: 'Email templates (?template_type=0: notifications; search= in name, kind and subject)',
      query: templatesQuery,
      response: { 200: pageOf(emailTemplateSchema) },
    },
    (request) => {
      const filter = {
        template_type: request.query.template_type,
        search: request.query.search?.trim(),
      };
      return paginate(
        request,
        request.query,
        () => countTemplates(db, filter),
        (limit, offset) => listTemplates(db, filter, limit, offset),
      );
    },
  );

  r.post(
    '/manage/email/templates/',
    {
      ...admin,
      summary:
        'Add a template (template_type 0: the notification template of its kind, one per kind; 1: a message template)',
      body: emailTemplateCreateSchema,
      response: { 201: emailTemplateSchema },
    },
    async (request, reply) => {
      const created = await mapUniqueViolations(
        () => createTemplate(db, request.user!.id, request.body),
        uniqueTemplate,
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/manage/email/template/:id/',
    {
      ...admin,
      summary: 'One email template with the variables it may use',
      params: idParams,
      response: { 200: emailTemplateSchema },
    },
    async (request) => templateView(await findTemplate(db, request.params.id)),
  );

  r.patch(
    '/manage/email/template/:id/',
    {
      ...admin,
      summary: "Edit a template's name, subject or body (its notifications use the new text from now on)",
      params: idParams,
      body: emailTemplateUpdateSchema,
      response: { 200: emailTemplateSchema },
    },
    (request) =>
      mapUniqueViolations(
        () => updateTemplate(db, request.user!.id, request.params.id, request.body),
        uniqueTemplate,
      ),
  );

  r.delete(
    '/manage/email/template/:id/',
    {
      ...admin,
      summary: 'Delete a message template (a notification template is in use: 409 with the reason)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteTemplate(db, request.user!.id, request.params.id);
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
      response: { 200: emailTemplatePreviewResultSchema },
    },
    (request) =>
      renderPreview(db, { ...request.body, caseId: request.body.case }, request.user!, app.config.publicUrl),
  );

  r.post(
    '/manage/email/template/:id/preview/',
    {
      ...admin,
      summary: "Render a saved template with sample values or a case's data (case)",
      params: idParams,
      body: emailTemplateSavedPreviewSchema,
      response: { 200: emailTemplatePreviewResultSchema },
    },
    async (request) => {
      const row = await findTemplate(db, request.params.id);
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
