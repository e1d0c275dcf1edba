// MITRE's rules for mapping a vulnerability to a CWE, shared by the picker and the server that saves CWEs.
// Every entry's Mapping_Notes say whether it may be used (Usage) and why (Rationale, Comments): Prohibited
// entries (categories, views, deprecated and quality-only entries) must not be used, Discouraged ones only
// after review. Deprecated and Obsolete entries are MITRE's retired ones; all of them are Prohibited.

export const CWE_USAGE = {
  allowed: 'Allowed',
  allowedWithReview: 'Allowed-with-Review',
  discouraged: 'Discouraged',
  prohibited: 'Prohibited',
} as const;

/** MITRE's statuses of entries it no longer maintains: hidden from the picker unless asked for. */
export const RETIRED_CWE_STATUSES: readonly string[] = ['Deprecated', 'Obsolete'];

export const isRetiredCwe = (entry: { status: string }): boolean =>
  RETIRED_CWE_STATUSES.includes(entry.status);
export const isProhibitedCwe = (entry: { usage: string }): boolean => entry.usage === CWE_USAGE.prohibited;
/** Discouraged entries may be used, but only after the reporter has read MITRE's note. */
export const isDiscouragedCwe = (entry: { usage: string }): boolean => entry.usage === CWE_USAGE.discouraged;

const PROHIBITED_SUFFIX = ' cannot be used: MITRE prohibits mapping vulnerabilities to it.';

/** The server's refusal of a Prohibited CWE: names it first, then MITRE's reason when there is one. */
export function prohibitedCweMessage(cwe: string, rationale = ''): string {
  return `${cwe}${PROHIBITED_SUFFIX}${rationale.trim() ? ` ${rationale.trim()}` : ''}`;
}

/** The CWE ids a list of messages refuses as Prohibited (what prohibitedCweMessage wrote). */
export function prohibitedCwesIn(messages: readonly string[]): string[] {
  return messages.flatMap((message) => {
    const at = message.indexOf(PROHIBITED_SUFFIX);
    return at > 0 ? [message.slice(0, at)] : [];
  });
}
