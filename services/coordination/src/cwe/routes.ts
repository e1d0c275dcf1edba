// GET /api/cwe/ (coordination service): search MITRE's CWE catalogue for the CWE picker and typeahead.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageQuerySchema, parseQuery, toPage } from '@cvdp/server-kit';
import { CWE_DEFAULT_PAGE_SIZE, CWE_MAX_PAGE_SIZE, type CweSearchPage } from '@cvdp/core';
import { cweSnapshot } from './catalogue-snapshot.ts';

const MAX_SEARCH_LENGTH = 200;
const searchText = z
  .string()
  .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters.`);

// Unknown parameters are ignored (the spec allows a free-form query string); `query` is accepted as an
// alias of `search`, as on other lists.
const cweQuery = pageQuerySchema(CWE_DEFAULT_PAGE_SIZE, CWE_MAX_PAGE_SIZE).extend({
  search: searchText.optional(),
  query: searchText.optional(),
});

// async: Fastify's plugin contract (the app registers it with `await app.register(cweRoutes)`).
// eslint-disable-next-line @typescript-eslint/require-await
export async function cweRoutes(app: FastifyInstance) {
  app.get('/api/cwe/', { preHandler: app.requireUser }, async (request): Promise<CweSearchPage> => {
    const q = parseQuery(cweQuery, request.query);
    const snapshot = await cweSnapshot(app.db);
    const ranked = snapshot.search(q.search ?? q.query ?? '');
    const start = (q.page - 1) * q.page_size;
    const results = ranked.slice(start, start + q.page_size).map((entry) => entry.result);
    return toPage(request, q.page, q.page_size, ranked.length, results);
  });
}
