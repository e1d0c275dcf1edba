// Form helpers of the catalogue screens: the values typed are turned into the request body and checked with
// core's schema for it (the same rules the server applies), so a message shows under its field before any
// call; the server's own field messages (a duplicate name) show there too.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { fieldErrors } from '../../lib/api-client.ts';

/** A resolver checking `toBody(values)` with `schema`; the form keeps its own values. */
export function bodyResolver<V extends FieldValues>(schema: ZodType, toBody: (v: V) => unknown): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** The message under a field: the form's own check first, then what the server said. */
export function fieldMessage<V extends FieldValues>(errors: FieldErrors<V>, server: unknown) {
  const fromServer = fieldErrors(server);
  // The server names a list's item by its index ('choices.0'): it shows under the list.
  const serverFor = (name: string) =>
    fromServer[name]?.[0] ?? Object.entries(fromServer).find(([key]) => key.startsWith(`${name}.`))?.[1][0];
  return (name: keyof V & string): string | undefined =>
    (errors[name]?.message as string | undefined) ?? serverFor(name);
}

/** The server's refusal, when it named none of these fields (shown above the buttons). */
export const unexplained = (error: unknown, fields: readonly string[]) =>
  error && !Object.keys(fieldErrors(error)).some((key) => fields.includes(key.split('.')[0])) ? error : null;
