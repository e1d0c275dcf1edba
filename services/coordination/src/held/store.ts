// Held reports: the administrator's limits, the decision whether a new report is held, and its release.
// A limit never refuses or drops a report: the report is stored like any other (a case in status 0) and
// only kept out of the normal triage queue until staff release it. Counting is done in the database
// (report_sources, cases), so the limits hold across service replicas.
import { isIP } from 'node:net';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  CASE_STATUS,
  DEFAULT_IPV4_PREFIX,
  DEFAULT_IPV6_PREFIX,
  HELD_REPORT_NOTICE,
  type HeldState,
  type ReleaseAnswer,
  type ReportLimits,
  type ReportLimitsInput,
  heldReasonText,
} from '@cvdp/core';
import { type AuthUser, type Db, HttpError, type Tx, isStaff, recordActivity, users } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import type { CaseDetailPart } from '../cases/case-view.ts';
import { heldReports, reportLimits, reportSources } from './tables.ts';

export const NOT_HELD = 'This report is not held.';

// --- The limits ------------------------------------------------------------------------------------------

export async function readLimits(db: Db | Tx) {
  const [row] = await db.select().from(reportLimits).where(eq(reportLimits.id, 1));
  return (
    row ?? {
      id: 1,
      rangePerDay: null,
      newAccountPerDay: null,
      ipv4Prefix: DEFAULT_IPV4_PREFIX,
      ipv6Prefix: DEFAULT_IPV6_PREFIX,
      updatedAt: new Date(),
    }
  );
}
type LimitsRow = Awaited<ReturnType<typeof readLimits>>;

export const limitsView = (l: LimitsRow): ReportLimits => ({
  range_per_day: l.rangePerDay,
  new_account_per_day: l.newAccountPerDay,
  ipv4_prefix: l.ipv4Prefix,
  ipv6_prefix: l.ipv6Prefix,
});

export async function writeLimits(tx: Tx, input: Required<ReportLimitsInput>) {
  const before = await readLimits(tx);
  const values = {
    rangePerDay: input.range_per_day,
    newAccountPerDay: input.new_account_per_day,
    ipv4Prefix: input.ipv4_prefix,
    ipv6Prefix: input.ipv6_prefix,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(reportLimits)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: reportLimits.id, set: values })
    .returning();
  return { before, after: row };
}

// --- Holding a new report --------------------------------------------------------------------------------

/**
 * The client address as the rate limits read it (Fastify's request.ip: the socket's peer, or the
 * X-Forwarded-For client only when CVDP_TRUST_PROXY is set), with an IPv4-mapped IPv6 address (a dual-stack
 * listener's "::ffff:203.0.113.7") read as the IPv4 address it is. Null when it is no address at all.
 */
export function clientAddress(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  return isIP(address) ? address : null;
}

const DAY = sql`now() - interval '1 day'`;

/**
 * Why a new report from this user and address is held, or null when it joins the triage queue. Staff
 * (who submit on someone's behalf) are never held. Each limit counts the reports already sent in the last
 * day — the new one is held once that count has reached the limit.
 */
export async function holdReason(db: Db, user: AuthUser, address: string | null): Promise<string | null> {
  if (isStaff(user)) return null;
  const limits = await readLimits(db);
  if (limits.rangePerDay !== null && address) {
    const prefix = isIP(address) === 6 ? limits.ipv6Prefix : limits.ipv4Prefix;
    const range = sql`network(set_masklen(${address}::inet, ${prefix}::int))`;
    const [{ n }] = await db
      .select({ n: count() })
      .from(reportSources)
      .where(
        and(
          sql`family(${reportSources.address}) = family(${address}::inet)`,
          sql`${reportSources.address} <<= ${range}`,
          gt(reportSources.createdAt, DAY),
        ),
      );
    if (n >= limits.rangePerDay) return heldReasonText('address_range', limits.rangePerDay);
  }
  if (limits.newAccountPerDay !== null) {
    const [account] = await db
      .select({ isNew: sql<boolean>`${users.createdAt} > ${DAY}` })
      .from(users)
      .where(eq(users.id, user.id));
    if (account?.isNew) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(cases)
        .where(and(eq(cases.createdBy, user.id), gt(cases.createdAt, DAY)));
      if (n >= limits.newAccountPerDay) return heldReasonText('new_account', limits.newAccountPerDay);
    }
  }
  return null;
}

/** In the intake transaction: where the report came from, and the hold when there is one. */
export async function recordIntake(tx: Tx, caseId: number, address: string | null, reason: string | null) {
  if (address) await tx.insert(reportSources).values({ caseId, address });
  if (reason) await tx.insert(heldReports).values({ caseId, reason });
}

// --- Reading and releasing --------------------------------------------------------------------------------

export async function heldRow(db: Db | Tx, caseId: number) {
  const [row] = await db
    .select()
    .from(heldReports)
    .where(and(eq(heldReports.caseId, caseId), isNull(heldReports.releasedAt)));
  return row;
}

/** The case detail's `held`: the notice for everyone who sees the case, why it is held for staff. */
export const heldDetailPart: CaseDetailPart = async (db, access) => {
  // Only while in triage: a held report staff activated or closed directly is no longer waiting.
  const row = access.case.status === CASE_STATUS.PENDING ? await heldRow(db, access.caseId) : undefined;
  const held: HeldState | null = row
    ? {
        since: row.heldAt.toISOString(),
        notice: HELD_REPORT_NOTICE,
        reason: access.staff ? row.reason : null,
      }
    : null;
  return { held };
};

/** Lets a held report into the normal triage queue; recorded in the case's activity. */
export function releaseHeld(db: Db, actor: AuthUser, caseId: number): Promise<ReleaseAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(heldReports)
      .where(and(eq(heldReports.caseId, caseId), isNull(heldReports.releasedAt)))
      .for('update');
    if (!row) throw new HttpError(409, NOT_HELD);
    const releasedAt = new Date();
    await tx
      .update(heldReports)
      .set({ releasedAt, releasedBy: actor.id })
      .where(eq(heldReports.caseId, caseId));
    await recordActivity(tx, {
      actorId: actor.id,
      caseId,
      verb: 'released held report',
      objectType: 'case',
      objectId: caseId,
      before: { held: true, reason: row.reason },
      after: { held: false },
    });
    return { case: caseId, released: releasedAt.toISOString() };
  });
}
