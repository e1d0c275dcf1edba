// Webhook endpoints and their delivery log. The secret arrives here already encrypted and leaves only as
// its hint; the activity log keeps the address, events and active flag, never the secret. No HTTP here.
import { and, count, desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@cvdp/core';
import { type Db, notFound, recordActivity } from '@cvdp/server-kit';
import { webhookDeliveries, webhookEndpoints } from './tables.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const NO_ENDPOINT = 'No webhook endpoint with this id.';

const view = (e: EndpointRow): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events as WebhookEvent[],
  active: e.active,
  secret_hint: e.secretHint,
  created: e.createdAt.toISOString(),
});
const audit = (e: EndpointRow) => ({ url: e.url, events: e.events, active: e.active });

export const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.publicId,
  event: d.event,
  status: d.status as WebhookDeliveryStatus,
  attempts: d.attempts,
  created: d.createdAt.toISOString(),
  last_attempt: d.lastAttemptAt?.toISOString() ?? null,
  next_attempt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  response_status: d.responseStatus,
  response_excerpt: d.responseExcerpt,
  error: d.error,
});

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id)).map(view);
}

export async function findEndpointRow(db: Db, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(NO_ENDPOINT);
  return row;
}

export const findEndpoint = async (db: Db, id: number) => view(await findEndpointRow(db, id));

export interface EndpointInput {
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
  secretEncrypted: string;
  secretHint: string;
}

export function createEndpoint(db: Db, actorId: number, input: EndpointInput): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(webhookEndpoints).values(input).returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added webhook endpoint',
      objectType: 'webhook_endpoint',
      objectId: row.id,
      after: audit(row),
    });
    return view(row);
  });
}

export type EndpointChanges = Partial<Pick<EndpointInput, 'url' | 'description' | 'events' | 'active'>>;

/** Changes the fields given; an empty change writes nothing. */
export function updateEndpoint(
  db: Db,
  actorId: number,
  id: number,
  changes: EndpointChanges,
): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    if (!before) throw notFound(NO_ENDPOINT);
    if (Object.values(changes).every((v) => v === undefined)) return view(before);
    const [after] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'changed webhook endpoint',
      objectType: 'webhook_endpoint',
      objectId: id,
      before: audit(before),
      after: audit(after),
    });
    return view(after);
  });
}

/** Removes the endpoint and its delivery log (pending deliveries are never sent). */
export function deleteEndpoint(db: Db, actorId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!gone) throw notFound(NO_ENDPOINT);
    await recordActivity(tx, {
      actorId,
      verb: 'removed webhook endpoint',
      objectType: 'webhook_endpoint',
      objectId: id,
      before: audit(gone),
    });
  });
}

const deliveriesOf = (endpointId: number, status: WebhookDeliveryStatus | undefined) =>
  and(
    eq(webhookDeliveries.endpointId, endpointId),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );

export async function countDeliveries(
  db: Db,
  endpointId: number,
  status: WebhookDeliveryStatus | undefined,
): Promise<number> {
  await findEndpointRow(db, endpointId);
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(deliveriesOf(endpointId, status));
  return row.n;
}

/** The delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  endpointId: number,
  status: WebhookDeliveryStatus | undefined,
  limit: number,
  offset: number,
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(deliveriesOf(endpointId, status))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .offset(offset);
  return rows.map(deliveryView);
}

/**
 * A test delivery, written as claimed (one attempt, leased: not due for the worker) so that the route sends
 * it itself and records the answer as final. Only if the request died between the two would the worker
 * take it up when the lease ends.
 */
export async function insertTestDelivery(
  db: Db,
  endpoint: EndpointRow,
  occurredAt: Date,
  leaseUntil: Date,
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      event: WEBHOOK_TEST_EVENT,
      occurredAt,
      data: { message: 'A test event from CVDP.', endpoint: { id: endpoint.id } },
      attempts: 1,
      nextAttemptAt: leaseUntil,
    })
    .returning();
  return row;
}

export async function findDelivery(db: Db, id: number): Promise<WebhookDelivery> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return deliveryView(row);
}
