// GET /api/search/?query=… — full-text search over what the caller may see, ranked, with safe snippets.
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { type SearchHit, searchHitSchema, searchQuery } from '@cvdp/core';
import { cappedPageOf, pageQuery, paginateCapped, routes } from '@cvdp/server-kit';
import { callerOf } from '../policy/index.ts';
import { countHitsUpTo, searchHits } from './store.ts';
import { denseScanBound } from '../cases/common-words.ts';

export const SEARCH_MAX_PAGE_SIZE = 50;

export async function searchRoutes(app: FastifyInstance) {
  const { db } = app;
  routes(app).get(
    '/api/search/',
    {
      summary:
        'Full-text search over the cases, reports (later posts, vulnerabilities) the caller may see; ranked among the first 1,000 matches, counted up to 1,000 (count_capped)',
      tags: ['search'],
      access: 'user',
      query: pageQuery(20, SEARCH_MAX_PAGE_SIZE).extend(searchQuery.shape),
      response: { 200: cappedPageOf(searchHitSchema) },
    },
    (request) => {
      const caller = callerOf(request.user!);
      const words = request.query.query;
      // Common words: count (and then rank) the first matches from the table's first pages when they hold
      // more than the cap (cases/common-words.ts); else from the index.
      let range: SQL | null = null;
      const countUpTo = async (bound: number) => {
        // Staff only, as for the cases list (cases/store.ts countCasesUpTo says why).
        const near = caller.staff ? await denseScanBound(db, words) : null;
        if (near && (await countHitsUpTo(db, caller, words, bound, near)) > bound) {
          range = near;
          return bound + 1;
        }
        return countHitsUpTo(db, caller, words, bound);
      };
      return paginateCapped(request, request.query, countUpTo, (limit, offset, bound): Promise<SearchHit[]> =>
        searchHits(db, caller, words, limit, offset, bound, range),
      );
    },
  );
}
