// Catalogue entries and pages shaped like GET api/cwe/ answers, for the component tests.
import type { CweSearchPage, CweSearchResult } from '@cvdp/core';

export function cweEntry(id: number, overrides: Partial<CweSearchResult> = {}): CweSearchResult {
  return {
    cwe: `CWE-${id}`,
    name: `Weakness number ${id}`,
    description: `Description of weakness ${id}.`,
    children: [],
    usage: 'Allowed',
    slice_1003: false,
    kind: 'weakness',
    abstraction: 'Base',
    status: 'Draft',
    ...overrides,
  };
}

export function page(
  results: CweSearchResult[],
  next: string | null = null,
  count = results.length,
): CweSearchPage {
  return { count, next, previous: null, results };
}

export const xss = cweEntry(79, {
  name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
  description: 'The product does not neutralize user-controllable input.',
  slice_1003: true,
  children: [
    { cwe: 'CWE-80', name: 'Basic XSS' },
    { cwe: 'CWE-87', name: 'Alternate XSS Syntax' },
  ],
});
export const inputValidation = cweEntry(20, {
  name: 'Improper Input Validation',
  usage: 'Discouraged',
  slice_1003: true,
});
export const category = cweEntry(1, {
  name: 'A category',
  usage: 'Prohibited',
  kind: 'category',
  abstraction: null,
});
export const reviewed = cweEntry(74, { name: 'Injection', usage: 'Allowed-with-Review' });
