// Base 2's contract, part 2 (issue 13): bodies and answers of the analysis and ADP calls, CPEs, software
// priorities, standing assignments, insights and predisclosure. Imported as '@cvdp/core/scoring/work'.
import { z } from 'zod';
import { INT4_MAX } from '../ids/index.ts';

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

export interface VulAnalysis {
  cve_id: string;
  analysis: string;
  references: { url: string; name?: string; tags?: string[] }[];
  kev: { dateAdded: string; reference: string } | null;
  adp: {
    container: Record<string, unknown> | null;
    built_at: string | null;
    sent_at: string | null;
    note: string | null;
  };
  created_by: { id: number; name: string } | null;
  updated_by: { id: number; name: string } | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface AdpBuildResult {
  container: Record<string, unknown>;
  sent: boolean;
  /** Why it was not sent, or what CVE Services said. */
  reason: string | null;
}

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

export interface CpeEntry {
  cpe: string;
  part: string;
  vendor: string;
  product: string;
  version: string;
  /** 'record' (seen in CVE records) | 'scorer' (added here) */
  source: 'record' | 'scorer';
  id: number | null;
  title: string;
}

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

export interface SoftwarePriority {
  id: number;
  vendor: string | null;
  product: string | null;
  cpe: string | null;
  weight: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
}

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

export interface StandingAssignment {
  id: number;
  user: { id: number; name: string };
  vendor: string | null;
  cwe: string | null;
  created_at: string;
}

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

export interface Insights {
  start: string;
  end: string;
  user: number | null;
  /** Every day of the range, in order. */
  scored_per_day: { date: string; scored: number }[];
  scored_total: number;
  /** Hours from a record's arrival in the queue to its first score, over the records first scored in the range. */
  time_to_score: { count: number; mean_hours: number | null; median_hours: number | null };
  /**
   * Now, the whole queue whatever `user` is (it is shared): records waiting (open, assigned, reassess) and
   * all records by status; `assigned` is how many waiting records are assigned to `user` (null without one).
   */
  queue: { size: number; by_status: Record<string, number>; assigned: number | null };
}

export interface VulnrichInsights {
  start: string;
  end: string;
  user: number | null;
  /** CVEs scored by us (cisa-coordinator table) in the range that carry CISA's ADP SSVC. */
  compared: number;
  points: {
    key: 'E' | 'A' | 'TI';
    name: string;
    agree: number;
    disagree: number;
    agreement: number | null;
  }[];
  /** All three points equal. */
  all_agree: number;
}

export interface ScoreInsights {
  start: string;
  end: string;
  scored: number;
  decisions: { table: string; outcome: string; name: string; count: number }[];
  severities: { version: '4.0' | '3.x'; severity: string; count: number }[];
}

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

export interface PredisclosureVul {
  id: number;
  case: { id: number; title: string };
  local_id: number;
  title: string;
  description: string;
  cve: string | null;
  cwes: number[];
  notes: string;
  assigned: { id: number; name: string } | null;
  score: {
    ssvc: {
      table: string;
      table_version: string;
      values: Record<string, string>;
      outcome: string;
      outcome_name: string;
    } | null;
    cvss4: { vector: string; score: number; severity: string } | null;
    cvss3: { vector: string; score: number; severity: string } | null;
  };
  updated_at: string;
}

/** POST /api/vuls/{id}/ and /api/predisclosure/vuls/{id}/: the case made in base 1. */
export interface CaseCreated {
  case: { id: number; url: string };
  vul: { id: number } | null;
}
export const CASE_SERVICE_NOT_CONFIGURED =
  'Creating cases needs a service token for the coordination service (CVDP_COORDINATION_TOKEN).';
