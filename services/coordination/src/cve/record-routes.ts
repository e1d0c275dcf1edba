// GET /api/vul/{id}/cve/: the vulnerability as a CVE JSON 5.1 record, validated before it is answered
// (409 listing the schema's complaints). GET /api/vul/{id}/cve/readiness/: what that record still needs, as a
// to-do list the page shows (always 200, so a page never asks for a record it knows is refused). POST /api/vul/{id}/cve/publish/ (staff): sends its CNA container
// to CVE Services through the active CVE account — only once the case's advisory is published; a record
// that exists already is updated (PUT) instead.
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { idParams } from '@cvdp/core';
import {
  type CveReadinessAnswer,
  type CveRecordAnswer,
  cvePublishAnswerSchema,
  cveReadinessAnswerSchema,
  cveRecordAnswerSchema,
} from '@cvdp/core/cve/index';
import {
  activity,
  type Config,
  HttpError,
  notFound,
  type OutboundHttp,
  recordActivity,
  routes,
  STAFF,
  type Db,
} from '@cvdp/server-kit';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { cases } from '../cases/tables.ts';
import { can, filter } from '../policy/index.ts';
import { cellsOfVul } from '../vendor-status/store.ts';
import { vulCvssScores, vulnerabilities } from '../vuls/tables.ts';
import { cweEntries } from '../cwe/tables.ts';
import { advisoryRevisions } from '../advisories/tables.ts';
import { instancePublisher } from '../csaf/publisher.ts';
import { vendorStatusEntries } from '../csaf/status-mapping.ts';
import type { CaseAccess } from '../policy/index.ts';
import { cveAccounts, cveReservations } from './tables.ts';
import { buildCveRecord, cnaContainerToSend } from './record.ts';
import { assessCveRecord } from './readiness.ts';
import { clientFor } from './store.ts';
import { CveServicesError } from './client.ts';
import { cveFailure } from './cve-failure.ts';

export const RECORD_INVALID =
  'The CVE record of this vulnerability does not pass the CVE JSON 5.1 schema; the problems are listed.';
export const NOT_PUBLISHED = 'The case’s advisory is not published: publish it before the CVE record.';
export const NO_CVE_ID =
  'This vulnerability has no CVE id: reserve one and give it to the vulnerability first.';
export const NO_ACCOUNT = 'No active CVE account is configured.';

type Vul = typeof vulnerabilities.$inferSelect;

/**
 * The vulnerability's CVE record as the caller may see it, and whether its case's advisory is published.
 * `publishingOn` (yyyy-MM-dd) builds it as it will be once the advisory is published that day (the guard rails
 * check the record before publishing, with the advisory's public page among its references).
 */
export async function recordOf(
  db: Db,
  vul: Vul,
  access: CaseAccess,
  publicUrl: string | undefined,
  publishingOn?: string,
) {
  const { vendors, rows } = await cellsOfVul(db, access, vul.id);
  const cvss = await db
    .select()
    .from(vulCvssScores)
    .where(and(eq(vulCvssScores.vulId, vul.id), filter('cvss.read', access)))
    .orderBy(vulCvssScores.version);
  // One score per version: the coordinator's before the reporter's.
  const byVersion = new Map<string, (typeof cvss)[number]>();
  for (const c of cvss)
    if (!byVersion.has(c.version) || c.source === 'coordinator') byVersion.set(c.version, c);
  const cweRows = vul.cwes.length
    ? await db
        .select({ id: cweEntries.id, name: cweEntries.name })
        .from(cweEntries)
        .where(inArray(cweEntries.id, vul.cwes))
    : [];
  const [c] = await db.select({ createdAt: cases.createdAt }).from(cases).where(eq(cases.id, vul.caseId));
  const [published] = publishingOn
    ? [{ datePublished: publishingOn }]
    : await db
        .select({ datePublished: advisoryRevisions.datePublished })
        .from(advisoryRevisions)
        .where(and(eq(advisoryRevisions.caseId, vul.caseId), eq(advisoryRevisions.published, true)))
        .orderBy(desc(advisoryRevisions.revision))
        .limit(1);
  const record = buildCveRecord({
    cveId: vul.cve ? vul.cve.toUpperCase() : null,
    vul,
    cweNames: new Map(cweRows.map((r) => [r.id, r.name])),
    cvss: [...byVersion.values()],
    vendors: vendorStatusEntries(vendors, rows),
    coordinator: instancePublisher({ publicUrl }).name,
    reportedAt: c.createdAt,
    advisoryPublished: published ? (published.datePublished ?? new Date().toISOString().slice(0, 10)) : null,
    advisoryUrl: published && publicUrl ? `${publicUrl}/advisories/${vul.caseId}/` : null,
  });
  return { record, published: !!published };
}

/** The last time CVDP sent this vulnerability's record (with its current CVE id) to CVE Services. */
async function lastPublished(db: Db, vul: Vul) {
  if (!vul.cve) return null;
  const cveId = vul.cve.toUpperCase();
  const rows = await db
    .select({ at: activity.at, after: activity.after })
    .from(activity)
    .where(
      and(
        eq(activity.objectType, 'vul'),
        eq(activity.objectId, String(vul.id)),
        inArray(activity.verb, ['published CVE record', 'updated CVE record']),
      ),
    )
    .orderBy(desc(activity.at), desc(activity.id));
  const row = rows.find((r) => (r.after as { cve_id?: string } | null)?.cve_id === cveId);
  return row ? row.at.toISOString() : null;
}

async function activeAccount(db: Db) {
  const [account] = await db
    .select()
    .from(cveAccounts)
    .where(eq(cveAccounts.active, true))
    .orderBy(cveAccounts.id)
    .limit(1);
  return account;
}

/** The record, or the 409 listing the schema's complaints: refused exactly when the readiness list says it
 * is not ready (one rule, in assessCveRecord). */
function checked(record: Record<string, unknown>, publicUrl: string | undefined) {
  const { ready, errors } = assessCveRecord(record, { advisoryIsReference: !!publicUrl });
  if (!ready) {
    const byPath: Record<string, string[]> = {};
    for (const e of errors) (byPath[e.path] ??= []).push(e.message);
    throw new HttpError(409, RECORD_INVALID, byPath);
  }
  return record;
}

/**
 * Sends the vulnerability's CNA container to CVE Services through the active CVE account (a record that exists
 * already is updated), once the case's advisory is published, and records it. Refusals are HttpErrors; the
 * service's own failures CveServicesError (cveFailure turns them into answers). Also the scheduled publication's.
 */
export async function sendCveRecord(
  deps: { db: Db; config: Pick<Config, 'publicUrl' | 'secretKey'>; outbound: OutboundHttp },
  vul: Vul,
  access: CaseAccess,
  actorId: number | null,
): Promise<{ cveId: string; updated: boolean; message: string }> {
  const { db, config } = deps;
  if (!vul.cve) throw new HttpError(409, NO_CVE_ID);
  const { record, published } = await recordOf(db, vul, access, config.publicUrl);
  if (!published) throw new HttpError(409, NOT_PUBLISHED);
  checked(record, config.publicUrl);
  const account = await activeAccount(db);
  if (!account) throw new HttpError(409, NO_ACCOUNT);
  const cveId = vul.cve.toUpperCase();
  const container = cnaContainerToSend(record);
  const client = clientFor(account, config.secretKey, deps.outbound);
  let answer: { message: string };
  let updated = false;
  try {
    answer = await client.publishCna(cveId, container);
  } catch (e) {
    if (!(e instanceof CveServicesError) || e.code !== 'CVE_RECORD_EXISTS') throw e;
    updated = true;
    answer = await client.publishCna(cveId, container, true);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(cveReservations)
      .set({ state: 'PUBLISHED', publishedAt: new Date() })
      .where(eq(cveReservations.cveId, cveId));
    await recordActivity(tx, {
      actorId,
      caseId: vul.caseId,
      verb: updated ? 'updated CVE record' : 'published CVE record',
      objectType: 'vul',
      objectId: vul.id,
      after: { cve_id: cveId, account: account.id },
    });
  });
  return { cveId, updated, message: answer.message };
}

export async function cveRecordRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  // Issue 12's CVE calls (access tested in record.test.ts), not the case workspace's vulnerability calls.
  const tags = ['cve'];

  async function visibleVul(user: NonNullable<Parameters<typeof caseAccessOr404>[1]>, id: number) {
    const [vul] = await db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id));
    if (!vul) throw notFound();
    const access = await caseAccessOr404(db, user, vul.caseId);
    if (!can('vul.read', access, vul)) throw notFound();
    return { vul, access };
  }

  r.get(
    '/api/vul/:id/cve/',
    {
      summary:
        'The vulnerability as a CVE JSON 5.1 record (CNA container from the model), validated (409 listing errors)',
      tags,
      access: 'user',
      params: idParams,
      response: { 200: cveRecordAnswerSchema },
    },
    async (request): Promise<CveRecordAnswer> => {
      const { vul, access } = await visibleVul(request.user!, request.params.id);
      const { record, published } = await recordOf(db, vul, access, config.publicUrl);
      return {
        cve_id: vul.cve ? vul.cve.toUpperCase() : null,
        record: checked(record, config.publicUrl),
        advisory_published: published,
        account_available: !!(await activeAccount(db)),
        published_at: await lastPublished(db, vul),
      };
    },
  );

  r.get(
    '/api/vul/:id/cve/readiness/',
    {
      summary:
        'What the CVE record still needs: a to-do list (ready: the record passes CVE JSON 5.1, as GET …/cve/ answers)',
      tags,
      access: 'user',
      params: idParams,
      response: { 200: cveReadinessAnswerSchema },
    },
    async (request): Promise<CveReadinessAnswer> => {
      const { vul, access } = await visibleVul(request.user!, request.params.id);
      const { record } = await recordOf(db, vul, access, config.publicUrl);
      const { ready, items } = assessCveRecord(record, { advisoryIsReference: !!config.publicUrl });
      return { ready, items };
    },
  );

  r.post(
    '/api/vul/:id/cve/publish/',
    {
      summary: 'Publish (or update) the CVE record in CVE Services through the active CVE account',
      tags,
      access: STAFF,
      params: idParams,
      response: { 200: cvePublishAnswerSchema },
    },
    async (request) => {
      const { vul, access } = await visibleVul(request.user!, request.params.id);
      try {
        const sent = await sendCveRecord(
          { db, config, outbound: app.outbound },
          vul,
          access,
          request.user!.id,
        );
        return {
          cve_id: sent.cveId,
          updated: sent.updated,
          message: sent.message,
          published_at: (await lastPublished(db, vul)) ?? new Date().toISOString(),
        };
      } catch (e) {
        if (e instanceof CveServicesError)
          request.log.warn(
            { cveServices: { status: e.status, code: e.code, message: e.serviceMessage } },
            'CVE publish failed',
          );
        return cveFailure(e);
      }
    },
  );
}
