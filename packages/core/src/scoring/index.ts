// The scoring service's (base 2) queue contract: the query of GET /api/vuls/ (filters and orderings, also
// answered by OPTIONS /api/vuls/), the PATCH bodies of a vulnerability and of its score, and the answers.
// Imported as '@cvdp/core/scoring/index' (kept out of core's index: the sign-in bundle does not need it).
import { z } from 'zod';
import { INT4_MAX } from '../ids/index.ts';

export const VUL_STATUSES = ['open', 'assigned', 'scored', 'reassess'] as const;
export type VulStatus = (typeof VUL_STATUSES)[number];
export const VUL_SEVERITIES = ['NONE', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const VUL_ORDERING_FIELDS = ['id', 'published', 'modified', 'score', 'priority'] as const;
export type VulOrderingField = (typeof VUL_ORDERING_FIELDS)[number];
/** The queue's order when none is asked for: highest priority first, then newest. */
export const VUL_DEFAULT_ORDERING = '-priority';

export const VUL_QUERY_MAX = 200;
export const VUL_PAGE_SIZE = 50;
export const VUL_PAGE_SIZE_MAX = 200;

/** A CVE id in a path or body ('cve-2024-1234' is accepted and upper-cased). */
export const CVE_ID_REGEX = /^CVE-[0-9]{4}-[0-9]{4,19}$/i;

const yesNo = (field: string) =>
  z
    .string()
    .regex(/^(1|0|true|false|yes|no)$/i, `${field} must be 1 or 0.`)
    .transform((v) => /^(1|true|yes)$/i.test(v));

const isoDate = (field: string) =>
  z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, `${field} must be a date (yyyy-MM-dd).`)
    .refine(
      (v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()),
      `${field} must be a date (yyyy-MM-dd).`,
    );

const userFilter = z.union([
  z.enum(['me', 'none']),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'assigned must be a user id, "me" or "none".')
    .transform(Number)
    .refine((n) => n <= INT4_MAX, 'assigned must be a user id, "me" or "none".'),
]);

export const VUL_ORDERING_MESSAGE = `Unknown ordering field. Order by ${VUL_ORDERING_FIELDS.join(', ')} (prefix - for descending).`;

/** The filters of GET /api/vuls/ (besides paging and ordering), with what OPTIONS says of them. */
export const VUL_FILTERS = {
  query: { type: 'text', help: 'Words of the id, description, vendor, product or CWE (CWE-79).' },
  status: { type: 'choice', choices: VUL_STATUSES },
  assigned: { type: 'user', help: 'A scorer\'s id, "me" or "none".' },
  locked: { type: 'boolean' },
  has_ssvc: { type: 'boolean', help: "An SSVC decision exists: ours or an ADP's (CISA) in the record." },
  kev: { type: 'boolean', help: "In CISA's Known Exploited Vulnerabilities catalogue." },
  severity: {
    type: 'choice',
    choices: VUL_SEVERITIES,
    help: 'The effective CVSS severity; several comma-separated.',
  },
  published_after: { type: 'date', help: 'Published on or after (yyyy-MM-dd).' },
  published_before: { type: 'date', help: 'Published on or before (yyyy-MM-dd).' },
  modified_after: { type: 'date', help: 'Record updated on or after (yyyy-MM-dd).' },
  modified_before: { type: 'date', help: 'Record updated on or before (yyyy-MM-dd).' },
} as const;

const KNOWN_QUERY_KEYS = new Set(['page', 'page_size', 'ordering', ...Object.keys(VUL_FILTERS)]);

export const vulListQuerySchema = z
  .looseObject({
    page: z
      .string()
      .regex(/^[0-9]{1,9}$/, 'page must be a whole number.')
      .transform(Number)
      .pipe(z.number().min(1, 'Page must be 1 or more.'))
      .default(1),
    page_size: z
      .string()
      .regex(/^[0-9]{1,9}$/, 'page_size must be a whole number.')
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'page_size must be 1 or more.')
          .max(VUL_PAGE_SIZE_MAX, `page_size must be at most ${VUL_PAGE_SIZE_MAX}.`),
      )
      .default(VUL_PAGE_SIZE),
    query: z
      .string()
      .trim()
      .max(VUL_QUERY_MAX, `query must be at most ${VUL_QUERY_MAX} characters.`)
      .optional(),
    status: z.enum(VUL_STATUSES, { error: `status must be one of ${VUL_STATUSES.join(', ')}.` }).optional(),
    assigned: userFilter.optional(),
    locked: yesNo('locked').optional(),
    has_ssvc: yesNo('has_ssvc').optional(),
    kev: yesNo('kev').optional(),
    severity: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim().toUpperCase()))
      .pipe(
        z
          .array(z.enum(VUL_SEVERITIES, { error: `severity must be among ${VUL_SEVERITIES.join(', ')}.` }))
          .max(5),
      )
      .optional(),
    published_after: isoDate('published_after').optional(),
    published_before: isoDate('published_before').optional(),
    modified_after: isoDate('modified_after').optional(),
    modified_before: isoDate('modified_before').optional(),
    ordering: z
      .string()
      .regex(new RegExp(`^-?(${VUL_ORDERING_FIELDS.join('|')})$`), VUL_ORDERING_MESSAGE)
      .default(VUL_DEFAULT_ORDERING),
  })
  .superRefine((q, ctx) => {
    for (const key of Object.keys(q)) {
      if (!KNOWN_QUERY_KEYS.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown filter: ${key.slice(0, 60)}.` });
    }
  });
export type VulListQuery = z.output<typeof vulListQuerySchema>;

const flag = z.union([z.literal('1'), z.literal(1), z.literal(true)], { error: "Send '1'." });

/** PATCH /api/vuls/{id}/: one or more of assign, reassess (with reason), lock, unlock. */
export const vulPatchSchema = z
  .object({
    /** A scorer's id; null or '' unassigns. */
    assign: z
      .union(
        [
          z.number().int().min(1).max(INT4_MAX),
          z
            .string()
            .regex(/^[1-9][0-9]{0,9}$/)
            .transform(Number)
            .refine((n) => n <= INT4_MAX),
          z.literal('').transform(() => null),
          z.null(),
        ],
        { error: "assign must be a scorer's id (or null to unassign)." },
      )
      .optional(),
    reassess: flag.optional(),
    reason: z.string().trim().max(2000, 'The reason must be at most 2000 characters.').optional(),
    lock: flag.optional(),
    unlock: flag.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.lock !== undefined && b.unlock !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lock'], message: 'Send lock or unlock, not both.' });
    if (b.reassess !== undefined && !b.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Say why the vulnerability needs reassessing.',
      });
    if (b.assign === undefined && b.reassess === undefined && b.lock === undefined && b.unlock === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['non_field_errors'],
        message: "Nothing to change: send assign, reassess='1' with a reason, lock='1' or unlock='1'.",
      });
  });
export type VulPatch = z.output<typeof vulPatchSchema>;

export const VUL_CWE_MAX = 5;
const cveCwe = z
  .string()
  .trim()
  .regex(/^CWE-[1-9][0-9]{0,5}$/i, 'A CWE is written CWE-<number>.')
  .transform((s) => s.toUpperCase());

/** PATCH /api/vuls/{id}/score/: the parts sent are replaced; null (or '') removes a part. */
export const vulScorePatchSchema = z
  .object({
    ssvc: z
      .object({
        table: z.string().trim().min(1, 'Choose a decision table.').max(60),
        values: z
          .record(z.string().max(60), z.string().max(100))
          .refine((o) => Object.keys(o).length <= 30, 'At most 30 values.'),
      })
      .nullable()
      .optional(),
    cvss4: z.string().trim().max(300).nullable().optional(),
    cvss3: z.string().trim().max(300).nullable().optional(),
    cwes: z.array(cveCwe).max(VUL_CWE_MAX, `Max limit of ${VUL_CWE_MAX} CWEs`).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    path: ['non_field_errors'],
    message: 'Nothing to change: send ssvc, cvss4, cvss3 or cwes.',
  });
export type VulScorePatch = z.output<typeof vulScorePatchSchema>;

// ---- answers ----
// Zod schemas (the routes' response schemas: serialization writes what they name) with the types inferred
// from them. Times are ISO 8601 UTC strings.

const int = () => z.number().int();

export const vulUserRefSchema = z.object({ id: int(), name: z.string() });
export type VulUserRef = z.infer<typeof vulUserRefSchema>;

export const vulLockSchema = z.object({
  user: vulUserRefSchema,
  locked_at: z.string().describe('When the lock was taken.'),
  expires_at: z.string().describe('When the lock lapses.'),
});
export type VulLock = z.infer<typeof vulLockSchema>;

/** A row of the queue (GET /api/vuls/). */
export const vulSummarySchema = z.object({
  id: int(),
  cve_id: z.string(),
  state: z.enum(['PUBLISHED', 'REJECTED']),
  title: z.string(),
  description: z.string(),
  vendors: z.array(z.string()),
  products: z.array(z.string()),
  cwes: z.array(z.string()),
  published: z.string().nullable(),
  modified: z.string().nullable(),
  kev: z.boolean(),
  has_ssvc: z.boolean(),
  score: z.number().nullable(),
  severity: z.string().nullable(),
  priority: int(),
  status: z.enum(VUL_STATUSES),
  assigned: vulUserRefSchema.nullable(),
  locked: vulLockSchema.nullable(),
  reassess_reason: z.string().nullable(),
});
export type VulSummary = z.infer<typeof vulSummarySchema>;

export const vulEnrichmentValueSchema = z.object({
  kind: z.enum(['cwe', 'cvss', 'cpe', 'ssvc', 'kev']),
  source: z.string().describe("'cna' | 'adp:<shortName>' | 'scorer'"),
  value: z.string(),
  version: z.string().nullable(),
  score: z.number().nullable(),
  severity: z.string().nullable(),
  detail: z.unknown().describe('The object the value came in (JSON).'),
});
export type VulEnrichmentValue = z.infer<typeof vulEnrichmentValueSchema>;

/** An SSVC decision as stored: the table, the values by decision point and the outcome. */
export const ssvcDecisionSchema = z.object({
  table: z.string(),
  table_version: z.string(),
  values: z.record(z.string(), z.string()),
  outcome: z.string(),
  outcome_name: z.string(),
});

/** A CVSS vector with the score and severity our engine gave it. */
export const cvssScoreSchema = z.object({ vector: z.string(), score: z.number(), severity: z.string() });

/** Our score (GET/PATCH /api/vuls/{id}/score/; null parts: not given). */
export const vulScoreSchema = z.object({
  ssvc: ssvcDecisionSchema.nullable(),
  cvss4: cvssScoreSchema.nullable(),
  cvss3: cvssScoreSchema.nullable(),
  cwes: z.array(z.string()),
  scored_by: vulUserRefSchema.nullable(),
  updated_at: z.string().nullable(),
});
export type VulScore = z.infer<typeof vulScoreSchema>;

/** One vulnerability (GET/PATCH /api/vuls/{id}/). */
export const vulDetailSchema = vulSummarySchema.extend({
  assigner: z.string(),
  data_version: z.string(),
  date_reserved: z.string().nullable(),
  kev_date_added: z.string().nullable(),
  record: z.record(z.string(), z.unknown()).describe('The CVE JSON 5 record as last ingested.'),
  enrichment: z
    .array(vulEnrichmentValueSchema)
    .describe('Every value of the record and of scorers, with its source.'),
  our_score: vulScoreSchema.nullable().describe('Our score (null parts: not given).'),
  ingested_at: z.string(),
  updated_at: z.string(),
});
export type VulDetail = z.infer<typeof vulDetailSchema>;

/** A change of the record or of our enrichment (GET /api/vuls/{id}/changes/). */
export const vulChangeSchema = z.object({
  id: int(),
  kind: z.enum(['record', 'enrichment', 'score', 'queue', 'analysis']),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  user: vulUserRefSchema.nullable(),
  ingest_job: int().nullable(),
  at: z.string(),
});
export type VulChange = z.infer<typeof vulChangeSchema>;

/** What someone did to a vulnerability (GET /api/{id}/activity/, /api/vuls/{id}/analysis/activity/). */
export const vulActivityEntrySchema = z.object({
  id: int(),
  verb: z.string(),
  user: vulUserRefSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type VulActivityEntry = z.infer<typeof vulActivityEntrySchema>;

/** An ingest run (POST /api/ingest/ and /api/ingest/coordination/ (202), GET /api/ingest/[{id}/]). */
export const ingestJobSchema = z.object({
  id: int(),
  origin: z.string(),
  label: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  files_read: int(),
  new: int(),
  updated: int(),
  unchanged: int(),
  rejected: int(),
  rejects: z.array(z.object({ file: z.string(), reason: z.string() })),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type IngestJob = z.infer<typeof ingestJobSchema>;

export const VUL_LOCKED_BY_MESSAGE = (name: string) => `This vulnerability is locked by ${name}.`;
export const VUL_LOCK_REQUIRED_MESSAGE = 'Lock the vulnerability before changing its score.';
