// GET /api/cwe/ (coordination service): search MITRE's CWE catalogue for the CWE picker and typeahead.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageLinks, pageQuery, routes } from '@cvdp/server-kit';
import { CWE_DEFAULT_PAGE_SIZE, CWE_MAX_PAGE_SIZE, cweSearchPageSchema } from '@cvdp/core';
import { cweSnapshot } from './catalogue-snapshot.ts';

const MAX_SEARCH_LENGTH = 200;
const searchText = z
  .string()
  .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters.`);

// Unknown parameters are ignored (the spec allows a free-form query string); `query` is accepted as an
// alias of `search`, as on other lists. `deprecated=false` leaves MITRE's retired entries (Deprecated,
// Obsolete) out, as the picker does until its 'Show deprecated' is ticked; without it every entry is listed.
const cweQuery = pageQuery(CWE_DEFAULT_PAGE_SIZE, CWE_MAX_PAGE_SIZE).extend({
  search: searchText.optional(),
  query: searchText.optional(),
  deprecated: z
    .enum(['true', 'false', '1', '0'], 'deprecated is true or false.')
    .optional()
    .describe("'false' leaves Deprecated and Obsolete entries out (default: all entries)."),
});

export async function cweRoutes(app: FastifyInstance) {
  const r = routes(app);
  r.get(
    '/api/cwe/',
    {
      summary: "Search MITRE's CWE catalogue",
      tags: ['cwe'],
      access: 'user',
      query: cweQuery,
      // Documents the page: it is sent as JSON text already written (below), so no serializer runs on it.
      response: { 200: cweSearchPageSchema },
    },
    async (request, reply) => {
      const q = request.query;
      const snapshot = await cweSnapshot(app.db);
      const retired = q.deprecated !== 'false' && q.deprecated !== '0';
      const { count, resultsJson } = snapshot.page(q.search ?? q.query ?? '', q.page, q.page_size, {
        retired,
      });
      const { next, previous } = pageLinks(request, q.page, q.page_size, count);
      // The CweSearchPage shape, with the results array serialised once per page (see CweSnapshot.page).
      const body = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${resultsJson}}`;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
