// zod at the boundary: parse or answer 400 with field messages.
import type { ZodType, z } from 'zod';
import { HttpError, zodFieldErrors } from './errors.ts';

export function parseInput<S extends ZodType>(
  schema: S,
  input: unknown,
  detail = 'Invalid input.',
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, detail, zodFieldErrors(result.error));
  return result.data;
}

export const parseBody = <S extends ZodType>(schema: S, body: unknown) => parseInput(schema, body ?? {});
export const parseQuery = <S extends ZodType>(schema: S, query: unknown) =>
  parseInput(schema, query ?? {}, 'Invalid query parameters.');
