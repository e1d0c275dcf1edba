// Notifications and email (issue 9): the rows a user reads in the app, the templates emails are built
// from, and the outbox administrators can read when no SMTP server is configured.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';

export const NOTIFICATION_KINDS = [
  'participant_added',
  'assigned',
  'status_changed',
  'case_notice',
  'new_post',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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

/** POST /api/case/notifications/read/: mark some (ids) or all read. */
export const notificationsReadSchema = z
  .object({ ids: z.array(idValue).max(500).optional(), all: z.boolean().optional() })
  .strict()
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: 'Send ids or all: true.' });

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

/** GET /manage/email/outbox/ (admins). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created: string;
  sent: string | null;
}
