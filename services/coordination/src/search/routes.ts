// GET /api/search/?query=… — full-text search over what the caller may see, ranked, with safe snippets.
import type { FastifyInstance } from 'fastify';
import { searchHitSchema, searchQuery } from '@cvdp/core';
import { cappedPageFrom, cappedPageOf, countBound, pageQuery, routes } from '@cvdp/server-kit';
import { callerOf } from '../policy/index.ts';
import { searchPage } from './store.ts';
import { denseScanEnd } from '../cases/common-words.ts';

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
    async (request) => {
      const caller = callerOf(request.user!);
      const words = request.query.query;
      const q = request.query;
      const bound = countBound(q);
      const offset = (q.page - 1) * q.page_size;
      // Common words: count and rank the first matches from the table's first pages when they hold more than
      // the cap (cases/common-words.ts); else from the index. Staff only, as for the cases list (cases/store.ts
      // countCasesUpTo says why).
      const before = caller.staff ? await denseScanEnd(db, words) : null;
      const window = { limit: q.page_size, offset, bound };
      let page = before ? await searchPage(db, request.user!, words, window, before) : null;
      if (!page || page.n <= bound) page = await searchPage(db, request.user!, words, window);
      return cappedPageFrom(request, q, page.n, page.hits);
    },
  );
}
