// CVE accounts and reservations: queries and transactions, no HTTP. The API key is encrypted here and
// decrypted only to build a client; no view, activity or log line carries it.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CveAccount, CveReservation } from '@cvdp/core/cve/index';
import {
  HttpError,
  decryptSecret,
  encryptSecret,
  recordActivity,
  type Db,
  type OutboundHttp,
} from '@cvdp/server-kit';
import { cveAccounts, cveReservations } from './tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { apiUrlFor, CveServicesClient, type CveIdObject } from './client.ts';

export type CveAccountRow = typeof cveAccounts.$inferSelect;
export type CveReservationRow = typeof cveReservations.$inferSelect;

export function accountView(a: CveAccountRow): CveAccount {
  return {
    id: a.id,
    org_short_name: a.orgShortName,
    username: a.username,
    environment: a.environment as CveAccount['environment'],
    base_url: a.baseUrl,
    api_url: apiUrlFor(a.environment, a.baseUrl),
    active: a.active,
    created: a.createdAt.toISOString(),
    updated: a.updatedAt.toISOString(),
  };
}

/** What activity keeps of an account: every field but the key (and whether the key changed). */
function accountAudit(a: CveAccountRow) {
  const { id: _id, created: _c, updated: _u, api_url: _a, ...rest } = accountView(a);
  return rest;
}

export function reservationView(r: CveReservationRow): CveReservation {
  return {
    id: r.id,
    account: r.accountId,
    cve_id: r.cveId,
    cve_year: r.cveYear,
    state: r.state,
    vul: r.vulId,
    reserved_by: r.reservedBy,
    reserved: r.reservedAt.toISOString(),
    published: r.publishedAt?.toISOString() ?? null,
  };
}

export function clientFor(account: CveAccountRow, secretKey: string | undefined, http: OutboundHttp) {
  return new CveServicesClient({
    baseUrl: apiUrlFor(account.environment, account.baseUrl),
    credentials: {
      org: account.orgShortName,
      user: account.username,
      key: decryptSecret(account.apiKeyEncrypted, secretKey),
    },
    http,
  });
}

export async function countAccounts(db: Db) {
  return (await db.select({ n: count() }).from(cveAccounts))[0].n;
}

export async function listAccounts(db: Db, active: boolean | undefined) {
  return db
    .select()
    .from(cveAccounts)
    .where(active === undefined ? undefined : eq(cveAccounts.active, active))
    .orderBy(desc(cveAccounts.active), cveAccounts.id);
}

export async function findAccount(db: Db, id: number) {
  const [row] = await db.select().from(cveAccounts).where(eq(cveAccounts.id, id));
  return row;
}

export interface AccountInput {
  org_short_name?: string;
  username?: string;
  api_key?: string;
  environment?: string;
  base_url?: string | null;
  active?: boolean;
}

export async function createAccount(
  db: Db,
  actorId: number,
  input: Required<Omit<AccountInput, 'base_url'>> & { base_url?: string | null },
  secretKey: string | undefined,
) {
  const apiKeyEncrypted = encryptSecret(input.api_key, secretKey);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cveAccounts)
      .values({
        orgShortName: input.org_short_name,
        username: input.username,
        apiKeyEncrypted,
        environment: input.environment,
        baseUrl: input.environment === 'custom' ? (input.base_url ?? null) : null,
        active: input.active,
        createdBy: actorId,
      })
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'created',
      objectType: 'cve_account',
      objectId: row.id,
      after: accountAudit(row),
    });
    return row;
  });
}

export async function updateAccount(
  db: Db,
  actorId: number,
  id: number,
  input: AccountInput,
  secretKey: string | undefined,
) {
  const apiKeyEncrypted = input.api_key !== undefined ? encryptSecret(input.api_key, secretKey) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(cveAccounts).where(eq(cveAccounts.id, id)).for('update');
    if (!before) throw new HttpError(404, 'No CVE account with this id.');
    const environment = input.environment ?? before.environment;
    const baseUrl = input.base_url !== undefined ? input.base_url : before.baseUrl;
    if (environment === 'custom' && !baseUrl)
      throw new HttpError(400, 'A custom environment needs base_url.', {
        base_url: ['A custom environment needs base_url.'],
      });
    const [row] = await tx
      .update(cveAccounts)
      .set({
        ...(input.org_short_name !== undefined ? { orgShortName: input.org_short_name } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(apiKeyEncrypted !== undefined ? { apiKeyEncrypted } : {}),
        environment,
        baseUrl: environment === 'custom' ? baseUrl : null,
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(cveAccounts.id, id))
      .returning();
    await recordActivity(tx, {
      actorId,
      verb: 'updated',
      objectType: 'cve_account',
      objectId: id,
      before: accountAudit(before),
      after: { ...accountAudit(row), ...(apiKeyEncrypted !== undefined ? { api_key_changed: true } : {}) },
    });
    return row;
  });
}

export async function deleteAccount(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(cveAccounts).where(eq(cveAccounts.id, id)).returning();
    if (!before) throw new HttpError(404, 'No CVE account with this id.');
    await recordActivity(tx, {
      actorId,
      verb: 'deleted',
      objectType: 'cve_account',
      objectId: id,
      before: accountAudit(before),
    });
  });
}

export async function countReservations(db: Db, accountId: number | undefined) {
  return (
    await db
      .select({ n: count() })
      .from(cveReservations)
      .where(accountId === undefined ? undefined : eq(cveReservations.accountId, accountId))
  )[0].n;
}

export async function listReservations(db: Db, accountId: number | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(cveReservations)
    .where(accountId === undefined ? undefined : eq(cveReservations.accountId, accountId))
    .orderBy(desc(cveReservations.id))
    .limit(limit)
    .offset(offset);
}

/** Stores ids CVE Services reserved (an id already stored is left as it is). */
export async function storeReservations(db: Db, actorId: number, account: CveAccountRow, ids: CveIdObject[]) {
  return db.transaction(async (tx) => {
    const rows = ids.length
      ? await tx
          .insert(cveReservations)
          .values(
            ids.map((i) => ({
              accountId: account.id,
              cveId: i.cve_id,
              state: i.state || 'RESERVED',
              cveYear: Number(i.cve_year) || Number(i.cve_id.slice(4, 8)),
              reservedBy: actorId,
            })),
          )
          .onConflictDoNothing({ target: cveReservations.cveId })
          .returning()
      : [];
    await recordActivity(tx, {
      actorId,
      verb: 'reserved',
      objectType: 'cve_account',
      objectId: account.id,
      after: { cve_ids: rows.map((r) => r.cveId) },
    });
    return rows;
  });
}

export async function findReservation(db: Db, id: number) {
  const [row] = await db.select().from(cveReservations).where(eq(cveReservations.id, id));
  return row;
}

/**
 * Gives a reserved id to a vulnerability (its `cve` set in the same transaction), or takes it back
 * (vulId null: the vulnerability's `cve` is cleared).
 */
export async function assignReservation(db: Db, actorId: number, id: number, vulId: number | null) {
  return db.transaction(async (tx) => {
    const [r] = await tx.select().from(cveReservations).where(eq(cveReservations.id, id)).for('update');
    if (!r) throw new HttpError(404, 'No CVE reservation with this id.');
    if (r.state === 'REJECTED')
      throw new HttpError(400, 'A rejected CVE id cannot be assigned.', {
        vul: ['A rejected CVE id cannot be assigned.'],
      });
    // The id leaves the vulnerability that had it (checked for clashes after).
    if (r.vulId !== null && r.vulId !== vulId)
      await tx
        .update(vulnerabilities)
        .set({ cve: null, updatedAt: new Date() })
        .where(and(eq(vulnerabilities.id, r.vulId), sql`upper(${vulnerabilities.cve}) = upper(${r.cveId})`));
    let caseId: number | null = null;
    if (vulId !== null) {
      const [vul] = await tx
        .select()
        .from(vulnerabilities)
        .where(eq(vulnerabilities.id, vulId))
        .for('update');
      if (!vul)
        throw new HttpError(400, 'No vulnerability with this id.', {
          vul: ['No vulnerability with this id.'],
        });
      caseId = vul.caseId;
      const [clash] = await tx
        .select({ id: vulnerabilities.id })
        .from(vulnerabilities)
        .where(
          and(sql`upper(${vulnerabilities.cve}) = upper(${r.cveId})`, sql`${vulnerabilities.id} <> ${vulId}`),
        );
      if (clash)
        throw new HttpError(409, `${r.cveId} is already the CVE of another vulnerability.`, {
          vul: [`${r.cveId} is already the CVE of another vulnerability.`],
        });
      // The vulnerability's earlier reserved id (if any) is freed.
      await tx
        .update(cveReservations)
        .set({ vulId: null })
        .where(and(eq(cveReservations.vulId, vulId), sql`${cveReservations.id} <> ${id}`));
    }
    if (vulId !== null)
      await tx
        .update(vulnerabilities)
        .set({ cve: r.cveId, updatedAt: new Date() })
        .where(eq(vulnerabilities.id, vulId));
    const [row] = await tx
      .update(cveReservations)
      .set({ vulId })
      .where(eq(cveReservations.id, id))
      .returning();
    await recordActivity(tx, {
      actorId,
      caseId,
      verb: vulId === null ? 'unassigned' : 'assigned',
      objectType: 'cve_reservation',
      objectId: id,
      before: { cve_id: r.cveId, vul: r.vulId },
      after: { cve_id: r.cveId, vul: vulId },
    });
    return row;
  });
}
