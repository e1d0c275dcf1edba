// Base 2's contract, part 2 (issue 13): bodies and answers of the analysis and ADP calls, CPEs, software
// priorities, standing assignments, insights and predisclosure. Imported as '@cvdp/core/scoring/work'.
import { z } from 'zod';
import { INT4_MAX } from '../ids/index.ts';
import { cvssScoreSchema, ssvcDecisionSchema, vulUserRefSchema } from './index.ts';

const int = () => z.number().int();

/** yyyy-MM-dd, years 1900–2999 (a year 0 would reach the database as an out-of-range date). */
const ISO_DAY = /^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$/;
const day = (field: string) =>
  z
    .string()
    .regex(ISO_DAY, `${field} must be a date (yyyy-MM-dd).`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${field} must be a date (yyyy-MM-dd).`);

const httpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2048, `${field} must be at most 2048 characters.`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ftp:';
      } catch {
        return false;
      }
    }, `${field} must be an http(s) address.`);

/** CVE 5.1 reference tags, plus x_ extensions. */
export const REFERENCE_TAGS = [
  'broken-link',
  'customer-entitlement',
  'exploit',
  'government-resource',
  'issue-tracking',
  'mailing-list',
  'mitigation',
  'not-applicable',
  'patch',
  'permissions-required',
  'media-coverage',
  'product',
  'related',
  'release-notes',
  'signature',
  'technical-description',
  'third-party-advisory',
  'vendor-advisory',
  'vdb-entry',
] as const;

export const ANALYSIS_MAX = 4096;
export const ANALYSIS_REFERENCES_MAX = 100;

export const analysisReferenceSchema = z.object({
  url: httpUrl('url'),
  name: z.string().trim().max(512, 'name must be at most 512 characters.').optional(),
  tags: z
    .array(
      z
        .string()
        .refine(
          (t) => (REFERENCE_TAGS as readonly string[]).includes(t) || /^x_[A-Za-z0-9_-]{1,64}$/.test(t),
          'Not a CVE reference tag.',
        ),
    )
    .max(20)
    .optional(),
});

/** POST (create) and PATCH (change the parts sent) of /api/vuls/{id}/analysis/. */
export const analysisBodySchema = z
  .object({
    analysis: z
      .string()
      .trim()
      .max(ANALYSIS_MAX, `The analysis must be at most ${ANALYSIS_MAX} characters.`)
      .optional(),
    references: z
      .array(analysisReferenceSchema)
      .max(ANALYSIS_REFERENCES_MAX, `At most ${ANALYSIS_REFERENCES_MAX} references.`)
      .optional(),
    kev: z
      .object({ dateAdded: day('kev.dateAdded'), reference: httpUrl('kev.reference') })
      .nullable()
      .optional(),
  })
  .refine((b) => b.analysis !== undefined || b.references !== undefined || b.kev !== undefined, {
    path: ['non_field_errors'],
    message: 'Nothing to change: send analysis, references or kev.',
  });
export type AnalysisBody = z.output<typeof analysisBodySchema>;

/** GET/POST/PATCH /api/vuls/{id}/analysis/: the analysis (empty, nulls: none written yet). */
export const vulAnalysisSchema = z.object({
  cve_id: z.string(),
  analysis: z.string(),
  references: z.array(
    z.object({ url: z.string(), name: z.string().optional(), tags: z.array(z.string()).optional() }),
  ),
  kev: z.object({ dateAdded: z.string(), reference: z.string() }).nullable(),
  adp: z.object({
    container: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('Our ADP container (CVE JSON 5.1), as last built.'),
    built_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    note: z.string().nullable(),
  }),
  created_by: vulUserRefSchema.nullable(),
  updated_by: vulUserRefSchema.nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type VulAnalysis = z.infer<typeof vulAnalysisSchema>;

/** POST /api/vuls/{id}/analysis/adp/. */
export const adpBuildResultSchema = z.object({
  container: z.record(z.string(), z.unknown()).describe('Our ADP container (CVE JSON 5.1).'),
  sent: z.boolean(),
  reason: z.string().nullable().describe('Why it was not sent, or what CVE Services said.'),
});
export type AdpBuildResult = z.infer<typeof adpBuildResultSchema>;

export const ADP_NO_ACCOUNT_REASON =
  'No active CVE Services account with the ADP role is configured; the container is stored, not sent.';
export const ANALYSIS_LOCK_MESSAGE = 'Lock the vulnerability before changing its analysis.';

// ---- CPE ----

export const CPE_QUERY_MAX = 300;
export const cpeQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .max(CPE_QUERY_MAX, `query must be at most ${CPE_QUERY_MAX} characters.`)
    .optional(),
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
    .pipe(z.number().min(1, 'page_size must be 1 or more.').max(200, 'page_size must be at most 200.'))
    .default(50),
});

export const cpeCreateSchema = z.object({
  cpe: z.string().trim().min(1, 'This field is required.').max(CPE_QUERY_MAX),
  title: z.string().trim().max(300).optional(),
});

export const cpeVulsQuerySchema = z.object({
  cpe: z.string().trim().min(1, 'This field is required.').max(CPE_QUERY_MAX),
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
    .pipe(z.number().min(1, 'page_size must be 1 or more.').max(100, 'page_size must be at most 100.'))
    .default(100),
});

/** A CPE name: GET /api/cpe/, GET/POST /api/cpes/. */
export const cpeEntrySchema = z.object({
  cpe: z.string(),
  part: z.string(),
  vendor: z.string(),
  product: z.string(),
  version: z.string(),
  source: z.enum(['record', 'scorer']).describe("'record' (seen in CVE records) | 'scorer' (added here)"),
  id: int().nullable(),
  title: z.string(),
});
export type CpeEntry = z.infer<typeof cpeEntrySchema>;

// ---- priorities and standing assignments ----

const name = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} cannot be empty.`)
    .max(200, `${field} must be at most 200 characters.`)
    .transform((s) => s.toLowerCase());

export const priorityCreateSchema = z
  .object({
    vendor: name('vendor').optional(),
    product: name('product').optional(),
    cpe: z.string().trim().max(CPE_QUERY_MAX).optional(),
    weight: z
      .number()
      .int('weight must be a whole number.')
      .min(-1000)
      .max(1000, 'weight must be between -1000 and 1000.'),
  })
  .superRefine((b, ctx) => {
    if (!b.vendor && !b.cpe)
      ctx.addIssue({
        code: 'custom',
        path: ['vendor'],
        message: 'Give a vendor (and product) or a CPE pattern.',
      });
    if (b.cpe && (b.vendor || b.product))
      ctx.addIssue({
        code: 'custom',
        path: ['cpe'],
        message: 'Give either a vendor/product or a CPE pattern, not both.',
      });
    if (b.product && !b.vendor)
      ctx.addIssue({ code: 'custom', path: ['vendor'], message: 'A product needs its vendor.' });
  });

/** GET/POST /api/priorities/. */
export const softwarePrioritySchema = z.object({
  id: int(),
  vendor: z.string().nullable(),
  product: z.string().nullable(),
  cpe: z.string().nullable(),
  weight: int(),
  created_by: vulUserRefSchema.nullable(),
  created_at: z.string(),
});
export type SoftwarePriority = z.infer<typeof softwarePrioritySchema>;

export const standingAssignmentCreateSchema = z
  .object({
    user: z.number().int().min(1).max(INT4_MAX, "user must be a scorer's id."),
    vendor: name('vendor').optional(),
    cwe: z
      .string()
      .trim()
      .regex(/^CWE-[1-9][0-9]{0,5}$/i, 'A CWE is written CWE-<number>.')
      .transform((s) => s.toUpperCase())
      .optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.vendor === undefined) === (b.cwe === undefined))
      ctx.addIssue({ code: 'custom', path: ['vendor'], message: 'Give a vendor or a CWE (one of them).' });
  });

/** GET/POST /api/assignments/. */
export const standingAssignmentSchema = z.object({
  id: int(),
  user: vulUserRefSchema,
  vendor: z.string().nullable(),
  cwe: z.string().nullable(),
  created_at: z.string(),
});
export type StandingAssignment = z.infer<typeof standingAssignmentSchema>;

// ---- insights ----

export const insightsQuerySchema = z
  .object({
    start: day('start'),
    end: day('end'),
    user: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, 'user must be a user id.')
      .transform(Number)
      .refine((n) => n <= INT4_MAX, 'user must be a user id.')
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.start > q.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start.' });
    else if ((Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 > 3660)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'At most ten years at a time.' });
  });
export const insightsScoreQuerySchema = z
  .object({ start: day('start'), end: day('end') })
  .superRefine((q, ctx) => {
    if (q.start > q.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must not be before start.' });
  });

/** GET /api/insights/. */
export const insightsSchema = z.object({
  start: z.string(),
  end: z.string(),
  user: int().nullable(),
  scored_per_day: z
    .array(z.object({ date: z.string(), scored: int() }))
    .describe('Every day of the range, in order.'),
  scored_total: int(),
  time_to_score: z
    .object({ count: int(), mean_hours: z.number().nullable(), median_hours: z.number().nullable() })
    .describe(
      "Hours from a record's arrival in the queue to its first score, over the records first scored in the range.",
    ),
  queue: z
    .object({ size: int(), by_status: z.record(z.string(), int()), assigned: int().nullable() })
    .describe(
      'Now, the whole queue whatever `user` is (it is shared): records waiting (open, assigned, reassess) and ' +
        'all records by status; `assigned` is how many waiting records are assigned to `user` (null without one).',
    ),
});
export type Insights = z.infer<typeof insightsSchema>;

/** GET /api/insights/vulnrich/. */
export const vulnrichInsightsSchema = z.object({
  start: z.string(),
  end: z.string(),
  user: int().nullable(),
  compared: int().describe(
    "CVEs scored by us (cisa-coordinator table) in the range that carry CISA's ADP SSVC.",
  ),
  points: z.array(
    z.object({
      key: z.enum(['E', 'A', 'TI']),
      name: z.string(),
      agree: int(),
      disagree: int(),
      agreement: z.number().nullable(),
    }),
  ),
  all_agree: int().describe('All three points equal.'),
});
export type VulnrichInsights = z.infer<typeof vulnrichInsightsSchema>;

/** GET /api/insights/score/. */
export const scoreInsightsSchema = z.object({
  start: z.string(),
  end: z.string(),
  scored: int(),
  decisions: z.array(z.object({ table: z.string(), outcome: z.string(), name: z.string(), count: int() })),
  severities: z.array(z.object({ version: z.enum(['4.0', '3.x']), severity: z.string(), count: int() })),
});
export type ScoreInsights = z.infer<typeof scoreInsightsSchema>;

// ---- predisclosure ----

export const PREDISCLOSURE_ORDERING = ['id', '-id', 'updated', '-updated', 'case', '-case'] as const;
export const predisclosureListQuerySchema = z.object({
  query: z.string().trim().max(200, 'query must be at most 200 characters.').optional(),
  ordering: z
    .enum(PREDISCLOSURE_ORDERING, { error: `ordering must be one of ${PREDISCLOSURE_ORDERING.join(', ')}.` })
    .default('-updated'),
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
    .pipe(z.number().min(1, 'page_size must be 1 or more.').max(200, 'page_size must be at most 200.'))
    .default(50),
});

export const predisclosurePatchSchema = z
  .object({
    notes: z.string().trim().max(4000, 'notes must be at most 4000 characters.').optional(),
    assign: z
      .union([z.number().int().min(1).max(INT4_MAX), z.null()], {
        error: "assign must be a scorer's id (or null).",
      })
      .optional(),
  })
  .refine((b) => b.notes !== undefined || b.assign !== undefined, {
    path: ['non_field_errors'],
    message: 'Nothing to change: send notes or assign.',
  });

export const predisclosureScoreSchema = z
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
  })
  .refine((b) => b.ssvc !== undefined || b.cvss4 !== undefined || b.cvss3 !== undefined, {
    path: ['non_field_errors'],
    message: 'Nothing to change: send ssvc, cvss4 or cvss3.',
  });

/** An embargoed vulnerability of base 1 with our notes and scores: GET/PATCH /api/predisclosure/vuls/[{id}/]. */
export const predisclosureVulSchema = z.object({
  id: int(),
  case: z.object({ id: int(), title: z.string() }),
  local_id: int(),
  title: z.string(),
  description: z.string(),
  cve: z.string().nullable(),
  cwes: z.array(int()).describe('Catalogue ids (79 for CWE-79).'),
  notes: z.string(),
  assigned: vulUserRefSchema.nullable(),
  score: z.object({
    ssvc: ssvcDecisionSchema.nullable(),
    cvss4: cvssScoreSchema.nullable(),
    cvss3: cvssScoreSchema.nullable(),
  }),
  updated_at: z.string(),
});
export type PredisclosureVul = z.infer<typeof predisclosureVulSchema>;

/** POST /api/vuls/{id}/ and /api/predisclosure/vuls/{id}/: the case made in base 1. */
export const caseCreatedSchema = z.object({
  case: z.object({ id: int(), url: z.string() }),
  vul: z.object({ id: int() }).nullable(),
});
export type CaseCreated = z.infer<typeof caseCreatedSchema>;
export const CASE_SERVICE_NOT_CONFIGURED =
  'Creating cases needs a service token for the coordination service (CVDP_COORDINATION_TOKEN).';
