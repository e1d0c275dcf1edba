// The queue (SPEC §7 base 2): GET/OPTIONS /api/vuls/, GET/PATCH /api/vuls/{id}/, GET /api/vuls/{id}/changes/,
// GET /api/{id}/activity/. Scorers and admins only (403 for every
// other signed-in user). {id} is the CVE id (CVE-2024-4947, any case) or our numeric id.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type AuthUser,
  type Role,
  cappedPageOf,
  defineRoute,
  hasRole,
  pageOf,
  pageQuery,
  paginate,
  paginateCapped,
  routes,
} from '@cvdp/server-kit';
import {
  CVE_ID_REGEX,
  VUL_DEFAULT_ORDERING,
  VUL_FILTERS,
  VUL_ORDERING_FIELDS,
  vulActivityEntrySchema,
  vulChangeSchema,
  vulDetailSchema,
  vulListQuerySchema,
  vulPatchSchema,
  vulSummarySchema,
} from '@cvdp/core/scoring/index';
import { INT4_MAX } from '@cvdp/core';
import {
  type Caller,
  countActivity,
  countChanges,
  findVulId,
  listActivity,
  listChanges,
  patchVul,
  readVul,
} from './store.ts';
import { vulListOptionsSchema } from './responses.ts';
import { queueReader } from './queue-page.ts';

/** Who may use base 2. */
export const SCORING_ROLES: readonly Role[] = ['scorer', 'admin'];

/** `{id}`: a CVE id or a decimal id within int4; anything else is a 404 like a missing row. */
export const vulParams = z.object({
  id: z
    .string()
    .refine(
      (v) => CVE_ID_REGEX.test(v) || (/^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= INT4_MAX),
      'Not a valid id.',
    ),
});

export const callerOf = (user: AuthUser): Caller => ({
  id: user.id,
  name: user.name,
  isAdmin: hasRole(user, 'admin'),
});

const tags = ['vuls'];

export async function queueRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const lockSeconds = () => app.config.scoringLockSeconds;

  r.get(
    '/api/vuls/',
    {
      summary:
        'The queue: paged, `query`, filters, ordering=field or -field; the count stops at 1,000 (count_capped)',
      tags,
      access: SCORING_ROLES,
      query: vulListQuerySchema,
      // Sent as JSON text built by the database (below), so the serializer does not run: the schema
      // documents the page, and queue.test.ts checks real pages against it.
      response: { 200: cappedPageOf(vulSummarySchema) },
    },
    async (request, reply) => {
      const q = request.query;
      // paginateCapped()'s page: an exact count of 300,000 records reads them all for every page, so it
      // stops at 1,000 ("1,000+", count_capped; issue 30). The rows come as JSON text from the database
      // (the objects' parsing, mapping and serialising were most of this route's time, issue 13), read by
      // prepared statements where the list's shape fixes the plan (queue-page.ts).
      const reader = queueReader(db, q, request.user!.id, lockSeconds());
      let results = '[]';
      const page = await paginateCapped(
        request,
        q,
        (bound) => reader.count(bound),
        async (limit, offset) => {
          results = await reader.page(limit, offset);
          return [];
        },
      );
      const head = JSON.stringify(page).slice(0, -'[]}'.length);
      return reply.type('application/json; charset=utf-8').send(`${head}${results}}`);
    },
  );

  defineRoute(
    app,
    'OPTIONS',
    '/api/vuls/',
    {
      summary: 'The queue’s filters and orderings with their choices',
      tags,
      access: SCORING_ROLES,
      response: { 200: vulListOptionsSchema },
    },
    async () => ({
      name: 'Vulnerabilities',
      filters: Object.entries(VUL_FILTERS).map(([name, f]) => ({ name, ...f })),
      ordering: { fields: VUL_ORDERING_FIELDS, default: VUL_DEFAULT_ORDERING, descending_prefix: '-' },
      paging: { page: 1, page_size: 50, max_page_size: 200 },
    }),
  );

  r.get(
    '/api/vuls/:id/',
    {
      summary: 'A vulnerability: the record, our enrichment with provenance, lock and assignment',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      response: { 200: vulDetailSchema },
    },
    async (request) => readVul(db, await findVulId(db, request.params.id), lockSeconds()),
  );

  r.patch(
    '/api/vuls/:id/',
    {
      summary: "assign (a scorer's id), reassess='1' with reason, lock='1', unlock='1'",
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      body: vulPatchSchema,
      response: { 200: vulDetailSchema },
    },
    async (request) => {
      const id = await findVulId(db, request.params.id);
      await patchVul(db, id, request.body, callerOf(request.user!), lockSeconds());
      return readVul(db, id, lockSeconds());
    },
  );

  const paged = pageQuery(50, 200);

  r.get(
    '/api/vuls/:id/changes/',
    {
      summary: 'Every change of the record and of our enrichment, newest first, with before/after',
      tags,
      access: SCORING_ROLES,
      params: vulParams,
      query: paged,
      response: { 200: pageOf(vulChangeSchema) },
    },
    async (request) => {
      const id = await findVulId(db, request.params.id);
      return paginate(
        request,
        request.query,
        () => countChanges(db, id),
        (limit, offset) => listChanges(db, id, limit, offset),
      );
    },
  );

  const activity = (summary: string, url: string) =>
    r.get(
      url,
      {
        summary,
        tags,
        access: SCORING_ROLES,
        params: vulParams,
        query: paged,
        response: { 200: pageOf(vulActivityEntrySchema) },
      },
      async (request) => {
        const id = await findVulId(db, request.params.id);
        return paginate(
          request,
          request.query,
          () => countActivity(db, id),
          (limit, offset) => listActivity(db, id, limit, offset),
        );
      },
    );
  activity('What people did to the vulnerability, newest first', '/api/:id/activity/');
  // GET /api/vuls/{id}/analysis/activity/ belongs to the analysis domain (analysis/routes.ts).
}
