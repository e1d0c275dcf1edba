// The email domain's tables: templates notifications are written from, and the durable outbox a worker
// sends from (with retries) — a restart loses nothing queued.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * template_type 0: the notification emails of its kind are sent with it (one per kind); 1: a message template
 * staff reuse. kind: which notification it renders (TEMPLATE_KINDS), so which variables it may use.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    templateType: integer('template_type').notNull().default(0),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_templates_name_lower_idx').on(sql`lower(${t.name})`),
    index('email_templates_kind_idx').on(t.kind),
    // One notification template per kind: the one its emails are sent with.
    uniqueIndex('email_templates_notification_kind_idx')
      .on(t.kind)
      .where(sql`${t.templateType} = 0`),
  ],
);

/**
 * The PostgreSQL channel the outbox worker listens on (lowercase: PGlite folds channel names). Here beside the
 * table so that any writer of the outbox (accounts, below the email domain) can wake the worker.
 */
export const OUTBOX_CHANNEL = 'cvdp_email_outbox';

/** status: pending → sent, or failed after the last retry. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name').notNull().default(''),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text('kind').notNull(),
    caseId: integer('case_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);
