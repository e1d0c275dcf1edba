// CPE calls (SPEC §7 base 2): GET /api/cpe/?query (names seen in records and added by scorers), GET/POST
// /api/cpes/ (the names scorers added; POST adds one, an invalid name is a 400 naming the attribute) and GET
// /api/cpe/vuls/?page_size=100&cpe=<encoded> (the vulnerabilities whose CPEs match, 100 a page).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pageOf, paginate, routes } from '@cvdp/server-kit';
import { cpeCreateSchema, cpeEntrySchema, cpeQuerySchema, cpeVulsQuerySchema } from '@cvdp/core/scoring/work';
import { vulSummarySchema } from '@cvdp/core/scoring/index';
import { parseCpe23 } from '@cvdp/core/cpe/index';
import { HttpError } from '@cvdp/server-kit';
import { cveRecords } from '../records/tables.ts';
import { listVuls } from '../records/store.ts';
import { SCORING_ROLES } from '../records/routes.ts';
import {
  addCpe,
  countCpeNames,
  countScorerCpes,
  listCpeNames,
  listScorerCpes,
  recordsMatchingCpe,
} from './store.ts';

const tags = ['cpe'];

export async function cpeRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;

  r.get(
    '/api/cpe/',
    {
      summary: 'CPE 2.3 names seen in records and added by scorers (query: part of the name)',
      tags,
      access: SCORING_ROLES,
      query: cpeQuerySchema,
      response: { 200: pageOf(cpeEntrySchema) },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        () => countCpeNames(db, request.query.query),
        (limit, offset) => listCpeNames(db, request.query.query, limit, offset),
      ),
  );

  r.get(
    '/api/cpes/',
    {
      summary: 'The CPE names scorers added (query: part of the name or title)',
      tags,
      access: SCORING_ROLES,
      query: cpeQuerySchema,
      response: { 200: pageOf(cpeEntrySchema) },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        () => countScorerCpes(db, request.query.query),
        (limit, offset) => listScorerCpes(db, request.query.query, limit, offset),
      ),
  );

  r.post(
    '/api/cpes/',
    {
      summary: 'Add a CPE 2.3 name (checked attribute by attribute)',
      tags,
      access: SCORING_ROLES,
      body: cpeCreateSchema,
      response: { 201: cpeEntrySchema },
    },
    async (request, reply) =>
      reply.status(201).send(await addCpe(db, request.user!.id, request.body.cpe, request.body.title)),
  );

  r.get(
    '/api/cpe/vuls/',
    {
      summary:
        'Vulnerabilities whose CPEs match the CPE 2.3 name or pattern (NISTIR 7696 wildcards), 100 a page',
      tags,
      access: SCORING_ROLES,
      query: cpeVulsQuerySchema,
      response: { 200: pageOf(vulSummarySchema) },
    },
    async (request) => {
      const { cpe } = request.query;
      const parsed = parseCpe23(cpe);
      if (!parsed.cpe) throw new HttpError(400, parsed.error, { cpe: [parsed.error] });
      const ids = await recordsMatchingCpe(db, cpe);
      const where = sql`${cveRecords.id} = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`;
      return paginate(
        request,
        request.query,
        async () => ids.length,
        (limit, offset) => listVuls(db, where, '-id', app.config.scoringLockSeconds, limit, offset),
      );
    },
  );
}
