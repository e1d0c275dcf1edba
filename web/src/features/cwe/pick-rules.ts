// What ticking a CWE does, in the modal and the typeahead alike (MITRE's mapping rules, core cwe-usage.ts):
// a Prohibited entry is never chosen, a Discouraged one only after the reporter has read MITRE's note, and
// no more than 5 (SPEC §5, 'Max limit of 5 CWEs').
import { canAddCwe, isDiscouragedCwe, isProhibitedCwe, type CweMappingNote } from '@cvdp/core';

/** What the picker knows of an entry it offers (a search result, a child in the hierarchy, an option). */
export interface PickableCwe {
  cwe: string;
  name: string;
  usage?: string;
  status?: string;
  mapping_note?: CweMappingNote;
}

/**
 * remove: it was chosen; prohibited: refused, with its reason; limit: refused, 5 are chosen;
 * confirm: ask first with MITRE's note; add: take it.
 */
export type PickStep = 'remove' | 'prohibited' | 'limit' | 'confirm' | 'add';

export function pickStep(entry: PickableCwe, picked: readonly string[]): PickStep {
  if (picked.includes(entry.cwe)) return 'remove';
  const usage = { usage: entry.usage ?? '' };
  if (isProhibitedCwe(usage)) return 'prohibited';
  if (!canAddCwe(picked.length)) return 'limit';
  if (isDiscouragedCwe(usage)) return 'confirm';
  return 'add';
}

/** Why a Prohibited entry cannot be chosen: MITRE's rationale, or the rule itself when a release has none. */
export function prohibitedReason(entry: PickableCwe): string {
  const rationale = entry.mapping_note?.rationale.trim();
  return `Cannot be selected: ${rationale || 'MITRE prohibits mapping vulnerabilities to it.'}`;
}
