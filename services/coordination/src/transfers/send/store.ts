// Transfers, the sending side: starting one (the transfer and its six steps in one transaction, with the
// activity row, and a NOTIFY that wakes the worker at commit) and reading a case's transfers with their steps.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { TRANSFER_STEPS, type Transfer, type TransferState, type TransferStepName } from '@cvdp/core';
import { type Db, recordActivity, users } from '@cvdp/server-kit';
import type { connections } from '../../connections/tables.ts';
import { transferSteps, transfers } from './tables.ts';

/** The channel the worker listens on; a started transfer notifies it from inside its transaction. */
export const TRANSFER_CHANNEL = 'cvdp_transfers';

type TransferRow = typeof transfers.$inferSelect;
type StepRow = typeof transferSteps.$inferSelect;
type ConnectionRow = typeof connections.$inferSelect;

export async function startTransfer(
  db: Db,
  input: { caseId: number; connection: ConnectionRow; actorId: number },
): Promise<TransferRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transfers)
      .values({
        caseId: input.caseId,
        connectionId: input.connection.id,
        connectionName: input.connection.name,
        startedBy: input.actorId,
      })
      .returning();
    await tx
      .insert(transferSteps)
      .values(TRANSFER_STEPS.map((step, position) => ({ transferId: row.id, step, position })));
    await recordActivity(tx, {
      actorId: input.actorId,
      caseId: input.caseId,
      verb: 'started transfer',
      objectType: 'transfer',
      objectId: row.id,
      after: { connection: input.connection.name, connection_id: input.connection.id, uuid: row.uuid },
    });
    await tx.execute(sql`select pg_notify(${TRANSFER_CHANNEL}, '')`);
    return row;
  });
}

export async function countTransfers(db: Db, caseId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(transfers).where(eq(transfers.caseId, caseId));
  return n;
}

/** A case's transfers, newest first, each with its steps in order. */
export async function listTransfers(
  db: Db,
  caseId: number,
  limit: number,
  offset: number,
): Promise<Transfer[]> {
  const rows = await db
    .select({ transfer: transfers, startedByName: users.name })
    .from(transfers)
    .leftJoin(users, eq(users.id, transfers.startedBy))
    .where(eq(transfers.caseId, caseId))
    .orderBy(desc(transfers.id))
    .limit(limit)
    .offset(offset);
  return withSteps(db, rows);
}

export async function transferById(db: Db, id: number): Promise<Transfer | null> {
  const rows = await db
    .select({ transfer: transfers, startedByName: users.name })
    .from(transfers)
    .leftJoin(users, eq(users.id, transfers.startedBy))
    .where(eq(transfers.id, id));
  const [one] = await withSteps(db, rows);
  return one ?? null;
}

async function withSteps(
  db: Db,
  rows: { transfer: TransferRow; startedByName: string | null }[],
): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(transferSteps)
    .where(
      and(
        inArray(
          transferSteps.transferId,
          rows.map((r) => r.transfer.id),
        ),
      ),
    )
    .orderBy(asc(transferSteps.transferId), asc(transferSteps.position));
  const byTransfer = new Map<number, StepRow[]>();
  for (const s of steps) byTransfer.set(s.transferId, [...(byTransfer.get(s.transferId) ?? []), s]);
  return rows.map(({ transfer: t, startedByName }) => ({
    id: t.id,
    uuid: t.uuid,
    case: t.caseId,
    connection: t.connectionId === null ? null : { id: t.connectionId, name: t.connectionName },
    started_by: t.startedBy === null ? null : { id: t.startedBy, name: startedByName ?? '' },
    state: t.state as TransferState,
    remote_case: t.remoteCaseId,
    attempts: t.attempts,
    next_attempt: t.state === 'queued' ? t.nextAttemptAt.toISOString() : null,
    last_error: t.lastError,
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
    finished: t.finishedAt?.toISOString() ?? null,
    steps: (byTransfer.get(t.id) ?? []).map((s) => ({
      step: s.step as TransferStepName,
      state: s.state as Transfer['steps'][number]['state'],
      items_done: s.itemsDone,
      items_total: s.itemsTotal,
      attempts: s.attempts,
      last_error: s.lastError,
      finished: s.finishedAt?.toISOString() ?? null,
    })),
  }));
}
