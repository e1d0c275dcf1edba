// The case workspace's contract (issue 9): list filters, the case update, triage, search, contacts,
// metadata and the caller's relation to a case. Zod schemas validate the inputs on both sides and
// describe the answers. Times are ISO 8601 UTC strings, dates yyyy-MM-dd.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';
import { CASE_ROLES, type CaseRole } from './roles.ts';
import { CASE_STATUS } from './status.ts';
import { resolutionOptionSchema } from './wire.ts';
import { userRefSchema } from './user-ref.ts';
import { triageQualitySchema } from '../triage/index.ts';

export const CASE_STATUSES = [CASE_STATUS.PENDING, CASE_STATUS.ACTIVE, CASE_STATUS.CLOSED] as const;

/** yyyy-MM-dd, a real calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-MM-dd.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Enter a real date as yyyy-MM-dd.');

export const CASE_ORDERING_FIELDS = ['id', 'title', 'status', 'created', 'updated'] as const;
const orderings = CASE_ORDERING_FIELDS.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];

/** `status=0&status=1` arrives as a string or a list of strings. */
const statusFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.enum(['0', '1', '2'], 'Unknown status: use 0, 1 or 2.')).max(3))
  .transform((v) => [...new Set(v.map(Number))]);

const trueFlag = z
  .enum(['True', 'true', '1', 'False', 'false', '0'])
  .transform((v) => v === 'True' || v === 'true' || v === '1');

const EMBARGO_ENDS_BEFORE =
  'embargo_ends_before must be a date (yyyy-MM-dd) or an instant (ISO 8601 with a time zone).';

/**
 * A date (its start, UTC) or an instant: the cases whose active embargo (active or revising) ends before it.
 */
const embargoEndsBefore = z
  .string()
  .refine(
    (s) => isoDate.safeParse(s).success || z.iso.datetime({ offset: true }).safeParse(s).success,
    EMBARGO_ENDS_BEFORE,
  )
  .transform((s) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s));

/** GET /api/cases/ filters (page and page_size come with the server's paging). */
export const caseListFilters = z.object({
  query: z.string().trim().max(200, 'query must be at most 200 characters.').optional(),
  status: statusFilter.optional(),
  owned: trueFlag.optional(),
  tag: z.string().max(50).optional(),
  ordering: z.enum(orderings, `ordering must be one of ${orderings.join(', ')}.`).optional(),
  embargo_ends_before: embargoEndsBefore.optional(),
});

const roleSchema = z.enum(CASE_ROLES);

/** One row of GET /api/cases/. */
export const caseListRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  owners: z.array(z.string()).describe("Owner participants' names."),
  tags: z.array(z.string()),
  created: z.string(),
  updated: z.string(),
  role: roleSchema
    .nullable()
    .describe("The caller's role in the case (their highest), null for staff who take no part."),
  awaiting_my_status: z
    .boolean()
    .describe(
      "A vendor participant the caller takes part through (theirs or a group's) has no status yet for some " +
        'vulnerability of the case (none said, or unknown).',
    ),
  embargo_ends: z
    .string()
    .nullable()
    .describe("The end of the case's active embargo (active or revising; ISO 8601 UTC), null when none."),
});
export type CaseListRow = z.infer<typeof caseListRowSchema>;

/** GET /api/triage/: cases waiting in status 0, oldest first (or weakest first: ordering=quality). */
export const triageRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  reporter: userRefSchema.nullable(),
  product: z.string(),
  submitted: z.string(),
  /** Issue 28: the quality signals (triage-quality/ in the coordination service). */
  quality: triageQualitySchema,
});
export type TriageRow = z.infer<typeof triageRowSchema>;

export const SEARCH_HIT_TYPES = ['case', 'report', 'post', 'vulnerability'] as const;
export type SearchHitType = (typeof SEARCH_HIT_TYPES)[number];

/** GET /api/search/?query=… */
export const searchHitSchema = z.object({
  type: z.enum(SEARCH_HIT_TYPES),
  case: z.number().int(),
  case_title: z.string(),
  title: z.string(),
  snippet: z
    .string()
    .describe('HTML-escaped text with the matching words in <mark>…</mark>: safe to render as HTML.'),
  rank: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(200, 'query must be at most 200 characters.'),
});

/** GET /api/contacts/?query=…: people and groups a coordinator can add to a case. */
export const contactSchema = z.object({
  kind: z.enum(['user', 'group']),
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable().describe("A user's email; null for a group."),
  group_kind: z.string().nullable().describe("A group's kind (vendor, team); null for a user."),
});
export type Contact = z.infer<typeof contactSchema>;

/** PATCH /api/cases/{id}/ (staff). Closing (status 2) needs a resolution. */
export const caseUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'This field is required.').max(300).optional(),
    summary: z.string().max(20_000).optional(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)], 'Unknown status: use 0, 1 or 2.').optional(),
    resolution: idValue.nullable().optional(),
    due_date: isoDate.nullable().optional(),
    public_date: isoDate.nullable().optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  })
  .strict();
export type CaseUpdate = z.infer<typeof caseUpdateSchema>;

export const CLOSE_NEEDS_RESOLUTION = 'A resolution is required to close a case.';

/** A state of GET /api/case/states/. */
export const caseStateOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type CaseStateOption = z.infer<typeof caseStateOptionSchema>;

/** GET /api/case/metadata/: what a case list needs for its filters. */
export const caseListMetadataSchema = z.object({
  states: z.array(caseStateOptionSchema),
  tags: z.array(z.string()),
  resolutions: z.array(resolutionOptionSchema),
  roles: z.array(roleSchema),
});
export type CaseListMetadata = z.infer<typeof caseListMetadataSchema>;

/** What the caller may do in this case: the page shows or hides actions by it (the server still checks). */
export const casePermissionsSchema = z.object({
  edit_case: z.boolean(),
  change_status: z.boolean(),
  manage_participants: z.boolean(),
  assign: z.boolean(),
  notify: z.boolean(),
  edit_report: z.boolean(),
  read_original: z.boolean(),
  add_report: z.boolean(),
  view_activity: z.boolean(),
});
export type CasePermissions = z.infer<typeof casePermissionsSchema>;

/** GET /api/case/{id}/metadata/ */
export const caseCallerMetadataSchema = z.object({
  case: z.number().int(),
  staff: z.boolean(),
  role: roleSchema
    .nullable()
    .describe("The caller's highest role in the case, null for staff who take no part."),
  roles: z.array(roleSchema),
  permissions: casePermissionsSchema,
});
export type CaseCallerMetadata = z.infer<typeof caseCallerMetadataSchema>;

/** GET/PATCH /api/case/{id}/user/: the caller's relation to the case. */
export const caseUserRelationSchema = z.object({
  case: z.number().int(),
  role: roleSchema.nullable(),
  roles: z.array(roleSchema),
  staff: z.boolean(),
  muted: z.boolean().describe('Muted: no notification rows or emails for this case.'),
  last_seen: z.string().nullable(),
});
export type CaseUserRelation = z.infer<typeof caseUserRelationSchema>;

export const caseUserUpdateSchema = z.object({ muted: z.boolean() }).strict();

/** Roles from strongest to weakest: a caller's "role" in a case is the first they hold. */
export const CASE_ROLE_ORDER: readonly CaseRole[] = CASE_ROLES;
export const highestRole = (roles: Iterable<CaseRole>): CaseRole | null => {
  const held = new Set(roles);
  return CASE_ROLE_ORDER.find((r) => held.has(r)) ?? null;
};
