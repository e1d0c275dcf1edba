// The written analysis of a queue vulnerability and its ADP container. Writes only by the holder of the
// vulnerability's lock (409 otherwise, naming the holder or asking to lock first); each write records a
// change (kind 'analysis') and an activity row ('analysis_created' | 'analysis_updated' | 'adp_built' |
// 'adp_sent') in its transaction.
import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type Tx, HttpError, users } from '@cvdp/server-kit';
import { ANALYSIS_LOCK_MESSAGE, type AnalysisBody, type VulAnalysis } from '@cvdp/core/scoring/work';
import type { VulActivityEntry } from '@cvdp/core/scoring/index';
import { cveRecords } from '../records/tables.ts';
import { vulActivity } from '../activity/tables.ts';
import {
  type Caller,
  conflict,
  lockRow,
  lockedByOther,
  readScore,
  recordChange,
  recordVulActivity,
} from '../records/store.ts';
import { vulAnalyses } from './tables.ts';
import { buildAdpContainer, recordWithAdp, validateCveRecord, type SchemaError } from './adp.ts';

const creator = alias(users, 'analysis_creator');
const updater = alias(users, 'analysis_updater');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function requireLock(tx: Tx, recordId: number, caller: Caller, lockSeconds: number) {
  const row = await lockRow(tx, recordId, lockSeconds);
  if (lockedByOther(row, caller.id)) throw conflict(row);
  if (!row.lockActive) throw new HttpError(409, ANALYSIS_LOCK_MESSAGE, { lock: [ANALYSIS_LOCK_MESSAGE] });
  return row;
}

export async function readAnalysis(db: Db | Tx, recordId: number): Promise<VulAnalysis> {
  const [rec] = await db
    .select({ cveId: cveRecords.cveId })
    .from(cveRecords)
    .where(eq(cveRecords.id, recordId));
  const [row] = await db
    .select({ a: vulAnalyses, creatorName: creator.name, updaterName: updater.name })
    .from(vulAnalyses)
    .leftJoin(creator, eq(creator.id, vulAnalyses.createdBy))
    .leftJoin(updater, eq(updater.id, vulAnalyses.updatedBy))
    .where(eq(vulAnalyses.recordId, recordId));
  const a = row?.a;
  return {
    cve_id: rec?.cveId ?? '',
    analysis: a?.analysis ?? '',
    references: a?.references ?? [],
    kev: a?.kevDateAdded && a.kevReference ? { dateAdded: a.kevDateAdded, reference: a.kevReference } : null,
    adp: {
      container: a?.adpContainer ?? null,
      built_at: iso(a?.adpBuiltAt ?? null),
      sent_at: iso(a?.adpSentAt ?? null),
      note: a?.adpSendNote ?? null,
    },
    created_by: a?.createdBy ? { id: a.createdBy, name: row.creatorName ?? '' } : null,
    updated_by: a?.updatedBy ? { id: a.updatedBy, name: row.updaterName ?? '' } : null,
    created_at: iso(a?.createdAt ?? null),
    updated_at: iso(a?.updatedAt ?? null),
  };
}

const view = (a: VulAnalysis) => ({ analysis: a.analysis, references: a.references, kev: a.kev });

export const ANALYSIS_EXISTS = 'This vulnerability already has an analysis: change it with PATCH.';
export const ANALYSIS_MISSING = 'This vulnerability has no analysis yet: write one with POST.';

/** POST (create: 409 if one exists) or PATCH (the parts sent: 404 if none exists). */
export async function writeAnalysis(
  db: Db,
  recordId: number,
  body: AnalysisBody,
  caller: Caller,
  lockSeconds: number,
  mode: 'create' | 'update',
) {
  await db.transaction(async (tx) => {
    await requireLock(tx, recordId, caller, lockSeconds);
    const [existing] = await tx
      .select({ id: vulAnalyses.id })
      .from(vulAnalyses)
      .where(eq(vulAnalyses.recordId, recordId))
      .for('update');
    if (mode === 'create' && existing) throw new HttpError(409, ANALYSIS_EXISTS);
    if (mode === 'update' && !existing) throw new HttpError(404, ANALYSIS_MISSING);
    const before = existing ? view(await readAnalysis(tx, recordId)) : null;
    const set: Partial<typeof vulAnalyses.$inferInsert> = {};
    if (body.analysis !== undefined) set.analysis = body.analysis;
    if (body.references !== undefined) set.references = body.references;
    if (body.kev !== undefined) {
      set.kevDateAdded = body.kev?.dateAdded ?? null;
      set.kevReference = body.kev?.reference ?? null;
    }
    const now = sql`now()` as unknown as Date;
    if (existing) {
      await tx
        .update(vulAnalyses)
        .set({ ...set, updatedBy: caller.id, updatedAt: now })
        .where(eq(vulAnalyses.id, existing.id));
    } else {
      await tx.insert(vulAnalyses).values({ recordId, ...set, createdBy: caller.id, updatedBy: caller.id });
    }
    const after = view(await readAnalysis(tx, recordId));
    if (before && JSON.stringify(before) === JSON.stringify(after)) return;
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => !before || JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    await recordChange(tx, {
      recordId,
      kind: 'analysis',
      summary: before ? 'Analysis changed' : 'Analysis written',
      before: before ? Object.fromEntries(changed.map((k) => [k, before[k]])) : null,
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      actorId: caller.id,
    });
    await recordVulActivity(tx, {
      recordId,
      actorId: caller.id,
      verb: before ? 'analysis_updated' : 'analysis_created',
      after: { fields: changed },
    });
    await tx.update(cveRecords).set({ updatedAt: now }).where(eq(cveRecords.id, recordId));
  });
}

export class AdpInvalid extends HttpError {
  constructor(public schemaErrors: SchemaError[]) {
    super(409, 'The record with our ADP container is not valid CVE JSON 5.1.', {
      adp: schemaErrors.map((e) => `${e.path}: ${e.message}`),
    });
  }
}

/**
 * Builds our ADP container from the score and the analysis, validates the record with it (409 listing the
 * schema's errors), stores it; `send` then tries CVE Services and the outcome is stored too.
 */
export async function buildAdp(
  db: Db,
  recordId: number,
  caller: Caller,
  lockSeconds: number,
  send: (
    cveId: string,
    container: Record<string, unknown>,
  ) => Promise<{ sent: boolean; reason: string | null }>,
) {
  const built = await db.transaction(async (tx) => {
    await requireLock(tx, recordId, caller, lockSeconds);
    const [rec] = await tx
      .select({ cveId: cveRecords.cveId, record: cveRecords.record, state: cveRecords.state })
      .from(cveRecords)
      .where(eq(cveRecords.id, recordId));
    if (rec.state === 'REJECTED')
      throw new HttpError(409, 'ADP containers cannot be added to a REJECTED record.');
    const analysis = await readAnalysis(tx, recordId);
    const container = buildAdpContainer({
      cveId: rec.cveId,
      score: await readScore(tx, recordId),
      analysis: analysis.analysis,
      references: analysis.references,
      kev: analysis.kev,
    });
    const errors = validateCveRecord(recordWithAdp(rec.record, container));
    if (errors.length) throw new AdpInvalid(errors);
    const now = sql`now()` as unknown as Date;
    await tx
      .insert(vulAnalyses)
      .values({
        recordId,
        createdBy: caller.id,
        updatedBy: caller.id,
        adpContainer: container,
        adpBuiltAt: now,
      })
      .onConflictDoUpdate({
        target: vulAnalyses.recordId,
        set: {
          adpContainer: container,
          adpBuiltAt: now,
          adpSendNote: null,
          updatedBy: caller.id,
          updatedAt: now,
        },
      });
    await recordChange(tx, {
      recordId,
      kind: 'analysis',
      summary: 'ADP container built',
      before: analysis.adp.container ? { adp: analysis.adp.container } : null,
      after: { adp: container },
      actorId: caller.id,
    });
    await recordVulActivity(tx, { recordId, actorId: caller.id, verb: 'adp_built' });
    return { cveId: rec.cveId, container };
  });
  let outcome: { sent: boolean; reason: string | null };
  try {
    outcome = await send(built.cveId, built.container);
  } catch (error) {
    outcome = {
      sent: false,
      reason: `CVE Services did not take it: ${(error as Error).message}`.slice(0, 500),
    };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(vulAnalyses)
      .set({ adpSentAt: outcome.sent ? new Date() : null, adpSendNote: outcome.reason })
      .where(eq(vulAnalyses.recordId, recordId));
    if (outcome.sent) await recordVulActivity(tx, { recordId, actorId: caller.id, verb: 'adp_sent' });
  });
  return { container: built.container, ...outcome };
}

// ---- the analysis's activity ----

const actor = alias(users, 'analysis_actor');
const analysisVerbs = or(like(vulActivity.verb, 'analysis\\_%'), like(vulActivity.verb, 'adp\\_%'));

export async function countAnalysisActivity(db: Db, recordId: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vulActivity)
    .where(and(eq(vulActivity.recordId, recordId), analysisVerbs));
  return r.n;
}

export async function listAnalysisActivity(
  db: Db,
  recordId: number,
  limit: number,
  offset: number,
): Promise<VulActivityEntry[]> {
  const rows = await db
    .select({ a: vulActivity, name: actor.name })
    .from(vulActivity)
    .leftJoin(actor, eq(actor.id, vulActivity.actorId))
    .where(and(eq(vulActivity.recordId, recordId), analysisVerbs))
    .orderBy(desc(vulActivity.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ a, name }) => ({
    id: a.id,
    verb: a.verb,
    user: a.actorId ? { id: a.actorId, name: name ?? '' } : null,
    before: a.before,
    after: a.after,
    at: a.at.toISOString(),
  }));
}
