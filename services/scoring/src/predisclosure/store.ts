// Embargoed vulnerabilities: a coordination case's vulnerability while no revision of the case's advisory is
// published. Base 1's tables are read directly (never written); scorers' notes, assignment and scores live in
// predisclosure_scores. Nothing here reaches the public queue (cve_records).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, HttpError, notFound, recordActivity, users } from '@cvdp/server-kit';
import { advisoryRevisions, cases, vulnerabilities } from '@cvdp/coordination';
import { decideSsvc } from '@cvdp/core/ssvc/decide';
import { scoreCvssVector } from '@cvdp/core/cvss/score-any';
import type { PredisclosureVul } from '@cvdp/core/scoring/work';
import { likeLiteral } from '../cpe/match.ts';
import { predisclosureScores } from './tables.ts';

const assignee = alias(users, 'predisclosure_assignee');

const embargoed = sql`not exists (select 1 from ${advisoryRevisions} ar where ar.case_id = ${vulnerabilities.caseId} and ar.published)`;

function conditions(query: string | undefined): SQL | undefined {
  if (!query) return embargoed;
  const like = `%${likeLiteral(query.toLowerCase())}%`;
  return and(
    embargoed,
    sql`(lower(${vulnerabilities.title}) like ${like} escape '!' or lower(${vulnerabilities.description}) like ${like} escape '!'
         or lower(coalesce(${vulnerabilities.cve}, '')) like ${like} escape '!' or lower(${cases.title}) like ${like} escape '!')`,
  );
}

const ORDER: Record<string, SQL[]> = {
  id: [sql`${vulnerabilities.id} asc`],
  '-id': [sql`${vulnerabilities.id} desc`],
  updated: [
    sql`greatest(${vulnerabilities.updatedAt}, ${predisclosureScores.updatedAt}) asc`,
    sql`${vulnerabilities.id} asc`,
  ],
  '-updated': [
    sql`greatest(${vulnerabilities.updatedAt}, ${predisclosureScores.updatedAt}) desc`,
    sql`${vulnerabilities.id} desc`,
  ],
  case: [sql`${cases.id} asc`, sql`${vulnerabilities.localId} asc`],
  '-case': [sql`${cases.id} desc`, sql`${vulnerabilities.localId} asc`],
};

const columns = {
  v: vulnerabilities,
  caseTitle: cases.title,
  s: predisclosureScores,
  assigneeName: assignee.name,
};

type Row = {
  v: typeof vulnerabilities.$inferSelect;
  caseTitle: string;
  s: typeof predisclosureScores.$inferSelect | null;
  assigneeName: string | null;
};

function toView({ v, caseTitle, s, assigneeName }: Row): PredisclosureVul {
  const updated = s && s.updatedAt > v.updatedAt ? s.updatedAt : v.updatedAt;
  return {
    id: v.id,
    case: { id: v.caseId, title: caseTitle },
    local_id: v.localId,
    title: v.title,
    description: v.description,
    cve: v.cve,
    cwes: v.cwes,
    notes: s?.notes ?? '',
    assigned: s?.assignedTo ? { id: s.assignedTo, name: assigneeName ?? '' } : null,
    score: {
      ssvc:
        s?.ssvcTable && s.ssvcOutcome
          ? {
              table: s.ssvcTable,
              table_version: s.ssvcTableVersion ?? '',
              values: s.ssvcValues ?? {},
              outcome: s.ssvcOutcome,
              outcome_name: s.ssvcOutcomeName ?? s.ssvcOutcome,
            }
          : null,
      cvss4:
        s?.cvss4Vector && s.cvss4Score !== null
          ? { vector: s.cvss4Vector, score: s.cvss4Score, severity: s.cvss4Severity ?? '' }
          : null,
      cvss3:
        s?.cvss3Vector && s.cvss3Score !== null
          ? { vector: s.cvss3Vector, score: s.cvss3Score, severity: s.cvss3Severity ?? '' }
          : null,
    },
    updated_at: updated.toISOString(),
  };
}

const base = (db: Db) =>
  db
    .select(columns)
    .from(vulnerabilities)
    .innerJoin(cases, eq(cases.id, vulnerabilities.caseId))
    .leftJoin(predisclosureScores, eq(predisclosureScores.vulId, vulnerabilities.id))
    .leftJoin(assignee, eq(assignee.id, predisclosureScores.assignedTo));

export async function countPredisclosure(db: Db, query: string | undefined) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vulnerabilities)
    .innerJoin(cases, eq(cases.id, vulnerabilities.caseId))
    .where(conditions(query));
  return r.n;
}

export async function listPredisclosure(
  db: Db,
  query: string | undefined,
  ordering: string,
  limit: number,
  offset: number,
) {
  const rows = await base(db)
    .where(conditions(query))
    .orderBy(...(ORDER[ordering] ?? ORDER['-updated']))
    .limit(limit)
    .offset(offset);
  return rows.map(toView);
}

/** One embargoed vulnerability, or 404 (missing, or its advisory is published). */
export async function readPredisclosure(db: Db, id: number) {
  const [row] = await base(db).where(and(eq(vulnerabilities.id, id), embargoed));
  if (!row) throw notFound();
  return toView(row);
}

export const NOT_A_SCORER = 'Not a scorer.';

export async function patchPredisclosure(
  db: Db,
  id: number,
  actorId: number,
  body: { notes?: string; assign?: number | null },
) {
  const before = await readPredisclosure(db, id);
  if (body.assign !== undefined && body.assign !== null) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, body.assign),
          sql`'scorer' = any(${users.roles})`,
          eq(users.isActive, true),
          eq(users.pending, false),
        ),
      );
    if (!u) throw new HttpError(400, NOT_A_SCORER, { assign: [NOT_A_SCORER] });
  }
  const set: Partial<typeof predisclosureScores.$inferInsert> = {};
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.assign !== undefined) set.assignedTo = body.assign;
  await db.transaction(async (tx) => {
    await tx
      .insert(predisclosureScores)
      .values({ vulId: id, ...set, updatedBy: actorId })
      .onConflictDoUpdate({
        target: predisclosureScores.vulId,
        set: { ...set, updatedBy: actorId, updatedAt: sql`now()` },
      });
    await recordActivity(tx, {
      actorId,
      verb: 'changed predisclosure vulnerability',
      objectType: 'predisclosure_vul',
      objectId: id,
      before: { notes: before.notes, assigned: before.assigned?.id ?? null },
      after: {
        notes: body.notes ?? before.notes,
        assigned: body.assign === undefined ? (before.assigned?.id ?? null) : body.assign,
      },
    });
  });
  return readPredisclosure(db, id);
}

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

function scoreVector(field: 'cvss4' | 'cvss3', vector: string) {
  const result = scoreCvssVector(vector);
  if (!result.ok) throw badField(field, result.message);
  if (field === 'cvss4' && result.version !== '4.0')
    throw badField(field, 'A CVSS 4.0 vector starts with CVSS:4.0/.');
  if (field === 'cvss3' && result.version === '4.0')
    throw badField(field, 'A CVSS 3.x vector starts with CVSS:3.1/ or CVSS:3.0/.');
  return { vector: result.vector, score: result.score, severity: result.severity.toUpperCase() };
}

export async function scorePredisclosure(
  db: Db,
  id: number,
  actorId: number,
  body: {
    ssvc?: { table: string; values: Record<string, string> } | null;
    cvss4?: string | null;
    cvss3?: string | null;
  },
) {
  const before = await readPredisclosure(db, id);
  const set: Partial<typeof predisclosureScores.$inferInsert> = {};
  if (body.ssvc === null)
    Object.assign(set, {
      ssvcTable: null,
      ssvcTableVersion: null,
      ssvcValues: null,
      ssvcOutcome: null,
      ssvcOutcomeName: null,
    });
  else if (body.ssvc) {
    const result = decideSsvc(body.ssvc.table, body.ssvc.values);
    if (!result.ok)
      throw badField(result.field === 'table' ? 'ssvc.table' : `ssvc.values.${result.field}`, result.message);
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
  await db.transaction(async (tx) => {
    await tx
      .insert(predisclosureScores)
      .values({ vulId: id, ...set, updatedBy: actorId })
      .onConflictDoUpdate({
        target: predisclosureScores.vulId,
        set: { ...set, updatedBy: actorId, updatedAt: sql`now()` },
      });
    await recordActivity(tx, {
      actorId,
      verb: 'scored predisclosure vulnerability',
      objectType: 'predisclosure_vul',
      objectId: id,
      before: before.score,
      after: null,
    });
  });
  return readPredisclosure(db, id);
}
