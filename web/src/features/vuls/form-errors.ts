// Field messages for the vulnerability forms: from the shared zod schemas (checked before sending) and from
// the server's { detail, errors } answer, keyed by the form's field names. A message about one entry of a
// list ("references.2") is shown under the list's field; for the references, one URL a line, it names the line.
import type { z } from 'zod';
import { shownFieldMessage } from '@cvdp/core';
import { fieldErrors } from '../../lib/api-client.ts';

/** The message of a list entry says which line it is about. */
const LINE_FIELDS = new Set(['references']);
const withLine = (field: string, message: string, index: string | number | undefined) =>
  !LINE_FIELDS.has(field) || index === undefined || Number.isNaN(Number(index))
    ? message
    : `Line ${Number(index) + 1}: ${message}`;

/** The first message per field of a failed parse. */
export function schemaFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const [field, index] = issue.path;
    const key = field === undefined ? '' : String(field);
    if (!(key in out)) out[key] = shownFieldMessage(withLine(key, issue.message, index as string | number));
  }
  return out;
}

/** The first message per field of a server answer (`errors` keyed "field" or "field.2"). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors(error))) {
    const [field, index] = path.split('.');
    if (!(field in out) && messages[0]) out[field] = shownFieldMessage(withLine(field, messages[0], index));
  }
  return out;
}
