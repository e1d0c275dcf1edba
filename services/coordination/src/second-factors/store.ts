// Second factors, recovery codes and the requirement: queries and changes. Every change that enrols, uses
// or removes a factor writes its activity row and queues the account's email in its own transaction
// (events.ts). No HTTP here.
import { and, asc, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { SECOND_FACTOR_STAFF_ROLES, type SecondFactor, type SecondFactorPolicy } from '@cvdp/core';
import { type Db, type Tx, decryptSecret, users } from '@cvdp/server-kit';
import { recoveryCodes, secondFactorPolicy, secondFactors } from './tables.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery.ts';
import { acceptTotp } from './totp.ts';

export type FactorRow = typeof secondFactors.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const factorView = (f: FactorRow): SecondFactor => ({
  id: f.id,
  kind: f.kind as SecondFactor['kind'],
  name: f.name,
  created: f.createdAt.toISOString(),
  last_used: f.lastUsedAt?.toISOString() ?? null,
});

/** The user's confirmed factors, oldest first (unconfirmed TOTP enrolments never count). */
export function confirmedFactors(db: Db | Tx, userId: number) {
  return db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.id));
}

export async function unusedRecoveryCodes(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Replaces the user's recovery codes with fresh ones; returns them (the only time they are seen). */
export async function replaceRecoveryCodes(tx: Tx, userId: number) {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  return codes;
}

/** Marks the code used if it is one of the user's unused codes (one UPDATE: two tries cannot both win). */
export async function useRecoveryCode(tx: Tx, userId: number, code: string) {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/**
 * Checks a code against the user's confirmed TOTP factors; the one it belongs to records the step (so the
 * code is spent) and its last use. The UPDATE re-checks last_step: two requests with one code cannot both pass.
 */
export async function useTotpCode(tx: Tx, secretKey: string | undefined, userId: number, code: string) {
  const factors = (await confirmedFactors(tx, userId)).filter((f) => f.kind === 'totp');
  for (const f of factors) {
    const step = acceptTotp(decryptSecret(f.secretEnc!, secretKey), code, f.lastStep);
    if (step === null) continue;
    const claimed = await tx
      .update(secondFactors)
      .set({ lastStep: step, lastUsedAt: new Date() })
      .where(
        and(
          eq(secondFactors.id, f.id),
          f.lastStep === null ? isNull(secondFactors.lastStep) : lt(secondFactors.lastStep, step),
        ),
      )
      .returning();
    if (claimed[0]) return claimed[0];
  }
  return null;
}

// --- The requirement -------------------------------------------------------------------------------------

export async function readPolicy(db: Db | Tx) {
  const [row] = await db.select().from(secondFactorPolicy).where(eq(secondFactorPolicy.id, 1));
  return row ?? { id: 1, required: false, graceDays: 0, requiredSince: null, updatedAt: new Date() };
}
type PolicyRow = Awaited<ReturnType<typeof readPolicy>>;

export const requiredBy = (p: PolicyRow) =>
  p.required && p.requiredSince ? new Date(p.requiredSince.getTime() + p.graceDays * 86_400_000) : null;

export const policyView = (p: PolicyRow): SecondFactorPolicy => ({
  required: p.required,
  grace_days: p.graceDays,
  required_by: requiredBy(p)?.toISOString() ?? null,
  roles: [...SECOND_FACTOR_STAFF_ROLES],
});

/** Whether the requirement covers the user (a staff role), and from when it is enforced. */
export function requirementFor(p: PolicyRow, user: Pick<UserRow, 'roles'>) {
  const covered =
    p.required && user.roles.some((r) => (SECOND_FACTOR_STAFF_ROLES as readonly string[]).includes(r));
  return { required: covered, by: covered ? requiredBy(p) : null };
}

/**
 * Turning the requirement on starts the grace period now; changing only the grace period keeps its start
 * (so the deadline moves by the difference); turning it off forgets the start.
 */
export async function writePolicy(tx: Tx, input: { required: boolean; grace_days: number }) {
  const before = await readPolicy(tx);
  const requiredSince = input.required ? (before.required && before.requiredSince) || new Date() : null;
  const values = {
    required: input.required,
    graceDays: input.grace_days,
    requiredSince,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(secondFactorPolicy)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: secondFactorPolicy.id, set: values })
    .returning();
  return { before, after: row };
}
