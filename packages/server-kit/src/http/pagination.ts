// Page-numbered lists (DESIGN §4): { count, next, previous, results }, 1-based `page`, capped `page_size`.
// Every list answers through paginate(), so counting, slicing and the links are written once.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PageOf } from '@cvdp/core';
import { HttpError } from './errors.ts';

export type Page<T> = PageOf<T>;

const wholeNumber = (field: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, `${field} must be a whole number.`)
    .transform(Number);

/**
 * `page` (1-based) and `page_size` for a list. Past the cap, `page_size` is an error by default; lists
 * whose spec says "capped, not an error" (posts) pass `{ clamp: true }`.
 */
export function pageQuery(defaultSize: number, maxSize: number, options: { clamp?: boolean } = {}) {
  return z.object({
    page: wholeNumber('page').pipe(z.number().min(1, 'Page must be 1 or more.')).default(1),
    page_size: wholeNumber('page_size')
      .pipe(
        options.clamp
          ? z
              .number()
              .min(1, 'page_size must be 1 or more.')
              .transform((n) => Math.min(n, maxSize))
          : z
              .number()
              .min(1, 'page_size must be 1 or more.')
              .max(maxSize, `page_size must be at most ${maxSize}.`),
      )
      .default(defaultSize),
  });
}
/** @deprecated name kept for readers of older code: use pageQuery. */
export const pageQuerySchema = pageQuery;

export interface PageParams {
  page: number;
  page_size: number;
}

export const PAGE_PAST_END = 'Invalid page: this list has fewer pages.';

/**
 * The links of a page. They are built from CVDP_PUBLIC_URL when it is set, and are relative otherwise —
 * never from Host/X-Forwarded-* headers, which a client controls.
 */
export function pageLinks(request: FastifyRequest, page: number, pageSize: number, count: number) {
  const here = new URL(request.url, 'http://placeholder');
  const base = request.server.config?.publicUrl ?? '';
  const at = (p: number) => {
    const u = new URL(here);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    return `${base}${u.pathname}${u.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < lastPage ? at(page + 1) : null,
    previous: page > 1 ? at(Math.min(page - 1, lastPage)) : null,
  };
}

export function toPage<T>(request: FastifyRequest, q: PageParams, count: number, results: T[]): Page<T> {
  return { count, ...pageLinks(request, q.page, q.page_size, count), results };
}

/**
 * paginate()'s answer for a list that reads its page and its count together (one statement, the count on
 * each row): a page with no rows past page 1 is past the end (the same 400); page 1 with none is empty.
 */
export function pageFrom<T>(request: FastifyRequest, q: PageParams, count: number, rows: T[]): Page<T> {
  if (q.page > 1 && rows.length === 0) throw new HttpError(400, PAGE_PAST_END, { page: [PAGE_PAST_END] });
  return toPage(request, q, count, rows);
}

/**
 * Counts, checks the page exists (a page past the end is a 400 naming `page`; page 1 of an empty list is
 * an empty page), then fetches that slice.
 */
export async function paginate<T>(
  request: FastifyRequest,
  q: PageParams,
  count: () => Promise<number>,
  fetch: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const offset = (q.page - 1) * q.page_size;
  if (q.page > 1 && offset >= total) throw new HttpError(400, PAGE_PAST_END, { page: [PAGE_PAST_END] });
  const rows = total === 0 ? [] : await fetch(q.page_size, offset);
  return toPage(request, q, total, rows);
}

/** Where a count that grows with the matches stops (a word search's): past it the list says "1,000+". */
export const COUNT_CAP = 1000;

export type CappedPage<T> = Page<T> & { count_capped: boolean };

/**
 * paginate() for lists whose exact count is linear in the matches (word searches over the whole data):
 * the count stops at `bound` = max(COUNT_CAP, the end of the asked page). `countUpTo(bound)` counts at
 * most bound + 1 rows (e.g. `count(*)` over a `limit bound + 1` subquery); more than bound answers
 * count = bound with count_capped = true, and `next` (there is more). `fetch` gets the bound too, for
 * lists that rank a bounded candidate set (search).
 */
export async function paginateCapped<T>(
  request: FastifyRequest,
  q: PageParams,
  countUpTo: (bound: number) => Promise<number>,
  fetch: (limit: number, offset: number, bound: number) => Promise<T[]>,
): Promise<CappedPage<T>> {
  const offset = (q.page - 1) * q.page_size;
  const bound = countBound(q);
  const n = await countUpTo(bound);
  checkPageExists(q, Math.min(n, bound));
  const rows = n === 0 ? [] : await fetch(q.page_size, offset, bound);
  return cappedPageFrom(request, q, n, rows);
}

/** Where paginateCapped's count stops for this page: COUNT_CAP, or the end of the asked page past it. */
export const countBound = (q: PageParams) => Math.max(COUNT_CAP, q.page * q.page_size);

function checkPageExists(q: PageParams, total: number) {
  if (q.page > 1 && (q.page - 1) * q.page_size >= total)
    throw new HttpError(400, PAGE_PAST_END, { page: [PAGE_PAST_END] });
}

/**
 * paginateCapped's answer for a list that reads its page and its count together (one statement): `n` is the
 * count up to countBound(q) + 1, `rows` the page. A page past the end is the same 400.
 */
export function cappedPageFrom<T>(
  request: FastifyRequest,
  q: PageParams,
  n: number,
  rows: T[],
): CappedPage<T> {
  const bound = countBound(q);
  const capped = n > bound;
  const total = capped ? bound : n;
  checkPageExists(q, total);
  // Capped: the links see one more match than the count, so `next` leads past the cap.
  return { count: total, count_capped: capped, ...pageLinks(request, q.page, q.page_size, n), results: rows };
}
