// Building blocks of the routes' response schemas (RouteSpec.response): the answers a route declares, by
// status. A JSON answer is a zod schema (from packages/core when the web app shares the type); these cover
// the answers that are not a JSON object of ours.
import { z, type ZodType } from 'zod';

/**
 * A route's answers by status code: the success codes, and a 409 whose body says more than the one error shape
 * (e.g. the list of blockers publishing an advisory answers); every other error is the shared 4xx.
 */
export type ResponseSchemas = Partial<Record<200 | 201 | 202 | 204 | 301 | 302 | 303 | 304 | 409, ZodType>>;

/** The one error shape of the API (errors.ts), added to every route's answers as 4xx. Loose: it documents. */
export const errorResponse = z
  .looseObject({
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ description: 'The error: `detail` says what went wrong, `errors` names the fields.' });

/** 204 No Content (and a 304 Not Modified): no body. */
export const noContent = z.null().meta({ description: 'No content.' });

/**
 * A body that is not JSON (a file, a CSV, an HTML page, a redirect): sent as a buffer, stream or string, so
 * no serializer runs; the schema says what the client gets.
 */
export const fileResponse = (description: string) =>
  z.any().meta({ description, type: 'string', format: 'binary' });

/** A JSON value whose shape is another standard's (a CSAF or CVE JSON 5 document, OSV): not ours to list. */
export const foreignJson = (description: string) => z.looseObject({}).meta({ description });

/**
 * The page of a list (DESIGN §4): `{ count, next, previous, results }`, as pagination.ts builds it.
 */
export const pageOf = <T extends ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/**
 * The page of a word search (pagination.ts's paginateCapped): pageOf plus `count_capped`. The count stops
 * at a cap so that it costs what a page costs, not what every match costs.
 */
export const cappedPageOf = <T extends ZodType>(item: T) =>
  pageOf(item).extend({
    count: z.number().int().meta({
      description:
        'The number of results, exact when `count_capped` is false; otherwise a lower bound (the cap: show "1,000+").',
    }),
    count_capped: z.boolean().meta({
      description:
        'True when there are more results than `count`: the count stopped at its cap (1,000, or the end of the asked page when further) and `next` leads on.',
    }),
  });
