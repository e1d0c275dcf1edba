// Text PostgreSQL cannot store — a NUL character, or a lone UTF-16 surrogate such as "\ud800" that has no
// UTF-8 form — is refused at the door with a 400 naming the field, before any handler stores anything
// (a file streamed first and a row refused later would leave an orphan).
import { HttpError } from './errors.ts';

export const UNSTORABLE_TEXT_MESSAGE = 'The text contains characters that cannot be stored (such as NUL).';

export const isStorableText = (s: string) => !s.includes('\u0000') && s.isWellFormed();

/** The path of the first string (key or value) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'non_field_errors';
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorableText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return here;
    const hit = findUnstorableText(v, here, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

export function assertStorableText(value: unknown, field?: string) {
  const hit = findUnstorableText(value, field ?? '');
  if (hit !== null) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE, { [hit]: [UNSTORABLE_TEXT_MESSAGE] });
}
