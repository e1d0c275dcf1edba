// Signed webhooks (issue 29 item 4): what an administrator registers (manage/webhooks/) and what the
// deliveries look like on the wire. Only staff-level events in this first version: a payload carries the
// ids, titles and links a staff member sees, never a post's text or a report.
import { z } from 'zod';

/** The events an endpoint can subscribe to, as they appear in the `event` field and X-CVDP-Event. */
export const WEBHOOK_EVENTS = [
  'case.created',
  'participant.added',
  'post.created',
  'vendor_status.changed',
  'embargo.changed',
  'advisory.shared',
  'advisory.published',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'case.created': 'Case created',
  'participant.added': 'Participant added',
  'post.created': 'Post created',
  'vendor_status.changed': 'Vendor status changed',
  'embargo.changed': 'Embargo changed',
  'advisory.shared': 'Advisory shared',
  'advisory.published': 'Advisory published',
};

/** The event "Send a test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'ping';

/** The request headers of a delivery (docs/webhooks.md says how to verify them). */
export const WEBHOOK_HEADERS = {
  event: 'X-CVDP-Event',
  delivery: 'X-CVDP-Delivery',
  timestamp: 'X-CVDP-Timestamp',
  signature: 'X-CVDP-Signature',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An endpoint as administrators see it: the secret only as a hint. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  secret_hint: z.string().describe('The last characters of the signing secret, to tell secrets apart.'),
  created: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('The signing secret; shown once, never again.'),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

const webhookFields = {
  url: z
    .url({ protocol: /^https?$/, error: 'Enter an http(s) URL.' })
    .max(500, 'A URL is at most 500 characters.'),
  description: z.string().trim().max(200, 'A description is at most 200 characters.'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, `An event is one of ${WEBHOOK_EVENTS.join(', ')}.`))
    .min(1, 'Choose at least one event.')
    .refine((events) => new Set(events).size === events.length, 'Each event may appear once.'),
  active: z.boolean('active is true or false.'),
};

export const webhookCreateSchema = z
  .object({
    ...webhookFields,
    description: webhookFields.description.default(''),
    active: webhookFields.active.default(true),
  })
  .strict();
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** PATCH manage/webhook/{id}/: any field; the secret stays (delete and register again for a new one). */
export const webhookUpdateSchema = z.object(webhookFields).partial().strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** One delivery of the log: its last answer (status, when, a bounded excerpt) or why none came. */
export const webhookDeliverySchema = z.object({
  id: z.string().describe("The delivery id (X-CVDP-Delivery and the body's id): the same on every retry."),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  created: z.string(),
  last_attempt: z.string().nullable(),
  next_attempt: z.string().nullable().describe('When a pending delivery is tried again.'),
  response_status: z.number().int().nullable(),
  response_excerpt: z.string().nullable().describe("The start of the last answer's body."),
  error: z.string().nullable().describe('Why the last attempt got no answer (refused, timed out, …).'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, 'status is pending, delivered or failed.').optional(),
});

/** The answer to "Send a test event": what came back, and the delivery as the log now shows it. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  detail: z.string(),
  delivery: webhookDeliverySchema,
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** How many characters of an answer's body the log keeps. */
export const WEBHOOK_EXCERPT_CHARS = 500;
