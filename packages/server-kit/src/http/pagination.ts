// Page-numbered lists: { count, next, previous, results } with absolute next/previous URLs.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** page (1-based) and page_size, capped per list. */
export function pageQuerySchema(defaultSize: number, maxSize: number) {
  return z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more.').default(1),
    page_size: z.coerce
      .number()
      .int()
      .min(1, 'page_size must be 1 or more.')
      .max(maxSize, `page_size must be at most ${maxSize}.`)
      .default(defaultSize),
  });
}

export function requestOrigin(req: FastifyRequest): string {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host ?? `${req.hostname}`;
  const proto = (req.headers['x-forwarded-proto'] as string | undefined) ?? req.protocol;
  return `${proto}://${String(host)}`;
}

export function pageUrls(req: FastifyRequest, page: number, pageSize: number, count: number) {
  const url = new URL(req.url, requestOrigin(req));
  const at = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    return u.toString();
  };
  return {
    next: page * pageSize < count ? at(page + 1) : null,
    previous: page > 1 ? at(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}

export function toPage<T>(
  req: FastifyRequest,
  page: number,
  pageSize: number,
  count: number,
  results: T[],
): Page<T> {
  return { count, ...pageUrls(req, page, pageSize, count), results };
}
