// Where CWEs are saved (a report's vulnerabilities, a case's vulnerability), MITRE's Prohibited entries are
// refused — categories, views, deprecated and quality-only entries are not weaknesses to map a vulnerability
// to. A CWE the saved object already held stays: it was saved before the rule (or before a new catalogue
// release re-classified it), and an edit of something else must not fail on it. Transfers from other
// instances and reports' CWEs copied onto a case's vulnerabilities are not new choices and are not refused.
import { and, eq, inArray } from 'drizzle-orm';
import { CWE_USAGE, formatCweId, prohibitedCweMessage } from '@cvdp/core';
import type { Db, Tx } from '@cvdp/server-kit';
import { cweEntries } from './tables.ts';

/** One message per Prohibited CWE among `ids` that `kept` does not hold, in the order of `ids`. */
export async function prohibitedCweMessages(
  db: Db | Tx,
  ids: readonly number[],
  kept: ReadonlySet<number> = new Set(),
): Promise<string[]> {
  const added = [...new Set(ids)].filter((id) => !kept.has(id));
  if (added.length === 0) return [];
  const rows = await db
    .select({ id: cweEntries.id, rationale: cweEntries.mappingRationale })
    .from(cweEntries)
    .where(and(inArray(cweEntries.id, added), eq(cweEntries.usage, CWE_USAGE.prohibited)));
  const reason = new Map(rows.map((row) => [row.id, row.rationale]));
  return added
    .filter((id) => reason.has(id))
    .map((id) => prohibitedCweMessage(formatCweId(id), reason.get(id)));
}
