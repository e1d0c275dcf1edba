// GET /api/cve/published/ (staff; what base 2's service token calls): the vulnerabilities with a CVE id whose
// case's advisory is published — the same condition POST /api/vul/{id}/cve/publish/ requires — each with its
// CVE JSON 5.1 record from the same builder as GET /api/vul/{id}/cve/ (record-routes.ts), plus the dates CVE
// Services would write (datePublished: the advisory's first publication; dateUpdated: the vulnerability's
// last change). Keyset-paged by vulnerability id (`after`), so the scoring service walks the whole list in
// pages however it grows. Read only: base 2 keeps its copy in its own tables (scoring's ingest/coordination-sync.ts).
// Records are not checked against the 5.1 schema here (a vulnerability without vendor statuses has no
// `affected` yet, which the schema requires): base 2 checks what it reads, as for any ingested record, and
// the schema check stays where it matters, before sending to CVE Services.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, asc, gt, isNotNull, sql } from 'drizzle-orm';
import { INT4_MAX } from '@cvdp/core';
import { type AuthUser, type Db, foreignJson, HttpError, routes, STAFF } from '@cvdp/server-kit';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { can } from '../policy/index.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { advisoryRevisions } from '../advisories/tables.ts';
import { recordOf } from './record-routes.ts';

export const PUBLISHED_PAGE_MAX = 100;

const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, `${name} must be a whole number.`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be ${min} or more.`).max(max, `${name} must be at most ${max}.`));

export const publishedQuery = z.object({
  /** Vulnerabilities with a larger id than this (the previous page's `next`). */
  after: whole('after', 0, INT4_MAX).default(0),
  page_size: whole('page_size', 1, PUBLISHED_PAGE_MAX).default(50),
});

/** One published vulnerability as base 2 ingests it. */
const publishedCveRecordSchema = z.object({
  vul: z.number().int(),
  case: z.number().int(),
  cve_id: z.string(),
  record: foreignJson('The CVE JSON 5.1 record, with datePublished and dateUpdated.'),
});
export type PublishedCveRecord = z.infer<typeof publishedCveRecordSchema>;

/** A page of them: `next` is the `after` of the next page, null on the last. */
const publishedPageSchema = z.object({
  results: z.array(publishedCveRecordSchema),
  next: z.number().int().nullable(),
});
export type PublishedCvePage = z.infer<typeof publishedPageSchema>;

const firstPublished = sql<
  string | null
>`(select min(coalesce(${advisoryRevisions.datePublished}, ${advisoryRevisions.updatedAt}::date)::text)
  from ${advisoryRevisions} where ${advisoryRevisions.caseId} = ${vulnerabilities.caseId} and ${advisoryRevisions.published})`;

/**
 * One page of the published vulnerabilities `user` may read, after vulnerability id `after`: the route's
 * answer, also read in process by the demo seed (`npm run seed:demo`) to fill the scoring queue at once.
 */
export async function publishedCvePage(
  db: Db,
  user: AuthUser,
  query: { after: number; page_size: number },
  publicUrl: string | undefined,
): Promise<PublishedCvePage> {
  const { after, page_size } = query;
  const rows = await db
    .select({ vul: vulnerabilities, published: firstPublished })
    .from(vulnerabilities)
    .where(
      and(
        gt(vulnerabilities.id, after),
        isNotNull(vulnerabilities.cve),
        sql`exists (select 1 from ${advisoryRevisions} where ${advisoryRevisions.caseId} = ${vulnerabilities.caseId} and ${advisoryRevisions.published})`,
      ),
    )
    .orderBy(asc(vulnerabilities.id))
    .limit(page_size + 1);
  const more = rows.length > page_size;
  const page = rows.slice(0, page_size);
  const results: PublishedCveRecord[] = [];
  for (const { vul, published } of page) {
    let access;
    try {
      access = await caseAccessOr404(db, user, vul.caseId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) continue;
      throw error;
    }
    if (!can('vul.read', access, vul)) continue;
    const { record } = await recordOf(db, vul, access, publicUrl);
    const meta = record.cveMetadata as Record<string, unknown>;
    if (published) meta.datePublished = `${published}T00:00:00.000Z`;
    meta.dateUpdated = vul.updatedAt.toISOString();
    results.push({ vul: vul.id, case: vul.caseId, cve_id: vul.cve!.toUpperCase(), record });
  }
  return { results, next: more ? page[page.length - 1].vul.id : null };
}

export async function publishedCveRoutes(app: FastifyInstance) {
  const { db, config } = app;
  routes(app).get(
    '/api/cve/published/',
    {
      summary:
        'Published vulnerabilities with a CVE id and their CVE JSON 5.1 records, by vulnerability id (`after`, `page_size` ≤ 100); for the scoring service',
      tags: ['cve'],
      access: STAFF,
      query: publishedQuery,
      response: { 200: publishedPageSchema },
    },
    async (request) => publishedCvePage(db, request.user!, request.query, config.publicUrl),
  );
}
