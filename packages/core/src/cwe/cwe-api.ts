// The wire shape of `GET api/cwe/` (coordination service), shared by the server route and the web client.

import { z } from 'zod';

export type CweUsage = 'Allowed' | 'Allowed-with-Review' | 'Discouraged' | 'Prohibited' | (string & {});
export const CWE_KINDS = ['weakness', 'category', 'view'] as const;
export type CweKind = (typeof CWE_KINDS)[number];

/**
 * MITRE's Mapping_Notes of an entry: why its usage is what it is, and what to map to instead. Sent for
 * entries whose usage is not Allowed (the note of an Allowed entry only says its level is fine), so the
 * picker can explain a refusal or ask before a Discouraged choice; null otherwise.
 */
export const cweMappingNoteSchema = z.object({ rationale: z.string(), comments: z.string() }).nullable();
export type CweMappingNote = z.infer<typeof cweMappingNoteSchema>;

const usageSchema = z
  .string()
  .describe("MITRE's mapping usage: 'Allowed', 'Allowed-with-Review', 'Discouraged', 'Prohibited'.");
const statusSchema = z
  .string()
  .describe("MITRE's status: 'Stable', 'Draft', 'Incomplete', or the retired 'Deprecated' and 'Obsolete'.");

/** A child in the hierarchy, with what the picker needs to offer it: its usage, status and note. */
export const cweChildRefSchema = z.object({
  cwe: z.string(),
  name: z.string(),
  usage: usageSchema,
  status: statusSchema,
  mapping_note: cweMappingNoteSchema,
});
export type CweChildRef = Omit<z.infer<typeof cweChildRefSchema>, 'usage'> & { usage: CweUsage };

export const cweSearchResultSchema = z.object({
  cwe: z.string().describe("'CWE-79'"),
  name: z.string(),
  description: z.string(),
  children: z.array(cweChildRefSchema),
  usage: usageSchema,
  slice_1003: z.boolean().describe('Member of view 1003, the slice NVD maps published vulnerabilities to.'),
  kind: z.enum(CWE_KINDS),
  abstraction: z.string().nullable(),
  status: statusSchema,
  mapping_note: cweMappingNoteSchema,
});
export type CweSearchResult = Omit<z.infer<typeof cweSearchResultSchema>, 'usage' | 'children'> & {
  usage: CweUsage;
  children: CweChildRef[];
};

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
