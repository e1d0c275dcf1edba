// Pure ranking for `GET api/cwe/`: exact id, then id prefix, then name match, then description match; ties by id.
import type { CweSearchResult } from '@cvdp/core';

export interface SearchableCwe {
  id: number;
  /** Lowercased name and alternate terms: a match here is a "name match". */
  title: string;
  /** Lowercased name, alternate terms and description (search_text without its id tokens). */
  words: string;
  /** The API result, built once per catalogue load. */
  result: CweSearchResult;
}

/** Rank tiers, best first. */
const EXACT_ID = 0;
const ID_PREFIX = 1;
const NAME = 2;
const DESCRIPTION = 3;

// '79', 'cwe79', 'CWE-79', 'cwe 79' (already lowercased): the digits name an id.
const ID_TERM = /^(?:cwe[-\s]?)?0*(\d{1,7})$/;
const ID_WORD = /^(?:cwe-?)?0*(\d{1,7})$/;

export function normalizeSearchTerm(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * entries must be sorted by id; the result keeps that order within a tier.
 * A term that is an id ('79', 'CWE-79') finds that entry, then ids starting with it (790…799), then entries
 * mentioning it. Otherwise every word must occur as a substring ('inject' finds 'Injection'); a word that
 * is an id ('cwe-79 xss') may also match the entry's own id.
 */
export function rankCwes(entries: readonly SearchableCwe[], rawTerm: string): SearchableCwe[] {
  const term = normalizeSearchTerm(rawTerm);
  if (!term) return entries.slice();
  const idDigits = ID_TERM.exec(term)?.[1];
  // 'cwe 79 xss' → words 'cwe-79', 'xss'.
  const words = term
    .replace(/\bcwe (?=\d)/g, 'cwe-')
    .split(' ')
    .map((text) => ({ text, id: ID_WORD.exec(text)?.[1] }));
  const tiers: SearchableCwe[][] = [[], [], [], []];
  for (const entry of entries) {
    const id = String(entry.id);
    if (idDigits !== undefined) {
      if (id === idDigits) {
        tiers[EXACT_ID].push(entry);
        continue;
      }
      if (id.startsWith(idDigits)) {
        tiers[ID_PREFIX].push(entry);
        continue;
      }
      if (words.length === 1) {
        // 'cwe-79' alone: only entries that mention it in their text, not 1790 via its id tokens.
        if (entry.words.includes(term)) tiers[entry.title.includes(term) ? NAME : DESCRIPTION].push(entry);
        continue;
      }
    }
    if (!words.every((word) => word.id === id || entry.words.includes(word.text))) continue;
    const inTitle = words.every((word) => word.id === id || entry.title.includes(word.text));
    tiers[inTitle ? NAME : DESCRIPTION].push(entry);
  }
  return tiers.flat();
}
