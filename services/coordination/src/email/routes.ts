// Email administration (admins): the outbox — what was queued, sent or failed, readable when no SMTP server
// is configured — and the notification templates with the variables each may use. Creating and editing
// templates (with a preview) comes with the administration issue.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  EMAIL_TEMPLATE_VARIABLES,
  type EmailTemplate,
  type NotificationKind,
  type OutboxMessage,
  emailTemplateQuery,
  outboxListQuery,
} from '@cvdp/core';
import { pageQuery, paginate, routes } from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';
import { emailOutbox, emailTemplates } from './tables.ts';

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

export function templateView(row: typeof emailTemplates.$inferSelect): EmailTemplate {
  return {
    id: row.id,
    template_type: row.templateType,
    name: row.name,
    kind: row.kind as NotificationKind,
    subject: row.subject,
    body: row.body,
    variables: EMAIL_TEMPLATE_VARIABLES,
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
}
