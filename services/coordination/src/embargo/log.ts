// The embargo's hash-chained log: a record nobody can quietly rewrite. Each entry's hash is the SHA-256 of
// the canonical JSON (keys sorted, no spaces) of its fields together with the previous entry's hash, so
// changing, removing or reordering any entry breaks every hash after it; the embargo row keeps the head
// (the last hash and seq), so removing the last entries is seen too.
//
// Appends are serialised per case: `appendEmbargoLog` locks the embargo row (FOR UPDATE) before reading the
// head, so two concurrent appends cannot both build on the same previous entry and fork the chain.
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@cvdp/server-kit';
import { embargoLog, embargoes } from './tables.ts';

/** JSON with object keys sorted at every depth: one text for one value, whoever wrote it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface LogFields {
  caseId: number;
  seq: number;
  kind: string;
  actorId: number | null;
  details: Record<string, unknown>;
  /** ISO 8601 UTC, to the millisecond (what timestamptz keeps). */
  at: string;
}

export function entryHash(fields: LogFields, prevHash: string): string {
  const text = canonicalJson({
    case: fields.caseId,
    seq: fields.seq,
    kind: fields.kind,
    actor: fields.actorId,
    details: fields.details,
    at: fields.at,
    prev: prevHash,
  });
  return createHash('sha256').update(text).digest('hex');
}

export interface AppendInput {
  caseId: number;
  actorId: number | null;
  kind: string;
  details: Record<string, unknown>;
  /** When it happened: the app's clock (so a test's ManualClock shows in the log). */
  at?: Date;
}

/**
 * Appends an entry to the case's embargo log (creating the embargo row, in state `none`, if the case has
 * none yet). Call inside the transaction of the change it records.
 */
export async function appendEmbargoLog(tx: Tx, input: AppendInput): Promise<void> {
  await tx.insert(embargoes).values({ caseId: input.caseId }).onConflictDoNothing();
  const [head] = await tx
    .select({ id: embargoes.id, seq: embargoes.logSeq, hash: embargoes.logHead })
    .from(embargoes)
    .where(eq(embargoes.caseId, input.caseId))
    .for('update');
  // Milliseconds: what timestamptz gives back, so the hash computed now is the hash verified later.
  const at = new Date(Math.floor((input.at ?? new Date()).getTime())).toISOString();
  const fields: LogFields = {
    caseId: input.caseId,
    seq: head.seq + 1,
    kind: input.kind,
    actorId: input.actorId,
    // Stored as jsonb and read back: canonical JSON of what jsonb returns must equal what we hashed.
    details: JSON.parse(JSON.stringify(input.details)) as Record<string, unknown>,
    at,
  };
  const hash = entryHash(fields, head.hash);
  await tx.insert(embargoLog).values({
    embargoId: head.id,
    caseId: input.caseId,
    seq: fields.seq,
    kind: fields.kind,
    actorId: fields.actorId,
    details: fields.details,
    at: new Date(at),
    prevHash: head.hash,
    hash,
  });
  await tx
    .update(embargoes)
    .set({ logSeq: fields.seq, logHead: hash, updatedAt: sql`now()` })
    .where(eq(embargoes.id, head.id));
}

export type LogRow = typeof embargoLog.$inferSelect;

export interface Verification {
  verified: boolean;
  /** The seq of the first entry that does not verify (or the one after the last, when the tail is gone). */
  firstBroken: number | null;
}

/** Checks the whole chain: seqs 1..n in order, each prev hash the one before, each hash recomputed, the head. */
export function verifyChain(rows: LogRow[], head: { seq: number; hash: string }): Verification {
  let prev = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const expected = entryHash(
      {
        caseId: r.caseId,
        seq: r.seq,
        kind: r.kind,
        actorId: r.actorId,
        details: r.details,
        at: r.at.toISOString(),
      },
      r.prevHash,
    );
    if (r.seq !== i + 1 || r.prevHash !== prev || r.hash !== expected) {
      return { verified: false, firstBroken: r.seq };
    }
    prev = r.hash;
  }
  if (head.seq !== rows.length || head.hash !== prev) {
    return { verified: false, firstBroken: rows.length + 1 };
  }
  return { verified: true, firstBroken: null };
}

export async function readLog(
  db: Db,
  caseId: number,
): Promise<{ rows: LogRow[]; verification: Verification }> {
  const [head] = await db
    .select({ seq: embargoes.logSeq, hash: embargoes.logHead })
    .from(embargoes)
    .where(eq(embargoes.caseId, caseId));
  if (!head) return { rows: [], verification: { verified: true, firstBroken: null } };
  const rows = await db
    .select()
    .from(embargoLog)
    .where(eq(embargoLog.caseId, caseId))
    .orderBy(asc(embargoLog.seq), asc(embargoLog.id));
  return { rows, verification: verifyChain(rows, head) };
}
