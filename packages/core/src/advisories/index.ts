// A case's advisory (issue 12): revisions (every one kept), sharing with the case's participants and
// publishing to the world, vendors' approvals of a revision, and the public view of published advisories.
// The input schemas both the page and the server validate with, the texts, and the answers. Times are ISO
// 8601 UTC strings; dates are yyyy-MM-dd.
import { z } from 'zod';
import { isoDate } from '../cases/workspace.ts';
import { userRefSchema } from '../cases/user-ref.ts';
import { INT4_MAX, idValue } from '../ids/index.ts';
import { overrideReasonSchema } from './publication.ts';

export const ADVISORY_TITLE_MAX = 500;
export const ADVISORY_SUMMARY_MAX = 10_000;
/** The advisory's Markdown body. */
export const ADVISORY_CONTENT_MAX = 100_000;
/** Impact and solution (plain text). */
export const ADVISORY_TEXT_MAX = 20_000;
export const ADVISORY_REFERENCES_MAX = 100;
export const ADVISORY_CREDITS_MAX = 50;
export const ADVISORY_CREDIT_MAX = 500;
export const ADVISORY_VULS_MAX = 500;
export const ADVISORIES_PUBLIC_MAX_PAGE_SIZE = 100;

export const NO_ADVISORY = 'This case has no advisory yet: save a revision first.';
export const NO_SHARED_ADVISORY = 'No advisory has been shared for this case yet.';
export const NO_PUBLISHED_ADVISORY = 'No published advisory for this case.';
export const ADVISORY_REVISION_NOT_FOUND = 'No such revision of this advisory.';
export const PUBLISH_BEFORE_SHARE =
  'Share the advisory with the participants before publishing it (or publish with force: true).';
export const DATE_IN_FUTURE = 'The date can be at most one day in the future.';
export const LATEST_PUBLISHED_LOCKED = 'The latest revision is published: save a new revision to change it.';
export const UNKNOWN_CASE_VULS = 'These vulnerabilities are not part of this case.';
export const SEND_A_DATE = 'Send date_shared or date_published.';
export const SEND_A_FIELD = 'Send at least one field to change.';
export const APPROVAL_NEEDS_SHARED =
  'Share the latest revision before asking vendors to approve it: they cannot read it yet.';
export const APPROVAL_NOT_VENDORS = 'Only vendor participants of this case can be asked to approve.';
export const APPROVAL_NO_VENDORS = 'This case has no vendor participants to ask.';
export const APPROVAL_CHOOSE = 'Choose the vendors to ask (participants) or all_vendors: true.';
export const APPROVAL_OLDER_REVISION =
  'A newer revision was saved since this request: answer the request for the latest revision.';
export const APPROVAL_ONLY_VENDOR = 'Only members of the vendor the request was made of can answer it.';
export const TEXT_NEEDS_REVISION =
  'The text (content, impact, solution) changes only with a new revision: save one instead.';
export const CHANGES_NEED_COMMENT = 'Say what should change.';

const text = (max: number) => z.string().max(max, `At most ${max.toLocaleString('en')} characters.`);
const referenceSchema = z
  .url({ protocol: /^https?$/, message: 'A reference is an http(s) URL.' })
  .max(2000, 'A reference is at most 2,000 characters.');
const creditSchema = z.string().trim().min(1, 'A credit cannot be empty.').max(ADVISORY_CREDIT_MAX);
/** Ids of the case's vulnerabilities (duplicates are dropped); empty: the advisory covers all of them. */
const vulIdsSchema = z
  .array(idValue)
  .max(ADVISORY_VULS_MAX)
  .transform((ids) => [...new Set(ids)]);

/** The text itself is not metadata: sending it to the in-place edit is refused, not silently ignored. */
const textNeedsRevision = z.undefined(TEXT_NEEDS_REVISION).optional();

const titleSchema = text(ADVISORY_TITLE_MAX).trim().min(1, 'This field is required.');

/** POST /api/case/{id}/advisory/ (staff): a new revision (the previous ones are kept). */
export const advisoryRevisionSchema = z.object({
  title: titleSchema,
  summary: text(ADVISORY_SUMMARY_MAX).trim().default(''),
  /** Markdown, rendered and sanitised by the server (`html` in the answer). */
  content: text(ADVISORY_CONTENT_MAX).default(''),
  impact: text(ADVISORY_TEXT_MAX).trim().default(''),
  /** Remediations. */
  solution: text(ADVISORY_TEXT_MAX).trim().default(''),
  references: z.array(referenceSchema).max(ADVISORY_REFERENCES_MAX).default([]),
  credits: z.array(creditSchema).max(ADVISORY_CREDITS_MAX).default([]),
  vulnerabilities: vulIdsSchema.default([]),
});
export type AdvisoryRevisionInput = z.input<typeof advisoryRevisionSchema>;

/**
 * PATCH /api/case/{id}/advisory/revisions/ (staff): the latest revision's metadata, changed in place (no
 * new revision). The text itself (content, impact, solution) changes only by saving a new revision, and a
 * published revision not at all.
 */
export const advisoryMetadataPatchSchema = z
  .object({
    content: textNeedsRevision,
    impact: textNeedsRevision,
    solution: textNeedsRevision,
    title: titleSchema.optional(),
    summary: text(ADVISORY_SUMMARY_MAX).trim().optional(),
    references: z.array(referenceSchema).max(ADVISORY_REFERENCES_MAX).optional(),
    credits: z.array(creditSchema).max(ADVISORY_CREDITS_MAX).optional(),
    vulnerabilities: vulIdsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: SEND_A_FIELD });
export type AdvisoryMetadataPatch = z.input<typeof advisoryMetadataPatchSchema>;

/**
 * PATCH /api/case/{id}/advisory/latest/ (staff): share (date_shared) and/or publish (date_published) the
 * latest revision — the page sends today. A date more than a day ahead of the server's (UTC) today is
 * refused. Publishing a revision that was not shared is refused unless `force` (it is then shared too).
 */
export const advisoryLatestPatchSchema = z
  .object({
    date_shared: isoDate.optional(),
    date_published: isoDate.optional(),
    force: z.boolean().default(false),
    /** Publish over the blockers (staff; see publication.ts): why. Recorded in the activity and embargo logs. */
    override_reason: overrideReasonSchema.optional(),
  })
  .refine((v) => v.date_shared !== undefined || v.date_published !== undefined, { message: SEND_A_DATE });
export type AdvisoryLatestPatch = z.input<typeof advisoryLatestPatchSchema>;

/** A revision number in a query (1, 2, …). */
const revisionNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Not a revision number.')
  .transform(Number)
  .refine((n) => n <= INT4_MAX, 'Not a revision number.');

/** GET /api/case/{id}/advisory/diff/?from=1&to=2 */
export const advisoryDiffQuery = z.object({ from: revisionNumber, to: revisionNumber });

export const APPROVAL_STATUSES = ['pending', 'approved', 'changes_requested'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** POST /api/case/{id}/approvals/ (staff): ask some vendor participants, or every vendor, to approve the latest revision. */
export const approvalRequestSchema = z
  .object({
    participants: z.array(idValue).max(500).optional(),
    all_vendors: z.boolean().optional(),
  })
  .refine((v) => v.all_vendors === true || (v.participants?.length ?? 0) > 0, {
    message: APPROVAL_CHOOSE,
    path: ['participants'],
  });
export type ApprovalRequestInput = z.input<typeof approvalRequestSchema>;

/** PATCH /api/case/approvals/{id}/ (the asked vendor's members): the answer; changes need a comment. */
export const approvalAnswerSchema = z
  .object({
    status: z.enum(['approved', 'changes_requested'], 'Answer approved or changes_requested.'),
    comment: text(10_000).trim().default(''),
  })
  .refine((v) => v.status !== 'changes_requested' || v.comment.length > 0, {
    message: CHANGES_NEED_COMMENT,
    path: ['comment'],
  });
export type ApprovalAnswerInput = z.input<typeof approvalAnswerSchema>;

/** GET /api/case/{id}/approvals/?revision=n */
export const approvalListQuery = z.object({ revision: revisionNumber.optional() });

/** The approvals of one revision the caller may see, counted by answer. */
export const approvalCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  changes_requested: z.number().int(),
});
export type ApprovalCounts = z.infer<typeof approvalCountsSchema>;

/** One revision of a case's advisory (GET/POST /api/case/{id}/advisory/, …/latest/). */
export const advisoryRevisionViewSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  revision: z.number().int().describe('1, 2, … per case; the highest is the latest.'),
  title: z.string(),
  summary: z.string(),
  content: z.string().describe('Markdown as written.'),
  html: z.string().describe('`content` rendered and sanitised by the server.'),
  impact: z.string(),
  solution: z.string(),
  references: z.array(z.string()),
  credits: z.array(z.string()),
  vulnerabilities: z
    .array(z.number().int())
    .describe("Ids of the case's vulnerabilities it covers; empty: all of them."),
  source: z.string().describe("'editor' or 'csaf_upload'."),
  shared: z.boolean(),
  date_shared: z.string().nullable(),
  published: z.boolean(),
  date_published: z.string().nullable(),
  created_by: userRefSchema.nullable(),
  created: z.string(),
  updated: z.string(),
  approvals: approvalCountsSchema.describe(
    'Approvals asked of this revision that the caller may see (staff: all; a vendor: their own).',
  ),
});
export type AdvisoryRevision = z.infer<typeof advisoryRevisionViewSchema>;

export const ADVISORY_DIFF_FIELDS = [
  'title',
  'summary',
  'content',
  'impact',
  'solution',
  'references',
  'credits',
  'vulnerabilities',
] as const;

/** One field's line diff between two revisions (arrays compared one item per line). */
export const advisoryFieldDiffSchema = z.object({
  field: z.enum(ADVISORY_DIFF_FIELDS),
  changed: z.boolean(),
  patch: z.string().describe("A unified diff ('' when unchanged)."),
});
export type AdvisoryFieldDiff = z.infer<typeof advisoryFieldDiffSchema>;

const diffSideSchema = z.object({
  revision: z.number().int(),
  title: z.string(),
  created: z.string(),
  created_by: userRefSchema.nullable(),
});

/** GET /api/case/{id}/advisory/diff/?from=&to= */
export const advisoryDiffSchema = z.object({
  from: diffSideSchema,
  to: diffSideSchema,
  fields: z.array(advisoryFieldDiffSchema),
});
export type AdvisoryDiff = z.infer<typeof advisoryDiffSchema>;

/** A request that a vendor participant approve a revision, and their answer. */
export const approvalSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  revision: z.number().int().describe("The revision's number."),
  revision_id: z.number().int().describe("The revision's row id."),
  for_older_revision: z
    .boolean()
    .describe('A newer revision was saved since: this answer is about an older text.'),
  participant: z
    .object({ id: z.number().int(), name: z.string() })
    .describe("The vendor participant asked (a group's name, or a user's)."),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string(),
  requested_by: userRefSchema.nullable(),
  requested: z.string(),
  answered_by: userRefSchema.nullable(),
  answered: z.string().nullable(),
  can_answer: z.boolean().describe('The caller may answer it (a member of that vendor).'),
});
export type Approval = z.infer<typeof approvalSchema>;

/** POST /api/case/{id}/approvals/: the new requests, and those already made of this revision (left as they are). */
export const approvalRequestResultSchema = z.object({
  created: z.array(approvalSchema),
  unchanged: z.array(approvalSchema),
});
export type ApprovalRequestResult = z.infer<typeof approvalRequestResultSchema>;

/** GET /api/advisories/ (public): a case's published advisory. */
export const publicAdvisorySummarySchema = z.object({
  case: z.number().int().describe('The case id.'),
  label: z.string().describe("'VU#12'"),
  title: z.string(),
  summary: z.string(),
  revision: z.number().int(),
  date_published: z.string(),
  url: z.string().describe('The public page of the advisory.'),
});
export type PublicAdvisorySummary = z.infer<typeof publicAdvisorySummarySchema>;

/** GET /api/advisories/{case id}/ (public): the latest published revision. */
export const publicAdvisorySchema = publicAdvisorySummarySchema.extend({
  content: z.string(),
  html: z.string(),
  impact: z.string(),
  solution: z.string(),
  references: z.array(z.string()),
  credits: z.array(z.string()),
  cves: z.array(z.string()).describe('CVE ids of the vulnerabilities it covers.'),
  date_shared: z.string().nullable(),
});
export type PublicAdvisory = z.infer<typeof publicAdvisorySchema>;

/** The public pages (server-rendered HTML, no sign-in): the list and one advisory. */
export const publicAdvisoryPath = (caseId?: number) =>
  caseId === undefined ? '/advisories/' : `/advisories/${caseId}/`;
