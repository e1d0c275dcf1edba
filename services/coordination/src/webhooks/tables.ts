// Webhook endpoints and their deliveries (issue 29 item 4). The signing secret is stored encrypted with the
// kit's secret box (CVDP_SECRET_KEY) and never answered. Deliveries are queued by a trigger on `activity`
// (migration 0032_webhooks): one row per endpoint and activity row, so an event is queued exactly once
// however many workers run; the worker (worker.ts) claims and sends them.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  secretEncrypted: text('secret_encrypted').notNull(),
  secretHint: text('secret_hint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    /** The delivery id receivers see (body id, X-CVDP-Delivery): the same on every retry. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The activity row the event comes from (no foreign key, like the log's own); null for a test event. */
    activityId: integer('activity_id'),
    event: text('event').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The payload's `data`, with paths (the worker makes them links with CVDP_PUBLIC_URL). */
    data: jsonb('data').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due now. Compared with the app clock's time, which the worker passes in. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_public_id_idx').on(t.publicId),
    uniqueIndex('webhook_deliveries_endpoint_activity_idx').on(t.endpointId, t.activityId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
