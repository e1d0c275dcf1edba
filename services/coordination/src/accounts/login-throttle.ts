// Repeated failed sign-ins for one address are refused for a while. Kept in the database so that
// every service replica sees the same count.
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Db, loginFailures } from '@cvdp/server-kit';

export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

export async function tooManyFailures(db: Db, email: string): Promise<boolean> {
  const since = new Date(Date.now() - WINDOW_MINUTES * 60_000);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)));
  return (row?.n ?? 0) >= MAX_FAILURES;
}

export async function recordFailure(db: Db, email: string, ip: string) {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
