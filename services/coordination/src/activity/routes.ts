// Activity calls (SPEC §7): GET /api/case/{id}/activity/ (one case) and GET /api/case/activity/ (every case
// the caller may see), newest first, paged, `q` narrowing by words. Which rows a caller sees, and whether
// they see before/after values, is the policy's (`activity.read`, `activity.read_details`).
import type { FastifyInstance } from 'fastify';
import {
  type ActivityEntry,
  activityEntrySchema,
  activityNamedPhrase,
  activityQuery,
  activitySentence,
} from '@cvdp/core';
import { type Db, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { type Caller, type CaseAccess, callerOf } from '../policy/index.ts';
import { fallbackLink, type NamedObject, nameObjects } from './names.ts';
import {
  type ActivityRow,
  activityWords,
  countAllActivity,
  countCaseActivity,
  listAllActivity,
  listCaseActivity,
} from './store.ts';

const activityListQuery = pageQuery(50, 200).extend(activityQuery.shape);
const activityPage = { 200: pageOf(activityEntrySchema) };

export function activityView(row: ActivityRow, named?: NamedObject): ActivityEntry {
  const phrase = named && activityNamedPhrase(row.verb, row.objectType, named);
  const entry: ActivityEntry = {
    id: row.id,
    case: row.caseId,
    case_title: row.caseTitle,
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
    verb: row.verb,
    object_type: row.objectType,
    object_id: row.objectId,
    text: phrase
      ? `${row.actorName?.trim() || 'Someone'} ${phrase}`
      : activitySentence(row.actorName, row.verb, row.objectType),
    object_name: phrase ? named.name : null,
    link: named?.link ?? fallbackLink(row),
    created: row.at.toISOString(),
  };
  if (row.details) Object.assign(entry, { before: row.before ?? null, after: row.after ?? null });
  return entry;
}

/** A page of rows as entries, their objects named for the reader (names.ts). */
async function entries(db: Db, subject: CaseAccess | Caller, rows: ActivityRow[]) {
  const named = await nameObjects(db, subject, rows);
  return rows.map((row) => activityView(row, named.get(row.id)));
}

export async function activityRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/activity/',
    {
      summary:
        "The case's activity the caller may see, newest first, each entry naming and linking its object; kind= narrows",
      tags: ['activity'],
      query: activityListQuery,
      response: activityPage,
    },
    (request, _reply, access) => {
      const f = { words: activityWords(request.query.q), kind: request.query.kind };
      return paginate(
        request,
        request.query,
        () => countCaseActivity(db, access, f),
        async (limit, offset) => entries(db, access, await listCaseActivity(db, access, f, limit, offset)),
      );
    },
  );

  r.get(
    '/api/case/activity/',
    {
      summary: 'Activity across every case the caller may see, newest first',
      tags: ['activity'],
      access: 'user',
      query: activityListQuery,
      response: activityPage,
    },
    (request) => {
      const caller = callerOf(request.user!);
      const f = { words: activityWords(request.query.q), kind: request.query.kind };
      return paginate(
        request,
        request.query,
        () => countAllActivity(db, caller, f),
        async (limit, offset) => entries(db, caller, await listAllActivity(db, caller, f, limit, offset)),
      );
    },
  );
}
