// Activity calls (SPEC §7): GET /api/case/{id}/activity/ (one case) and GET /api/case/activity/ (every case
// the caller may see), newest first, paged, `q` narrowing by words. Which rows a caller sees, and whether
// they see before/after values, is the policy's (`activity.read`, `activity.read_details`).
import type { FastifyInstance } from 'fastify';
import { type ActivityEntry, activityEntrySchema, activityQuery, activitySentence } from '@cvdp/core';
import { pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { callerOf } from '../policy/index.ts';
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

export function activityView(row: ActivityRow): ActivityEntry {
  const entry: ActivityEntry = {
    id: row.id,
    case: row.caseId,
    case_title: row.caseTitle,
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null,
    verb: row.verb,
    object_type: row.objectType,
    object_id: row.objectId,
    text: activitySentence(row.actorName, row.verb, row.objectType),
    created: row.at.toISOString(),
  };
  if (row.details) Object.assign(entry, { before: row.before ?? null, after: row.after ?? null });
  return entry;
}

export async function activityRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/activity/',
    {
      summary: "The case's activity the caller may see, newest first",
      tags: ['activity'],
      query: activityListQuery,
      response: activityPage,
    },
    (request, _reply, access) => {
      const words = activityWords(request.query.q);
      return paginate(
        request,
        request.query,
        () => countCaseActivity(db, access, words),
        async (limit, offset) => (await listCaseActivity(db, access, words, limit, offset)).map(activityView),
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
      const words = activityWords(request.query.q);
      return paginate(
        request,
        request.query,
        () => countAllActivity(db, caller, words),
        async (limit, offset) => (await listAllActivity(db, caller, words, limit, offset)).map(activityView),
      );
    },
  );
}
