// Vulnerability queries and changes: a case's vulnerabilities (with their CWE names, CVSS scores and current
// SSVC decision), creating one (local id = max + 1 under the case's row lock), editing, deleting, the CVSS
// score of a version, SSVC decisions with their history, and "create from report". Every change writes its
// activity row (object type 'vul') and touches the case's updated_at in its own transaction. No HTTP here.
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  CVE_TAKEN_MESSAGE,
  type CvssScore,
  type CvssVersion,
  MAX_CWES_PER_VULNERABILITY,
  type SsvcDecisionView,
  UNKNOWN_CWE_MESSAGE,
  type VulAttributeValuesInput,
  type Vulnerability,
  cweNumber,
  formatCweId,
  questionsToReport,
  vulLabel,
} from '@cvdp/core';
import type { CvssScoreResult } from '@cvdp/core/cvss/score-any';
import { SSVC_TABLES, type SsvcDecision, isSsvcTableId } from '@cvdp/core/ssvc/index';
import { type Db, HttpError, type Tx, mapUniqueViolations, recordActivity, users } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { prohibitedCweMessages } from '../cwe/prohibited.ts';
import { cweEntries } from '../cwe/tables.ts';
import { type CaseAccess, filter } from '../policy/index.ts';
import { askNotifiedVendorsForStatus } from '../participants/store.ts';
import { loadReportOfCase } from '../reports/store.ts';
import { applyAttributeValues, attributeDefinitions, knownValues, sortedValues } from './attributes.ts';
import { vulCvssScores, vulnerabilities, vulSsvcDecisions } from './tables.ts';

export type VulRow = typeof vulnerabilities.$inferSelect;
type CvssRow = typeof vulCvssScores.$inferSelect;
type SsvcRow = typeof vulSsvcDecisions.$inferSelect;

/** Unique indexes of vulnerabilities whose clash is the caller's input. */
const VUL_UNIQUE = { vulnerabilities_cve_idx: { field: 'cve', message: CVE_TAKEN_MESSAGE } };

/** A vulnerability's fields as the schemas parse them (CWE ids as 'CWE-79', CVE upper-case or null). */
export interface VulFields {
  title: string;
  description: string;
  cwes: string[];
  cve: string | null;
  references: string[];
  tags: string[];
  /** Attribute id → value (null or '' clears); checked against the catalogue's attributes. */
  attributes?: VulAttributeValuesInput;
}

// ---------------------------------------------------------------------------------------------------------
// Reading.

const iso = (d: Date) => d.toISOString();
const userRef = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function cvssView(row: CvssRow, scorerName: string | null): CvssScore {
  return {
    version: row.version as CvssVersion,
    vector: row.vector,
    score: Number(row.score),
    severity: row.severity,
    source: row.source as CvssScore['source'],
    scored_by: userRef(row.scoredBy, scorerName),
    scored_at: iso(row.scoredAt),
  };
}

export function ssvcView(row: SsvcRow, deciderName: string | null, tableName: string): SsvcDecisionView {
  return {
    id: row.id,
    table: row.decisionTable,
    table_name: tableName,
    table_version: row.tableVersion,
    values: row.values,
    outcome: row.outcome,
    outcome_name: row.outcomeName,
    vector: row.vector,
    selection_list: row.selectionList,
    decided_by: userRef(row.decidedBy, deciderName),
    decided_at: iso(row.decidedAt),
    removed: row.removed,
  };
}

/** The name of a stored decision's table (its id, should a table ever leave core's list). */
const ssvcTableName = (id: string) => (isSsvcTableId(id) ? SSVC_TABLES[id].name : id);

const VERSION_ORDER = sql`case ${vulCvssScores.version} when '4.0' then 0 when '3.1' then 1 else 2 end`;

/** The answers for these vulnerabilities (of one case the caller sees), in the given order. */
async function views(db: Db | Tx, access: CaseAccess, rows: VulRow[]): Promise<Vulnerability[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const cweIds = [...new Set(rows.flatMap((r) => r.cwes))];
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))];
  const decisionIds = rows.flatMap((r) => (r.ssvcDecisionId === null ? [] : [r.ssvcDecisionId]));
  const [names, creators, scores, decisions, definitions] = await Promise.all([
    cweIds.length
      ? db
          .select({ id: cweEntries.id, name: cweEntries.name })
          .from(cweEntries)
          .where(inArray(cweEntries.id, cweIds))
      : [],
    creatorIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, creatorIds))
      : [],
    db
      .select({ score: vulCvssScores, scorer: users.name })
      .from(vulCvssScores)
      .leftJoin(users, eq(users.id, vulCvssScores.scoredBy))
      .where(and(inArray(vulCvssScores.vulId, ids), filter('cvss.read', access)))
      .orderBy(VERSION_ORDER, asc(vulCvssScores.source)),
    decisionIds.length
      ? db
          .select({ decision: vulSsvcDecisions, decider: users.name })
          .from(vulSsvcDecisions)
          .leftJoin(users, eq(users.id, vulSsvcDecisions.decidedBy))
          .where(and(inArray(vulSsvcDecisions.id, decisionIds), filter('ssvc.read', access)))
      : [],
    attributeDefinitions(db),
  ]);
  const cweName = new Map(names.map((n) => [n.id, n.name]));
  const creatorName = new Map(creators.map((u) => [u.id, u.name]));
  return rows.map((r) => {
    const decision = decisions.find((d) => d.decision.id === r.ssvcDecisionId);
    return {
      id: r.id,
      case: r.caseId,
      local_id: r.localId,
      label: vulLabel(r.caseId, r.localId),
      title: r.title,
      description: r.description,
      cwes: r.cwes.map(formatCweId),
      cwe_names: Object.fromEntries(
        r.cwes.flatMap((id) => (cweName.has(id) ? [[formatCweId(id), cweName.get(id)!]] : [])),
      ),
      cve: r.cve,
      references: r.references,
      tags: r.tags,
      attributes: sortedValues(knownValues(r.attributes, definitions)),
      attribute_names: Object.fromEntries(
        definitions.flatMap((d) => (String(d.id) in r.attributes ? [[String(d.id), d.name]] : [])),
      ),
      cvss_scores: scores.filter((s) => s.score.vulId === r.id).map((s) => cvssView(s.score, s.scorer)),
      ssvc: decision
        ? ssvcView(decision.decision, decision.decider, ssvcTableName(decision.decision.decisionTable))
        : null,
      created: iso(r.createdAt),
      modified: iso(r.updatedAt),
      created_by: userRef(r.createdBy, r.createdBy === null ? null : (creatorName.get(r.createdBy) ?? null)),
    };
  });
}

export async function vulView(db: Db | Tx, access: CaseAccess, row: VulRow): Promise<Vulnerability> {
  return (await views(db, access, [row]))[0];
}

export async function findVul(db: Db | Tx, id: number): Promise<VulRow | undefined> {
  const [row] = await db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id));
  return row;
}

const visibleVuls = (access: CaseAccess) =>
  and(eq(vulnerabilities.caseId, access.caseId), filter('vul.read', access));

export async function countVuls(db: Db, access: CaseAccess): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(vulnerabilities).where(visibleVuls(access));
  return n;
}

/** The case's vulnerabilities in the order of their local ids. */
export async function listVuls(
  db: Db,
  access: CaseAccess,
  limit: number,
  offset: number,
): Promise<Vulnerability[]> {
  const rows = await db
    .select()
    .from(vulnerabilities)
    .where(visibleVuls(access))
    .orderBy(asc(vulnerabilities.localId))
    .limit(limit)
    .offset(offset);
  return views(db, access, rows);
}

// ---------------------------------------------------------------------------------------------------------
// Writing.

/** Locks the case row (so local ids are handed out one at a time) and marks the case changed. */
async function touchCase(tx: Tx, caseId: number) {
  await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, caseId));
}

/**
 * CWE numbers of 'CWE-79' ids, or a 400 naming `cwes` when one is not in the catalogue or is one MITRE
 * prohibits (unless the vulnerability already held it: `kept`).
 */
async function catalogueCwes(tx: Tx, ids: string[], kept: readonly number[] = []): Promise<number[]> {
  const numbers = [...new Set(ids.map((id) => cweNumber(id)!))];
  if (numbers.length === 0) return [];
  const found = await tx
    .select({ id: cweEntries.id })
    .from(cweEntries)
    .where(inArray(cweEntries.id, numbers));
  if (found.length !== numbers.length) {
    throw new HttpError(400, UNKNOWN_CWE_MESSAGE, { cwes: [UNKNOWN_CWE_MESSAGE] });
  }
  const prohibited = await prohibitedCweMessages(tx, numbers, new Set(kept));
  if (prohibited.length) throw new HttpError(400, prohibited.join(' '), { cwes: prohibited });
  return numbers;
}

async function nextLocalId(tx: Tx, caseId: number): Promise<number> {
  const [{ top }] = await tx
    .select({ top: max(vulnerabilities.localId) })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.caseId, caseId));
  return (top ?? 0) + 1;
}

const activityFields = (v: VulRow) => ({
  label: vulLabel(v.caseId, v.localId),
  title: v.title,
  description: v.description,
  cwes: v.cwes.map(formatCweId),
  cve: v.cve,
  references: v.references,
  tags: v.tags,
  attributes: sortedValues(v.attributes),
});

export async function createVul(
  db: Db,
  caseId: number,
  actorId: number,
  input: VulFields,
  publicUrl?: string,
): Promise<VulRow> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        await touchCase(tx, caseId);
        const cwes = await catalogueCwes(tx, input.cwes);
        const attributes = applyAttributeValues(await attributeDefinitions(tx, true), null, input.attributes);
        const [row] = await tx
          .insert(vulnerabilities)
          .values({
            caseId,
            localId: await nextLocalId(tx, caseId),
            title: input.title,
            description: input.description,
            cwes,
            cve: input.cve,
            references: input.references,
            tags: input.tags,
            attributes,
            createdBy: actorId,
          })
          .returning();
        await recordActivity(tx, {
          actorId,
          caseId,
          verb: 'created',
          objectType: 'vul',
          objectId: row.id,
          after: activityFields(row),
        });
        await askNotifiedVendorsForStatus(tx, caseId, actorId, publicUrl);
        return row;
      }),
    VUL_UNIQUE,
  );
}

export async function updateVul(
  db: Db,
  vul: VulRow,
  actorId: number,
  patch: Partial<VulFields>,
): Promise<VulRow> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const set: Partial<typeof vulnerabilities.$inferInsert> = {};
        if (patch.title !== undefined) set.title = patch.title;
        if (patch.description !== undefined) set.description = patch.description;
        if (patch.cwes !== undefined) set.cwes = await catalogueCwes(tx, patch.cwes, vul.cwes);
        if (patch.cve !== undefined) set.cve = patch.cve;
        if (patch.references !== undefined) set.references = patch.references;
        if (patch.tags !== undefined) set.tags = patch.tags;
        // Attribute values merge into what the vulnerability holds now: read under its row lock (the case's
        // first, the order every vulnerability change takes), so two changes to different attributes both stay.
        let current = vul;
        if (patch.attributes !== undefined) {
          await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, vul.caseId)).for('update');
          const [locked] = await tx
            .select()
            .from(vulnerabilities)
            .where(eq(vulnerabilities.id, vul.id))
            .for('update');
          if (locked) current = { ...vul, attributes: locked.attributes };
          set.attributes = applyAttributeValues(
            await attributeDefinitions(tx, true),
            current.attributes,
            patch.attributes,
          );
        }
        const before = activityFields(current);
        // Attribute values compare in id order (jsonb keeps its own key order).
        const stored = (k: keyof typeof set) =>
          k === 'attributes' ? sortedValues(current.attributes) : current[k];
        const changed = (Object.keys(set) as (keyof typeof set)[]).filter(
          (k) => JSON.stringify(set[k]) !== JSON.stringify(stored(k)),
        );
        if (changed.length === 0) return current;
        await touchCase(tx, vul.caseId);
        const [row] = await tx
          .update(vulnerabilities)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(vulnerabilities.id, vul.id))
          .returning();
        const after = activityFields(row);
        const keys = changed.map((k) => k as keyof typeof before);
        await recordActivity(tx, {
          actorId,
          caseId: vul.caseId,
          verb: 'edited',
          objectType: 'vul',
          objectId: vul.id,
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, after[k]])),
        });
        return row;
      }),
    VUL_UNIQUE,
  );
}

/** Deletes the vulnerability with its scores, decisions and vendor status rows. */
export async function deleteVul(db: Db, vul: VulRow, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await touchCase(tx, vul.caseId);
    await tx.delete(vulnerabilities).where(eq(vulnerabilities.id, vul.id));
    await recordActivity(tx, {
      actorId,
      caseId: vul.caseId,
      verb: 'deleted',
      objectType: 'vul',
      objectId: vul.id,
      before: activityFields(vul),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// CVSS.

export async function listCvss(db: Db, access: CaseAccess, vul: VulRow): Promise<CvssScore[]> {
  const rows = await db
    .select({ score: vulCvssScores, scorer: users.name })
    .from(vulCvssScores)
    .leftJoin(users, eq(users.id, vulCvssScores.scoredBy))
    .where(and(eq(vulCvssScores.vulId, vul.id), filter('cvss.read', access)))
    .orderBy(VERSION_ORDER, asc(vulCvssScores.source));
  return rows.map((r) => cvssView(r.score, r.scorer));
}

type Scored = Extract<CvssScoreResult, { ok: true }>;

async function upsertScore(
  tx: Tx,
  vul: VulRow,
  scored: Scored,
  source: 'coordinator' | 'reporter',
  by: number | null,
) {
  const values = {
    vector: scored.vector,
    score: scored.score,
    severity: scored.severity,
    scoredBy: by,
    scoredAt: new Date(),
  };
  const [row] = await tx
    .insert(vulCvssScores)
    .values({ vulId: vul.id, caseId: vul.caseId, version: scored.version, source, ...values })
    .onConflictDoUpdate({
      target: [vulCvssScores.vulId, vulCvssScores.version, vulCvssScores.source],
      set: values,
    })
    .returning();
  return row;
}

/** Sets the coordinator's score of the vector's version (replacing theirs of that version). */
export async function setCvss(db: Db, vul: VulRow, actor: { id: number; name: string }, scored: Scored) {
  return db.transaction(async (tx) => {
    await touchCase(tx, vul.caseId);
    const [previous] = await tx
      .select()
      .from(vulCvssScores)
      .where(
        and(
          eq(vulCvssScores.vulId, vul.id),
          eq(vulCvssScores.version, scored.version),
          eq(vulCvssScores.source, 'coordinator'),
        ),
      );
    const row = await upsertScore(tx, vul, scored, 'coordinator', actor.id);
    await tx.update(vulnerabilities).set({ updatedAt: new Date() }).where(eq(vulnerabilities.id, vul.id));
    await recordActivity(tx, {
      actorId: actor.id,
      caseId: vul.caseId,
      verb: 'scored CVSS',
      objectType: 'vul',
      objectId: vul.id,
      before: previous
        ? { version: previous.version, vector: previous.vector, score: Number(previous.score) }
        : null,
      after: { version: row.version, vector: row.vector, score: Number(row.score) },
    });
    return cvssView(row, actor.name);
  });
}

/** Removes the coordinator's score of a version; false when there is none. */
export async function deleteCvss(
  db: Db,
  vul: VulRow,
  actorId: number,
  version: CvssVersion,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(vulCvssScores)
      .where(
        and(
          eq(vulCvssScores.vulId, vul.id),
          eq(vulCvssScores.version, version),
          eq(vulCvssScores.source, 'coordinator'),
        ),
      )
      .returning();
    if (!removed) return false;
    await touchCase(tx, vul.caseId);
    await tx.update(vulnerabilities).set({ updatedAt: new Date() }).where(eq(vulnerabilities.id, vul.id));
    await recordActivity(tx, {
      actorId,
      caseId: vul.caseId,
      verb: 'removed CVSS score',
      objectType: 'vul',
      objectId: vul.id,
      before: { version: removed.version, vector: removed.vector, score: Number(removed.score) },
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// SSVC.

export async function countSsvcHistory(db: Db, access: CaseAccess, vul: VulRow): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(vulSsvcDecisions)
    .where(and(eq(vulSsvcDecisions.vulId, vul.id), filter('ssvc.read', access)));
  return n;
}

/** Every decision of the vulnerability, removals included, newest first. */
export async function listSsvcHistory(
  db: Db,
  access: CaseAccess,
  vul: VulRow,
  limit: number,
  offset: number,
): Promise<SsvcDecisionView[]> {
  const rows = await db
    .select({ decision: vulSsvcDecisions, decider: users.name })
    .from(vulSsvcDecisions)
    .leftJoin(users, eq(users.id, vulSsvcDecisions.decidedBy))
    .where(and(eq(vulSsvcDecisions.vulId, vul.id), filter('ssvc.read', access)))
    .orderBy(desc(vulSsvcDecisions.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ssvcView(r.decision, r.decider, ssvcTableName(r.decision.decisionTable)));
}

/** Stores a computed decision as the vulnerability's current one (the earlier ones stay as history). */
export async function saveSsvc(
  db: Db,
  vul: VulRow,
  actor: { id: number; name: string },
  decision: SsvcDecision,
): Promise<SsvcDecisionView> {
  return db.transaction(async (tx) => {
    await touchCase(tx, vul.caseId);
    const [row] = await tx
      .insert(vulSsvcDecisions)
      .values({
        vulId: vul.id,
        caseId: vul.caseId,
        decisionTable: decision.table,
        tableVersion: decision.tableVersion,
        values: decision.values,
        outcome: decision.outcome.key,
        outcomeName: decision.outcome.name,
        vector: decision.vector,
        selectionList: decision.selectionList as unknown as Record<string, unknown>,
        decidedBy: actor.id,
      })
      .returning();
    await tx
      .update(vulnerabilities)
      .set({ ssvcDecisionId: row.id, updatedAt: new Date() })
      .where(eq(vulnerabilities.id, vul.id));
    await recordActivity(tx, {
      actorId: actor.id,
      caseId: vul.caseId,
      verb: 'decided SSVC',
      objectType: 'vul',
      objectId: vul.id,
      after: { table: decision.table, outcome: decision.outcome.key, vector: decision.vector },
    });
    return ssvcView(row, actor.name, decision.tableName);
  });
}

/** Removes the current decision: a `removed` history row, and no current one. False when there is none. */
export async function removeSsvc(db: Db, vul: VulRow, actorId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ decision: vulSsvcDecisions })
      .from(vulnerabilities)
      .innerJoin(vulSsvcDecisions, eq(vulSsvcDecisions.id, vulnerabilities.ssvcDecisionId))
      .where(eq(vulnerabilities.id, vul.id))
      .for('update', { of: vulnerabilities });
    if (!current) return false;
    const { id: _id, decidedAt: _at, decidedBy: _by, removed: _removed, ...kept } = current.decision;
    await touchCase(tx, vul.caseId);
    await tx.insert(vulSsvcDecisions).values({ ...kept, removed: true, decidedBy: actorId });
    await tx
      .update(vulnerabilities)
      .set({ ssvcDecisionId: null, updatedAt: new Date() })
      .where(eq(vulnerabilities.id, vul.id));
    await recordActivity(tx, {
      actorId,
      caseId: vul.caseId,
      verb: 'removed SSVC decision',
      objectType: 'vul',
      objectId: vul.id,
      before: { table: kept.decisionTable, outcome: kept.outcome, vector: kept.vector },
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Create from report.

export const CASE_HAS_NO_REPORT = 'This case has no report to create vulnerabilities from.';
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

/** http(s) URLs in a report's free-text references answer (the vulnerability keeps links, not prose). */
function urlsIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.match(URL_IN_TEXT) ?? []) {
    const url = match.replace(/[.,;:!?]+$/, '');
    if (url.length > 2000 || out.includes(url)) continue;
    try {
      new URL(url);
      out.push(url);
    } catch {
      // not a URL after all
    }
  }
  return out.slice(0, 50);
}

/**
 * One vulnerability per vulnerability of the case's report (its working copy) not yet created from it:
 * its description, the CWEs the catalogue knows (at most five), the references' links, and the reporter's
 * CVSS vector stored as the reporter's score when it is a valid vector. Runs under the case's row lock, so
 * two clicks create each once.
 */
export async function createVulsFromReport(
  db: Db,
  caseId: number,
  actorId: number,
  scoreVector: (vector: string) => CvssScoreResult,
  publicUrl?: string,
): Promise<{ created: VulRow[]; skipped: number }> {
  return db.transaction(async (tx) => {
    await touchCase(tx, caseId);
    const report = await loadReportOfCase(tx, caseId);
    if (!report) throw new HttpError(409, CASE_HAS_NO_REPORT);
    const answers = questionsToReport(report.current).vulnerabilities;
    const done = new Set(
      (
        await tx
          .select({ index: vulnerabilities.reportIndex })
          .from(vulnerabilities)
          .where(eq(vulnerabilities.caseId, caseId))
      ).map((r) => r.index),
    );
    const wanted = answers.flatMap((v, index) =>
      done.has(index)
        ? []
        : [{ v, index, cwes: v.cwes.map(cweNumber).filter((n): n is number => n !== null) }],
    );
    const known = new Set(
      wanted.length
        ? (
            await tx
              .select({ id: cweEntries.id })
              .from(cweEntries)
              .where(inArray(cweEntries.id, [...new Set(wanted.flatMap((w) => w.cwes))].concat(-1)))
          ).map((r) => r.id)
        : [],
    );
    let localId = await nextLocalId(tx, caseId);
    const created: VulRow[] = [];
    for (const { v, index, cwes } of wanted) {
      const description = v.description.trim() || `Vulnerability ${index + 1} of the report.`;
      const [row] = await tx
        .insert(vulnerabilities)
        .values({
          caseId,
          localId: localId++,
          description,
          cwes: [...new Set(cwes.filter((n) => known.has(n)))].slice(0, MAX_CWES_PER_VULNERABILITY),
          references: urlsIn(v.references),
          reportIndex: index,
          createdBy: actorId,
        })
        .returning();
      const scored = v.cvss.trim() ? scoreVector(v.cvss) : null;
      if (scored?.ok) await upsertScore(tx, row, scored, 'reporter', report.submittedBy);
      await recordActivity(tx, {
        actorId,
        caseId,
        verb: 'created from report',
        objectType: 'vul',
        objectId: row.id,
        after: {
          ...activityFields(row),
          report_index: index,
          reporter_cvss: scored?.ok ? scored.vector : null,
        },
      });
      created.push(row);
    }
    if (created.length) await askNotifiedVendorsForStatus(tx, caseId, actorId, publicUrl);
    return { created, skipped: answers.length - wanted.length };
  });
}
