// Ids on the wire. Rows are keyed by PostgreSQL `serial` (int4), so an id past 2^31-1 cannot exist: it is
// refused here instead of reaching the database as an out-of-range error. Only plain decimal digits count —
// `0x10`, `1e3`, ` 7` or `+7` are not ids.
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** An id in a path or query string ("42") → 42. */
export const idParam = z
  .string()
  .regex(DECIMAL_ID, 'Not a valid id.')
  .transform(Number)
  .refine((n) => n <= INT4_MAX, 'Not a valid id.');

/** An id in a JSON body: a whole number 1..2^31-1 (a decimal string is accepted too, as forms send). */
export const idValue = z.union([
  z.number().int('Not a valid id.').min(1, 'Not a valid id.').max(INT4_MAX, 'Not a valid id.'),
  idParam,
]);

/** `{ id }` route params. */
export const idParams = z.object({ id: idParam });

export const uuidParams = z.object({ uuid: z.uuid('Not a valid id.') });
