// One limit for the report form, the CWE picker and the server, so they can never disagree.
import { z } from 'zod';
import { normalizeCweId } from './cwe-id.ts';

export const MAX_CWES_PER_VULNERABILITY = 5;
export const CWE_LIMIT_MESSAGE = 'Max limit of 5 CWEs';
export const INVALID_CWE_MESSAGE = 'Not a CWE id (expected e.g. CWE-79)';

/** One CWE id in any accepted spelling; parses to the canonical 'CWE-79'. */
export const cweIdSchema = z.string().transform((value, ctx) => {
  const id = normalizeCweId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: INVALID_CWE_MESSAGE });
    return z.NEVER;
  }
  return id;
});

/**
 * The CWEs of one vulnerability: at most 5 (SPEC §5 reads "5 or 6"; we enforce 5 everywhere).
 * Parses to canonical ids without duplicates, so '79' and 'CWE-79' count once.
 */
export const cweListSchema = z
  .array(cweIdSchema)
  .max(MAX_CWES_PER_VULNERABILITY, CWE_LIMIT_MESSAGE)
  .transform((ids) => [...new Set(ids)]);

export type CweList = z.output<typeof cweListSchema>;

/** True when one more CWE may be added to a list that already holds `count`. */
export function canAddCwe(count: number): boolean {
  return count < MAX_CWES_PER_VULNERABILITY;
}
