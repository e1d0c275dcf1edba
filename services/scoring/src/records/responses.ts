// Answers of the queue's routes that only the server shapes (the web app reads the others from
// @cvdp/core/scoring/index): OPTIONS /api/vuls/, which describes the queue's filters and orderings.
import { z } from 'zod';

const filter = z.object({
  name: z.string(),
  type: z.enum(['text', 'choice', 'user', 'boolean', 'date']),
  help: z.string().optional(),
  choices: z.array(z.string()).optional(),
});

/** OPTIONS /api/vuls/: the filters with their choices, the orderings and the paging limits. */
export const vulListOptionsSchema = z.object({
  name: z.string(),
  filters: z.array(filter),
  ordering: z.object({
    fields: z.array(z.string()),
    default: z.string(),
    descending_prefix: z.string(),
  }),
  paging: z.object({ page: z.number().int(), page_size: z.number().int(), max_page_size: z.number().int() }),
});
