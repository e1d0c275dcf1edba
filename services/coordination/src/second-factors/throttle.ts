// Wrong second steps are counted in the sign-in failures (accounts/login-throttle.ts) under a key of the
// account that is never an email address: 5 from one address, as for passwords. Whoever reaches this step
// has the password, so the account's second step as a whole is also limited (10 wrong answers from all
// addresses in the window): many addresses must not multiply the guesses at a 6-digit code.
import { and, count, eq, gt } from 'drizzle-orm';
import { SECOND_STEP_LOCKED } from '@cvdp/core';
import { type Db, HttpError, loginFailures } from '@cvdp/server-kit';
import {
  clearFailures,
  recordFailure,
  signInRetryAfter,
  WINDOW_MINUTES,
} from '../accounts/login-throttle.ts';

export const MAX_ACCOUNT_SECOND_STEP_FAILURES = 10;

const keyOf = (userId: number) => `second-factor:${userId}`;

/** A 429 (with Retry-After) when this address, or everyone together, used up the account's tries. */
export async function checkSecondStepThrottle(
  db: Db,
  userId: number,
  ip: string,
  reply: { header: (k: string, v: string) => unknown },
) {
  const key = keyOf(userId);
  const fromHere = await signInRetryAfter(db, key, ip);
  const [all] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.email, key), gt(loginFailures.at, new Date(Date.now() - WINDOW_MINUTES * 60_000))),
    );
  const locked = fromHere ?? ((all?.n ?? 0) >= MAX_ACCOUNT_SECOND_STEP_FAILURES ? WINDOW_MINUTES * 60 : null);
  if (locked !== null) {
    reply.header('retry-after', String(locked));
    throw new HttpError(429, SECOND_STEP_LOCKED);
  }
}

export const recordSecondStepFailure = (db: Db, userId: number, ip: string) =>
  recordFailure(db, keyOf(userId), ip);

export const clearSecondStepFailures = (db: Db, userId: number, ip: string) =>
  clearFailures(db, keyOf(userId), ip);
