// Connection queries and changes. The tokens arrive here already encrypted (ours to them) or hashed (theirs
// to us); none is ever answered or audited: the activity row keeps name, address and enabled flag, and
// only whether a token was replaced. Every change writes its activity row in its own transaction. No HTTP
// here (a connection that is not there is the route's 404: `notFound` from the kit).
import { asc, eq } from 'drizzle-orm';
import type { Connection } from '@cvdp/core';
import { type Db, notFound, recordActivity } from '@cvdp/server-kit';
import { connections } from './tables.ts';

type Row = typeof connections.$inferSelect;

const view = (c: Row): Connection => ({
  id: c.id,
  name: c.name,
  base_url: c.baseUrl,
  enabled: c.enabled,
  last_contact: c.lastContactAt?.toISOString() ?? null,
  created: c.createdAt.toISOString(),
});
/** What the activity log keeps: no token, only whether one changed. */
const audit = (c: Row) => ({ name: c.name, base_url: c.baseUrl, enabled: c.enabled });

const NO_CONNECTION = 'No connection with this id.';

/** By id: the enabled ones, or all. */
export async function listConnections(db: Db, all: boolean): Promise<Connection[]> {
  const rows = await db
    .select()
    .from(connections)
    .where(all ? undefined : eq(connections.enabled, true))
    .orderBy(asc(connections.id));
  return rows.map(view);
}

export interface ConnectionInput {
  name: string;
  baseUrl: string;
  outgoingTokenEncrypted: string;
  incomingTokenHash: string;
  enabled: boolean;
}

export function createConnection(db: Db, actorId: number, input: ConnectionInput): Promise<Connection> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(connections).values(input).returning();
    await recordActivity(tx, {
      actorId,
      verb: 'added connection',
      objectType: 'connection',
      objectId: row.id,
      after: audit(row),
    });
    return view(row);
  });
}

/** Changes the fields given (undefined: unchanged); an empty change writes nothing. 404 when missing. */
export function updateConnection(
  db: Db,
  actorId: number,
  id: number,
  changes: Partial<ConnectionInput>,
): Promise<Connection> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(connections).where(eq(connections.id, id)).for('update');
    if (!before) throw notFound(NO_CONNECTION);
    // An empty PATCH changes nothing (and an UPDATE with nothing to set is not SQL).
    if (Object.values(changes).every((v) => v === undefined)) return view(before);
    const [after] = await tx
      .update(connections)
      .set(changes)
      .where(eq(connections.id, before.id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'changed connection',
      objectType: 'connection',
      objectId: before.id,
      before: audit(before),
      after: {
        ...audit(after),
        ...(changes.outgoingTokenEncrypted !== undefined ? { token_replaced: true } : {}),
        ...(changes.incomingTokenHash !== undefined ? { incoming_token_replaced: true } : {}),
      },
    });
    return view(after);
  });
}

/** The connection's row (with its encrypted token), for a test. 404 when missing. */
export async function findConnectionRow(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  if (!row) throw notFound(NO_CONNECTION);
  return row;
}

/** A test's outcome: the activity row, and the time of contact when the other instance accepted us. */
export async function recordConnectionTest(
  db: Db,
  actorId: number,
  id: number,
  result: { ok: boolean; detail: string },
) {
  await db.transaction(async (tx) => {
    if (result.ok)
      await tx.update(connections).set({ lastContactAt: new Date() }).where(eq(connections.id, id));
    await recordActivity(tx, {
      actorId,
      verb: 'tested connection',
      objectType: 'connection',
      objectId: id,
      after: { ok: result.ok, detail: result.detail },
    });
  });
}

export async function deleteConnection(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(connections).where(eq(connections.id, id)).returning();
    if (!row) throw notFound(NO_CONNECTION);
    await recordActivity(tx, {
      actorId,
      verb: 'removed connection',
      objectType: 'connection',
      objectId: row.id,
      before: audit(row),
    });
  });
}
