// Notifications and email (issue 9): the rows a user reads in the app, the templates emails are built
// from, and the outbox administrators can read when no SMTP server is configured.
import { z } from 'zod';
import type { PageOf } from '../http/index.ts';
import { idValue } from '../ids/index.ts';

export const NOTIFICATION_KINDS = [
  'participant_added',
  'assigned',
  'status_changed',
  'case_notice',
  'new_post',
] as const;
/**
 * Kinds told in the app only, until their email templates are seeded (a migration adds them and moves the
 * kind into NOTIFICATION_KINDS): a vendor asked to approve an advisory revision, staff told of the answer.
 */
export const IN_APP_NOTIFICATION_KINDS = ['approval_requested', 'approval_answered'] as const;
export type NotificationKind =
  (typeof NOTIFICATION_KINDS)[number] | (typeof IN_APP_NOTIFICATION_KINDS)[number];

/** GET /api/case/notifications/ (the caller's, newest first). */
export interface Notification {
  id: number;
  case: number | null;
  case_title: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the web app, e.g. /cvdp/cases/12 */
  link: string;
  created: string;
  read: boolean;
}

export const notificationListQuery = z.object({
  unread: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/**
 * The page of GET /api/case/notifications/, with the caller's unread count beside it (the layout's menu
 * badge reads `unread_count` of any page, e.g. `?page_size=1`; `?unread=1` lists only the unread).
 */
export interface NotificationPage extends PageOf<Notification> {
  unread_count: number;
}

/** POST /api/case/notifications/read/: mark some (ids) or all read. */
export const notificationsReadSchema = z
  .object({ ids: z.array(idValue).max(500).optional(), all: z.boolean().optional() })
  .strict()
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: 'Send ids or all: true.' });

/** The answer of POST /api/case/notifications/read/: how many were marked now, and what stays unread. */
export interface NotificationsReadResult {
  marked: number;
  unread_count: number;
}

/** Variables a template may use, as {{name}}; values are HTML-escaped in the HTML part. */
export const EMAIL_TEMPLATE_VARIABLES = [
  'recipient_name',
  'case_id',
  'case_title',
  'case_link',
  'actor_name',
  'role',
  'status',
  'reason',
  'site_name',
] as const;

export interface EmailTemplate {
  id: number;
  template_type: number;
  name: string;
  /** Which notification kind it renders. */
  kind: NotificationKind;
  subject: string;
  body: string;
  variables: readonly string[];
}

export const emailTemplateQuery = z.object({
  template_type: z.enum(['0', '1']).transform(Number).optional(),
  search: z.string().max(200).optional(),
});

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /manage/email/outbox/?status=pending|sent|failed (newest first). */
export const outboxListQuery = z.object({ status: z.enum(OUTBOX_STATUSES).optional() });

/** GET /manage/email/outbox/ (admins). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  /** When the worker tries (again): pending messages only. */
  next_attempt: string | null;
  last_error: string | null;
  created: string;
  sent: string | null;
}
