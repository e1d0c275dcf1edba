// Catalogue entries and pages shaped like GET api/cwe/ answers, for the component tests.
import type { CweChildRef, CweSearchPage, CweSearchResult } from '@cvdp/core';

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
    mapping_note: null,
    ...overrides,
  };
}

export function child(id: number, name: string, overrides: Partial<CweChildRef> = {}): CweChildRef {
  return { cwe: `CWE-${id}`, name, usage: 'Allowed', status: 'Draft', mapping_note: null, ...overrides };
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
  children: [child(80, 'Basic XSS'), child(87, 'Alternate XSS Syntax')],
});
export const inputValidation = cweEntry(20, {
  name: 'Improper Input Validation',
  usage: 'Discouraged',
  slice_1003: true,
  mapping_note: {
    rationale: 'CWE-20 is commonly misused in low-information vulnerability reports.',
    comments: 'Consider lower-level children such as CWE-1284.',
  },
});
export const category = cweEntry(1, {
  name: 'A category',
  usage: 'Prohibited',
  kind: 'category',
  abstraction: null,
  mapping_note: {
    rationale: 'This entry is a Category.',
    comments: 'See member weaknesses of this category.',
  },
});
/** Retired: listed only when 'Show deprecated' is ticked (the server leaves it out otherwise). */
export const deprecated = cweEntry(2, {
  name: 'DEPRECATED: Old weakness',
  usage: 'Prohibited',
  status: 'Deprecated',
  mapping_note: { rationale: 'This CWE has been deprecated.', comments: '' },
});
export const reviewed = cweEntry(74, { name: 'Injection', usage: 'Allowed-with-Review' });
