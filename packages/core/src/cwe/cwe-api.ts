// The wire shape of `GET api/cwe/` (coordination service), shared by the server route and the web client.

import { z } from 'zod';

export type CweUsage = 'Allowed' | 'Allowed-with-Review' | 'Discouraged' | 'Prohibited' | (string & {});
export const CWE_KINDS = ['weakness', 'category', 'view'] as const;
export type CweKind = (typeof CWE_KINDS)[number];

export const cweChildRefSchema = z.object({ cwe: z.string(), name: z.string() });
export type CweChildRef = z.infer<typeof cweChildRefSchema>;

export const cweSearchResultSchema = z.object({
  cwe: z.string().describe("'CWE-79'"),
  name: z.string(),
  description: z.string(),
  children: z.array(cweChildRefSchema),
  usage: z
    .string()
    .describe("MITRE's mapping usage: 'Allowed', 'Allowed-with-Review', 'Discouraged', 'Prohibited'."),
  slice_1003: z.boolean().describe('Member of view 1003, the slice NVD maps published vulnerabilities to.'),
  kind: z.enum(CWE_KINDS),
  abstraction: z.string().nullable(),
  status: z.string(),
});
export type CweSearchResult = Omit<z.infer<typeof cweSearchResultSchema>, 'usage'> & { usage: CweUsage };

export const cweSearchPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(cweSearchResultSchema),
});
export type CweSearchPage = Omit<z.infer<typeof cweSearchPageSchema>, 'results'> & {
  results: CweSearchResult[];
};

export const CWE_MODAL_PAGE_SIZE = 100;
export const CWE_TYPEAHEAD_PAGE_SIZE = 200;
export const CWE_DEFAULT_PAGE_SIZE = 100;
export const CWE_MAX_PAGE_SIZE = 200;
