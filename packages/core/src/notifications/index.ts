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
/**
 * The advisory approval kinds: a vendor's members asked to approve an advisory revision, the requester and
 * the case's staff told of the answer. Told in the app at first; migration 0019 seeds their notification
 * templates, so they are emailed like the kinds above (the name is historical; TEMPLATE_KINDS has both).
 */
export const IN_APP_NOTIFICATION_KINDS = [
  'approval_requested',
  'approval_answered',
  // Issue 25: a scheduled publication happened (every participant), or its blockers stopped it (the owners).
  'advisory_published',
  'publication_blocked',
] as const;
/**
 * Emails about the account itself (issue 27: a second factor enrolled, used or removed), sent to the account's
 * address only, never shown as an in-app notification; migration seeds the template.
 */
export const ACCOUNT_EMAIL_KINDS = ['account_security'] as const;
/**
 * The embargo of a case (issue 25): a proposal to answer, a change everyone is told of (agreed, declined,
 * ended, broken), and the reminders 7 days, 1 day and 0 days before the end. Migration seeds the templates.
 */
export const EMBARGO_NOTIFICATION_KINDS = ['embargo_proposed', 'embargo_changed', 'embargo_ending'] as const;
/** The digest email (issue 26): conversation gathered per hour or per day; never an in-app row. */
export const DIGEST_EMAIL_KINDS = ['digest'] as const;
export type NotificationKind =
  | (typeof NOTIFICATION_KINDS)[number]
  | (typeof IN_APP_NOTIFICATION_KINDS)[number]
  | (typeof ACCOUNT_EMAIL_KINDS)[number]
  | (typeof EMBARGO_NOTIFICATION_KINDS)[number]
  | (typeof DIGEST_EMAIL_KINDS)[number];
const ALL_KINDS = [
  ...NOTIFICATION_KINDS,
  ...IN_APP_NOTIFICATION_KINDS,
  ...ACCOUNT_EMAIL_KINDS,
  ...EMBARGO_NOTIFICATION_KINDS,
  ...DIGEST_EMAIL_KINDS,
] as const;

/** GET /api/case/notifications/ (the caller's, newest first). */
export const notificationSchema = z.object({
  id: z.number().int(),
  case: z.number().int().nullable(),
  case_title: z.string().nullable(),
  // account_security and digest are emailed only (never an in-app row); listed so the kind type stays one.
  kind: z.enum(ALL_KINDS),
  thread: z.number().int().nullable().describe('The thread it is about (new posts), if any.'),
  title: z.string(),
  body: z.string(),
  link: z.string().describe('A path in the web app, e.g. /cvdp/cases/12'),

  created: z.string().describe('When the latest event it tells of happened.'),
  read: z.boolean(),
  count: z
    .number()
    .int()
    .describe(
      "How many events it collects: a thread's new posts since the caller last read it, for example.",
    ),
});
export type Notification = z.infer<typeof notificationSchema>;

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
/** Where the unread count stops (`unread_capped`): the bell shows "99+" long before, the desk "1,000+". */
export const UNREAD_COUNT_CAP = 1000;

export const notificationPageSchema = z.object({
  count: z
    .number()
    .int()
    .describe('How many the list holds, exact when `count_capped` is false; otherwise the cap ("1,000+").'),
  count_capped: z.boolean(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(notificationSchema),
  unread_count: z
    .number()
    .int()
    .describe('Unread notifications, exact when `unread_capped` is false; otherwise the cap, 1,000.'),
  unread_capped: z.boolean(),
  action_count: z.number().int().describe('How many Action-needed requests wait for the caller.'),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** POST /api/case/notifications/read/: mark some (ids) or all read. */
export const notificationsReadSchema = z
  .object({ ids: z.array(idValue).max(500).optional(), all: z.boolean().optional() })
  .strict()
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: 'Send ids or all: true.' });

/** The answer of POST /api/case/notifications/read/: how many were marked now, and what stays unread. */
export const notificationsReadResultSchema = z.object({
  marked: z.number().int(),
  unread_count: z.number().int(),
  unread_capped: z.boolean(),
});
export type NotificationsReadResult = z.infer<typeof notificationsReadResultSchema>;

/** Every variable some template may use, as {{name}} (per kind: TEMPLATE_VARIABLES_BY_KIND); values are HTML-escaped in the HTML part. */
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
  'thread_subject',
  'revision',
  'answer',
  'comment',
  'event',
  'blockers',
  'embargo_end',
  'embargo_when',
  'period',
  'digest',
] as const;

/** An email template (manage/email/templates/, manage/email/template/{id}/). */
export const emailTemplateSchema = z.object({
  id: z.number().int(),
  template_type: z.number().int().describe('0: notification (sent for its kind), 1: message template.'),
  name: z.string(),
  kind: z.enum(ALL_KINDS).describe('Which notification kind it renders.'),
  subject: z.string(),
  body: z.string(),
  variables: z.array(z.string()).readonly().describe("The variables this kind's template may use."),
  in_use: z.boolean().describe('Notification emails of its kind are sent with it (it cannot be deleted).'),
  created: z.string(),
  updated: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateQuery = z.object({
  template_type: z.enum(['0', '1']).transform(Number).optional(),
  search: z.string().max(200).optional(),
});

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /manage/email/outbox/?status=pending|sent|failed (newest first). */
export const outboxListQuery = z.object({ status: z.enum(OUTBOX_STATUSES).optional() });

/** GET /manage/email/outbox/ (admins). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  next_attempt: z.string().nullable().describe('When the worker tries (again): pending messages only.'),
  last_error: z.string().nullable(),
  created: z.string(),
  sent: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

// --- Email templates (issue 14): what an administrator may write in a template of each kind, the
// create/edit/preview bodies and the messages the server and the form share. -----------------------------

/** Every kind a template may be written for (each has a seeded notification template). */
export const TEMPLATE_KINDS = ALL_KINDS;

export const TEMPLATE_KIND_LABELS: Record<NotificationKind, string> = {
  participant_added: 'Participant added',
  assigned: 'Case assigned',
  status_changed: 'Status changed',
  case_notice: 'Case notice',
  new_post: 'New post',
  approval_requested: 'Approval requested',
  approval_answered: 'Approval answered',
  advisory_published: 'Advisory published',
  publication_blocked: 'Scheduled publication blocked',
  account_security: 'Account security',
  embargo_proposed: 'Embargo proposed',
  embargo_changed: 'Embargo changed',
  embargo_ending: 'Embargo ending',
  digest: 'Digest (hourly or daily)',
};

/** 0: the notification emails are sent with (one per kind); 1: a message template staff reuse by hand. */
export const TEMPLATE_TYPES = [0, 1] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { 0: 'Notification', 1: 'Message' };

/** What each variable holds (shown beside the editor). */
export const TEMPLATE_VARIABLE_LABELS: Record<string, string> = {
  recipient_name: "The recipient's name (or the group's, for a group's contact address)",
  case_id: 'The case number',
  case_title: "The case's title",
  case_link: 'The link to the case in CVDP',
  actor_name: 'Who made the change',
  site_name: 'The name of this CVDP instance',
  role: 'The role the recipient was added with',
  status: 'The new case status',
  reason: 'Why the status changed (may be empty)',
  thread_subject: "The thread's subject",
  revision: 'The advisory revision asked about (a number)',
  answer: "The vendor's answer: 'approved' or 'requested changes to'",
  comment: "The vendor's comment (may be empty)",
  blockers: 'What stopped a scheduled publication, one per line',
  event: 'What happened to the account (e.g. a second factor was added)',
  embargo_end: 'The end of the embargo, in UTC',
  embargo_when: "How far the end is: 'in 7 days', 'in 1 day' or 'now'",
  period: "The digest's period (e.g. 2026-11-27 14:00–15:00 UTC)",
  digest: 'The entries, grouped by case and thread, each with its link',
};

const COMMON_VARIABLES = [
  'recipient_name',
  'case_id',
  'case_title',
  'case_link',
  'actor_name',
  'site_name',
] as const;

/** The variables a template of each kind may use: what the code sending that notification fills in. */
export const TEMPLATE_VARIABLES_BY_KIND: Record<NotificationKind, readonly string[]> = {
  participant_added: [...COMMON_VARIABLES, 'role'],
  assigned: COMMON_VARIABLES,
  status_changed: [...COMMON_VARIABLES, 'status', 'reason'],
  case_notice: COMMON_VARIABLES,
  new_post: [...COMMON_VARIABLES, 'thread_subject'],
  approval_requested: [...COMMON_VARIABLES, 'revision'],
  approval_answered: [...COMMON_VARIABLES, 'revision', 'answer', 'comment'],
  advisory_published: [...COMMON_VARIABLES, 'revision'],
  publication_blocked: [...COMMON_VARIABLES, 'blockers'],
  // No case: only the recipient, the site and what happened.
  account_security: ['recipient_name', 'site_name', 'event'],
  embargo_proposed: [...COMMON_VARIABLES, 'embargo_end', 'reason'],
  embargo_changed: [...COMMON_VARIABLES, 'embargo_end', 'event', 'reason'],
  embargo_ending: [...COMMON_VARIABLES, 'embargo_end', 'embargo_when'],
  digest: ['recipient_name', 'site_name', 'period', 'digest'],
};

/** Sample values for a preview without a case. */
export const TEMPLATE_SAMPLE_VALUES: Record<string, string> = {
  recipient_name: 'Ada Lovelace',
  case_id: '123',
  case_title: 'Buffer overflow in Example Router firmware',
  case_link: '/cvdp/cases/123',
  actor_name: 'Grace Hopper',
  site_name: 'CVDP',
  role: 'vendor',
  status: 'Active',
  reason: 'The vendor confirmed the report.',
  thread_subject: 'Fix timeline',
  revision: '2',
  answer: 'approved',
  comment: 'Looks right; the fixed version is 2.4.1.',
  blockers: 'Vendor Acme has not approved revision 2.',
  event: 'An authenticator app was added as a second factor.',
  embargo_end: '2027-01-31 12:00 UTC',
  embargo_when: 'in 7 days',
  period: '2026-11-27 14:00–15:00 UTC',
  digest:
    'Case #123 "Buffer overflow in Example Router firmware" (/cvdp/cases/123)\n' +
    '  - 12 new posts in "Fix timeline" — latest by Grace Hopper (/cvdp/cases/123?thread=7)',
};

/** Anything written as {{ … }}: a known variable or an unknown one (refused). */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const unknownVariableMessage = (names: string[], kind: NotificationKind) =>
  `Unknown variable${names.length === 1 ? '' : 's'} ${names.map((n) => `{{${n}}}`).join(', ')}: a ` +
  `${TEMPLATE_KIND_LABELS[kind]} template may use ${TEMPLATE_VARIABLES_BY_KIND[kind].map((n) => `{{${n}}}`).join(', ')}.`;

/** The placeholders in a text that the kind does not fill in (none: []). */
export function unknownTemplateVariables(kind: NotificationKind, text: string): string[] {
  const allowed = TEMPLATE_VARIABLES_BY_KIND[kind];
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(TEMPLATE_PLACEHOLDER)) if (!allowed.includes(name)) unknown.add(name);
  return [...unknown];
}

export const DUPLICATE_TEMPLATE_NAME = 'A template with this name already exists.';
export const DUPLICATE_NOTIFICATION_TEMPLATE =
  'Notifications of this kind already have a template: edit that one instead.';
/** 409 on deleting the template a notification kind is sent with. */
export const templateInUse = (kind: NotificationKind) =>
  `This template is in use: "${TEMPLATE_KIND_LABELS[kind]}" notification emails are sent with it. Edit it instead of deleting it.`;

const templateFields = {
  name: z
    .string('Enter a name.')
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'A name is at most 100 characters.'),
  subject: z
    .string('Enter a subject.')
    .trim()
    .min(1, 'Enter a subject.')
    .max(200, 'A subject is at most 200 characters.')
    .regex(/^[^\r\n]*$/, 'A subject is one line.'),
  body: z
    .string('Enter a body.')
    .trim()
    .min(1, 'Enter a body.')
    .max(20_000, 'A body is at most 20,000 characters.'),
};
const templateKind = z.enum(TEMPLATE_KINDS, 'Choose a notification kind.');

/** Adds an issue under subject/body for each unknown variable of the kind. */
function checkVariables(
  v: { kind?: NotificationKind; subject?: string; body?: string },
  ctx: z.RefinementCtx,
) {
  if (!v.kind) return;
  for (const field of ['subject', 'body'] as const) {
    const text = v[field];
    if (text === undefined) continue;
    const unknown = unknownTemplateVariables(v.kind, text);
    if (unknown.length)
      ctx.addIssue({ code: 'custom', path: [field], message: unknownVariableMessage(unknown, v.kind) });
  }
}

/** POST manage/email/templates/ */
export const emailTemplateCreateSchema = z
  .object({
    ...templateFields,
    template_type: z.union([z.literal(0), z.literal(1)], 'template_type is 0 or 1.').default(0),
    kind: templateKind,
  })
  .strict()
  .superRefine(checkVariables);
export type EmailTemplateCreate = z.input<typeof emailTemplateCreateSchema>;

/** PATCH manage/email/template/{id}/: name, subject, body (the kind and type stay; variables checked against the kind). */
export const emailTemplateUpdateSchema = z.object(templateFields).partial().strict();
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;

/**
 * POST manage/email/template/preview/: renders a draft (kind, subject, body) with sample values, or with a
 * case's real data (`case`: its id) and the caller as the recipient.
 */
export const emailTemplatePreviewSchema = z
  .object({
    kind: templateKind,
    subject: templateFields.subject,
    body: templateFields.body,
    case: idValue.optional(),
  })
  .strict()
  .superRefine(checkVariables);
export type EmailTemplatePreviewInput = z.input<typeof emailTemplatePreviewSchema>;

/** POST manage/email/template/{id}/preview/: the saved template, optionally with a case's data. */
export const emailTemplateSavedPreviewSchema = z.object({ case: idValue.optional() }).strict();

/** What would be sent: the subject (one line), the text part and the HTML part (values escaped). */
export const emailTemplatePreviewResultSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  values: z.record(z.string(), z.string()).describe('The values the preview used.'),
});
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewResultSchema>;

// --- Grouped notifications, Action needed, follow/mute per thread, email digests (issue 26). --------------

/**
 * Requests that wait for the person to act, shown apart ("Action needed") until the action is done: an
 * advisory revision to approve, their vendor status to fill in, an embargo proposal to answer, a transfer to
 * accept. Cleared by the action, never by "mark read".
 */
export const ACTION_KINDS = ['approval_requested', 'vendor_status', 'embargo_proposal', 'transfer'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** GET /api/case/notifications/actions/ (the caller's open requests, newest first). */
export const actionItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ACTION_KINDS),
  case: z.number().int().nullable(),
  case_title: z.string().nullable(),
  title: z.string(),
  link: z.string().describe('Where the action is done, a path in the web app'),
  created: z.string(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

export const actionPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(actionItemSchema),
});
export type ActionPage = z.infer<typeof actionPageSchema>;

/** A user's choice for one thread: the default (the case's mute decides), follow (told even in a muted case), mute. */
export const THREAD_FOLLOW_MODES = ['default', 'follow', 'mute'] as const;
export type ThreadFollowMode = (typeof THREAD_FOLLOW_MODES)[number];

/** GET/PUT /api/case/thread/{id}/follow/ */
export const threadFollowSchema = z
  .object({ mode: z.enum(THREAD_FOLLOW_MODES, "mode is 'default', 'follow' or 'mute'.") })
  .strict();
export type ThreadFollow = z.infer<typeof threadFollowSchema>;

/** How conversation (new posts) is emailed; requests that need action are always emailed at once. */
export const CONVERSATION_EMAIL_MODES = ['immediate', 'hourly', 'daily'] as const;
export type ConversationEmailMode = (typeof CONVERSATION_EMAIL_MODES)[number];
export const CONVERSATION_EMAIL_LABELS: Record<ConversationEmailMode, string> = {
  immediate: 'At once, one email per post',
  hourly: 'An hourly digest',
  daily: 'A daily digest',
};

/** GET/PUT /api/case/notifications/preferences/ */
export const notificationPreferencesSchema = z
  .object({
    conversation_email: z.enum(
      CONVERSATION_EMAIL_MODES,
      "conversation_email is 'immediate', 'hourly' or 'daily'.",
    ),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
