// Repeated failed sign-ins are refused for a while — for the address that failed, never for the account as a
// whole: counting per account alone let anyone lock a coordinator out by typing wrong passwords (issue 27).
// Two counts, both over the last WINDOW_MINUTES:
//  - per (account, address): MAX_FAILURES guesses at one account from one address, then that address waits;
//  - per address: MAX_ADDRESS_FAILURES across all accounts, then that address waits for every account.
// A correct password from an address that has not failed is never refused because of another's failures.
// Kept in the database so that every service replica sees the same counts. The answer is the same whether
// the account exists or not (failures for unknown addresses are counted alike).
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { type Db, HttpError, loginFailures } from '@cvdp/server-kit';

export const MAX_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const WINDOW_MINUTES = 15;
const WINDOW_MS = WINDOW_MINUTES * 60_000;

/**
 * The bucket an address is counted in: an IPv4 address itself, an IPv6 address by its /64 (one host is
 * usually given a whole /64, so counting single IPv6 addresses would let it rotate past the limit).
 */
export function addressBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** When the `limit`-th latest failure matching `where` leaves the window; null while under the limit. */
async function blockedUntil(db: Db, where: ReturnType<typeof and>, limit: number, now: number) {
  const [row] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.at, new Date(now - WINDOW_MS))))
    .orderBy(desc(loginFailures.at))
    .offset(limit - 1)
    .limit(1);
  return row ? row.at.getTime() + WINDOW_MS : null;
}

/**
 * Seconds until this address may try this account again (for Retry-After), or null when it may try now.
 * `email` as the sign-in form normalised it; `ip` the client's address as the server sees it.
 */
export async function signInRetryAfter(db: Db, email: string, ip: string): Promise<number | null> {
  const bucket = addressBucket(ip);
  const now = Date.now();
  const until = Math.max(
    (await blockedUntil(
      db,
      and(eq(loginFailures.email, email), eq(loginFailures.ip, bucket)),
      MAX_FAILURES,
      now,
    )) ?? 0,
    (await blockedUntil(db, eq(loginFailures.ip, bucket), MAX_ADDRESS_FAILURES, now)) ?? 0,
  );
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : null;
}

/** The 429 a throttled sign-in answers; the caller sets `Retry-After: retryAfter` on the reply. */
export const tooManyFailuresError = (retryAfter: number) =>
  new HttpError(
    429,
    `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
  );

/** Counts a failed sign-in (wrong password or unknown account) against the account and the address. */
export async function recordFailure(db: Db, email: string, ip: string) {
  const bucket = addressBucket(ip);
  await db.insert(loginFailures).values({ email, ip: bucket });
  // Failures out of the window count for nothing: this address's are dropped as it adds one.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.ip, bucket), lt(loginFailures.at, new Date(Date.now() - WINDOW_MS))));
}

/**
 * After a successful sign-in: forgets this address's failures for this account (the owner mistyped), not
 * the address's failures on other accounts — signing in to one's own account must not reset a count of
 * guesses at others.
 */
export async function clearFailures(db: Db, email: string, ip: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, addressBucket(ip))));
}
