// A unique index refusing a row is the database telling us the user's input clashes with what exists (two
// registrations of one email at once, a duplicate name): a 409/400 naming the field, never a 500.
import { HttpError } from './errors.ts';

const UNIQUE_VIOLATION = '23505';

/** The name of the unique constraint/index the error reports, or null when it is not a unique violation. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const err = e as { code?: unknown; constraint?: unknown };
    if (err.code === UNIQUE_VIOLATION) return typeof err.constraint === 'string' ? err.constraint : '';
  }
  return null;
}

export interface UniqueField {
  field: string;
  message: string;
  /** 409 when the clash is with a row that exists (default 400: the input is not acceptable as sent). */
  status?: 400 | 409;
}

/**
 * Runs `work`; a unique violation of one of the named constraints becomes an HttpError naming the field.
 * Constraint names are the index names in the domain's tables.ts.
 */
export async function mapUniqueViolations<T>(
  work: () => Promise<T>,
  constraints: Record<string, UniqueField>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const name = uniqueViolation(error);
    const known = name !== null ? constraints[name] : undefined;
    if (known) throw new HttpError(known.status ?? 400, known.message, { [known.field]: [known.message] });
    throw error;
  }
}
