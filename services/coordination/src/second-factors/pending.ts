// Sign-ins waiting for their second step. The password was right, but no session exists until the second
// step is: the client holds a random token (only its sha256 is stored) for a few minutes and a few tries.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginChallenge, SecondStepMethod } from '@cvdp/core';
import { type Db, type Tx, newSecret, sha256 } from '@cvdp/server-kit';
import { pendingSignIns } from './tables.ts';

export const PENDING_MINUTES = 5;
/** Wrong codes one pending sign-in may take; then it is dropped and the password is asked again. */
export const PENDING_MAX_ATTEMPTS = 5;

export type PendingRow = typeof pendingSignIns.$inferSelect;

export async function startPending(
  db: Db,
  userId: number,
  methods: SecondStepMethod[],
  enrolRequired: boolean,
): Promise<LoginChallenge> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + PENDING_MINUTES * 60_000);
  // Expired rows of anyone go on the way: nothing else needs to sweep them.
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date()));
  await db.insert(pendingSignIns).values({ idHash: sha256(token), userId, enrolRequired, expiresAt });
  return {
    pending_sign_in: token,
    expires: expiresAt.toISOString(),
    methods,
    enrol_required: enrolRequired,
  };
}

/** The live pending sign-in of a token, or undefined (unknown, expired or used). */
export async function findPending(db: Db | Tx, token: string) {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.idHash, sha256(token)), gt(pendingSignIns.expiresAt, new Date())));
  return row;
}

/** Counts a wrong answer; the last allowed one drops the pending sign-in. */
export async function failPending(db: Db, row: PendingRow) {
  if (row.attempts + 1 >= PENDING_MAX_ATTEMPTS) {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.idHash, row.idHash));
  } else {
    await db
      .update(pendingSignIns)
      .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
      .where(eq(pendingSignIns.idHash, row.idHash));
  }
}

/** Ends a pending sign-in (done); false when another request ended it first. */
export async function endPending(tx: Db | Tx, row: PendingRow) {
  const gone = await tx
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.idHash, row.idHash))
    .returning({ id: pendingSignIns.idHash });
  return gone.length > 0;
}

export async function setPendingChallenge(db: Db, row: PendingRow, challenge: string) {
  await db.update(pendingSignIns).set({ challenge }).where(eq(pendingSignIns.idHash, row.idHash));
}
