// Our score of a queue vulnerability: SSVC decided with core's decideSsvc, CVSS 4.0 / 3.x scored with core's
// scoreCvssVector, CWEs. Only the holder of the vulnerability's lock writes (409 otherwise, naming the
// holder). The score's values also appear among the record's values with source 'scorer', and the queue's
// score/severity/CWE columns follow it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Tx, HttpError } from '@cvdp/server-kit';
import { decideSsvc } from '@cvdp/core/ssvc/decide';
import { scoreCvssVector } from '@cvdp/core/cvss/score-any';
import { VUL_LOCK_REQUIRED_MESSAGE, type VulScorePatch } from '@cvdp/core/scoring/index';
import { cveRecords, vulEnrichment } from '../records/tables.ts';
import { vulScores } from './tables.ts';
import { applyOurScores } from '../records/effective.ts';
import { readCveRecord } from '../ingest/parse-record.ts';
import {
  type Caller,
  conflict,
  lockRow,
  lockedByOther,
  readScore,
  recordChange,
  recordVulActivity,
} from '../records/store.ts';

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/** The record-derived queue columns again (after our score went away or changed), then ours over them. */
export async function refreshQueueColumns(tx: Tx, recordId: number) {
  const [row] = await tx
    .select({ record: cveRecords.record })
    .from(cveRecords)
    .where(eq(cveRecords.id, recordId));
  const parsed = readCveRecord(row.record);
  await tx
    .update(cveRecords)
    .set({ score: parsed.score, severity: parsed.severity, cwes: parsed.cwes, hasSsvc: parsed.hasSsvc })
    .where(eq(cveRecords.id, recordId));
  await applyOurScores(tx, [recordId]);
}

async function requireLock(tx: Tx, recordId: number, caller: Caller, lockSeconds: number) {
  const row = await lockRow(tx, recordId, lockSeconds);
  if (lockedByOther(row, caller.id)) throw conflict(row);
  if (!row.lockActive)
    throw new HttpError(409, VUL_LOCK_REQUIRED_MESSAGE, { lock: [VUL_LOCK_REQUIRED_MESSAGE] });
  return row;
}

function scoreVector(field: 'cvss4' | 'cvss3', vector: string) {
  const result = scoreCvssVector(vector);
  if (!result.ok) throw badField(field, result.message);
  if (field === 'cvss4' && result.version !== '4.0')
    throw badField(field, 'A CVSS 4.0 vector starts with CVSS:4.0/.');
  if (field === 'cvss3' && result.version === '4.0')
    throw badField(field, 'A CVSS 3.x vector starts with CVSS:3.1/ or CVSS:3.0/.');
  return {
    vector: result.vector,
    score: result.score,
    severity: result.severity.toUpperCase(),
    version: result.version,
  };
}

const SCORER_KINDS = ['cwe', 'cvss', 'ssvc'];

async function mirrorScorerValues(tx: Tx, recordId: number, caller: Caller) {
  await tx
    .delete(vulEnrichment)
    .where(
      and(
        eq(vulEnrichment.recordId, recordId),
        eq(vulEnrichment.source, 'scorer'),
        inArray(vulEnrichment.kind, SCORER_KINDS),
      ),
    );
  const [s] = await tx.select().from(vulScores).where(eq(vulScores.recordId, recordId));
  if (!s) return;
  const rows: (typeof vulEnrichment.$inferInsert)[] = [];
  const base = { recordId, source: 'scorer', createdBy: caller.id };
  for (const cwe of s.cwes) rows.push({ ...base, kind: 'cwe', value: cwe });
  if (s.cvss4Vector)
    rows.push({
      ...base,
      kind: 'cvss',
      value: s.cvss4Vector,
      version: '4.0',
      score: s.cvss4Score,
      severity: s.cvss4Severity,
    });
  if (s.cvss3Vector)
    rows.push({
      ...base,
      kind: 'cvss',
      value: s.cvss3Vector,
      version: s.cvss3Vector.startsWith('CVSS:3.0/') ? '3.0' : '3.1',
      score: s.cvss3Score,
      severity: s.cvss3Severity,
    });
  if (s.ssvcTable && s.ssvcOutcome)
    rows.push({
      ...base,
      kind: 'ssvc',
      value: `${s.ssvcTable}:${s.ssvcOutcome}`,
      version: s.ssvcTableVersion,
      detail: {
        table: s.ssvcTable,
        values: s.ssvcValues,
        outcome: s.ssvcOutcome,
        outcome_name: s.ssvcOutcomeName,
      },
    });
  if (rows.length) await tx.insert(vulEnrichment).values(rows);
}

export async function patchScore(
  db: Db,
  recordId: number,
  body: VulScorePatch,
  caller: Caller,
  lockSeconds: number,
) {
  await db.transaction(async (tx) => {
    await requireLock(tx, recordId, caller, lockSeconds);
    const before = await readScore(tx, recordId);
    const set: Partial<typeof vulScores.$inferInsert> = {};
    if (body.ssvc === null) {
      Object.assign(set, {
        ssvcTable: null,
        ssvcTableVersion: null,
        ssvcValues: null,
        ssvcOutcome: null,
        ssvcOutcomeName: null,
      });
    } else if (body.ssvc) {
      const result = decideSsvc(body.ssvc.table, body.ssvc.values);
      if (!result.ok)
        throw badField(
          result.field === 'table' ? 'ssvc.table' : `ssvc.values.${result.field}`,
          result.message,
        );
      const d = result.decision;
      Object.assign(set, {
        ssvcTable: d.table,
        ssvcTableVersion: d.tableVersion,
        ssvcValues: d.values,
        ssvcOutcome: d.outcome.key,
        ssvcOutcomeName: d.outcome.name,
      });
    }
    for (const field of ['cvss4', 'cvss3'] as const) {
      const v = body[field];
      if (v === undefined) continue;
      const scored = v === null || v === '' ? null : scoreVector(field, v);
      set[`${field}Vector`] = scored?.vector ?? null;
      set[`${field}Score`] = scored?.score ?? null;
      set[`${field}Severity`] = scored?.severity ?? null;
    }
    if (body.cwes) set.cwes = [...new Set(body.cwes)];
    const now = sql`now()` as unknown as Date;
    await tx
      .insert(vulScores)
      .values({ recordId, ...set, scoredBy: caller.id, updatedAt: now })
      .onConflictDoUpdate({
        target: vulScores.recordId,
        set: { ...set, scoredBy: caller.id, updatedAt: now },
      });
    await tx
      .update(cveRecords)
      .set({ status: 'scored', scoredAt: now, updatedAt: now })
      .where(eq(cveRecords.id, recordId));
    await mirrorScorerValues(tx, recordId, caller);
    await refreshQueueColumns(tx, recordId);
    const after = await readScore(tx, recordId);
    const strip = (s: typeof before) =>
      s ? { ssvc: s.ssvc, cvss4: s.cvss4, cvss3: s.cvss3, cwes: s.cwes } : null;
    await recordChange(tx, {
      recordId,
      kind: 'score',
      summary: before ? 'Score changed' : 'Scored',
      before: strip(before),
      after: strip(after),
      actorId: caller.id,
    });
    await recordVulActivity(tx, {
      recordId,
      actorId: caller.id,
      verb: 'scored',
      after: {
        ssvc: after?.ssvc?.outcome ?? null,
        cvss4: after?.cvss4?.score ?? null,
        cvss3: after?.cvss3?.score ?? null,
      },
    });
  });
}

/** Removes our score; the vulnerability goes back to 'assigned' (if someone has it) or 'open'. */
export async function deleteScore(db: Db, recordId: number, caller: Caller, lockSeconds: number) {
  await db.transaction(async (tx) => {
    const row = await requireLock(tx, recordId, caller, lockSeconds);
    const before = await readScore(tx, recordId);
    if (!before) throw new HttpError(404, 'This vulnerability has no score.');
    await tx.delete(vulScores).where(eq(vulScores.recordId, recordId));
    await tx
      .update(cveRecords)
      .set({
        status: row.assignedTo ? 'assigned' : 'open',
        scoredAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(cveRecords.id, recordId));
    await mirrorScorerValues(tx, recordId, caller);
    await refreshQueueColumns(tx, recordId);
    await recordChange(tx, {
      recordId,
      kind: 'score',
      summary: 'Score removed',
      before: { ssvc: before.ssvc, cvss4: before.cvss4, cvss3: before.cvss3, cwes: before.cwes },
      after: null,
      actorId: caller.id,
    });
    await recordVulActivity(tx, { recordId, actorId: caller.id, verb: 'unscored' });
  });
}
