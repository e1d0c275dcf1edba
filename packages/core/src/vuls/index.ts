// Vulnerabilities of a case (issue 11): the input schemas both the page and the server validate with, and
// the answers. Times are ISO 8601 UTC strings. CWE ids travel as 'CWE-79'. Scores are never taken from the
// client: the server computes them from the vector (CVSS) or the decision table (SSVC).
import { z } from 'zod';
import { cweListSchema } from '../cwe/cwe-limits.ts';
import { idParam, idValue } from '../ids/index.ts';
import { userRefSchema } from '../cases/user-ref.ts';
import { vulAttributeValuesSchema } from '../catalogue/index.ts';

export const VUL_TITLE_MAX = 300;
export const VUL_DESCRIPTION_MAX = 20_000;
export const VUL_REFERENCES_MAX = 50;
export const VUL_TAGS_MAX = 20;
export const CVE_ID_PATTERN = /^CVE-\d{4}-\d{4,}$/;
export const CVE_ID_MESSAGE = 'Not a CVE id (expected e.g. CVE-2025-12345).';
export const CVE_TAKEN_MESSAGE = 'This CVE id is already used by another vulnerability.';
export const UNKNOWN_CWE_MESSAGE = 'Not in the CWE catalogue.';

/** "VU#<case>.<n>": how a vulnerability is named on the page and in exports. */
export const vulLabel = (caseId: number, localId: number) => `VU#${caseId}.${localId}`;

const text = (max: number) => z.string().max(max, `At most ${max.toLocaleString('en')} characters.`);
const cveSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(CVE_ID_PATTERN, CVE_ID_MESSAGE));
const referenceSchema = z.url({ protocol: /^https?$/, message: 'A reference is an http(s) URL.' }).max(2000);
const tagSchema = z.string().trim().min(1).max(50);

/**
 * POST /api/case/{id}/vuls/ (staff). `cwes` must also exist in the catalogue (checked by the server), and
 * `attributes` (attribute id → value) fit the catalogue's attributes, the required ones given.
 */
export const vulCreateSchema = z.object({
  title: text(VUL_TITLE_MAX).trim().default(''),
  description: text(VUL_DESCRIPTION_MAX).trim().min(1, 'Description is required'),
  cwes: cweListSchema.default([]),
  cve: z.union([cveSchema, z.literal('').transform(() => null), z.null()]).default(null),
  references: z.array(referenceSchema).max(VUL_REFERENCES_MAX).default([]),
  tags: z.array(tagSchema).max(VUL_TAGS_MAX).default([]),
  attributes: vulAttributeValuesSchema.optional(),
});
export type VulCreateInput = z.input<typeof vulCreateSchema>;

/** PATCH /api/vul/{id}/ (staff): any of the create fields; `attributes` merge (null clears one). */
export const vulPatchSchema = z.object({
  title: text(VUL_TITLE_MAX).trim().optional(),
  description: text(VUL_DESCRIPTION_MAX).trim().min(1, 'Description is required').optional(),
  cwes: cweListSchema.optional(),
  cve: z.union([cveSchema, z.literal('').transform(() => null), z.null()]).optional(),
  references: z.array(referenceSchema).max(VUL_REFERENCES_MAX).optional(),
  tags: z.array(tagSchema).max(VUL_TAGS_MAX).optional(),
  attributes: vulAttributeValuesSchema.optional(),
});
export type VulPatchInput = z.input<typeof vulPatchSchema>;

export const CVSS_VERSIONS = ['4.0', '3.1', '3.0'] as const;
export type CvssVersion = (typeof CVSS_VERSIONS)[number];

/** POST/PATCH /api/case/vul/{id}/cvss/: the vector only (a `score` sent along is ignored). */
export const cvssInputSchema = z.object({
  vector: z.string().trim().min(1, 'A CVSS vector is required.').max(500),
});

/** DELETE /api/case/vul/{id}/cvss/v{version}/ — `version` is e.g. '4.0'. */
export const cvssVersionParams = z.object({ id: idParam, version: z.enum(CVSS_VERSIONS) });

/** A CVSS score of a vulnerability (GET /api/case/vul/{id}/cvss/, the answer of POST/PATCH there). */
export const cvssScoreSchema = z.object({
  version: z.enum(CVSS_VERSIONS),
  vector: z.string(),
  score: z.number(),
  severity: z.string().describe('None, Low, Medium, High or Critical.'),
  source: z
    .enum(['coordinator', 'reporter'])
    .describe("'coordinator' (set here) or 'reporter' (the vector the report came with)."),
  scored_by: userRefSchema.nullable(),
  scored_at: z.string(),
});
export type CvssScore = z.infer<typeof cvssScoreSchema>;

/** One SSVC decision (the current one on the vulnerability; every one in the history). */
export const ssvcDecisionViewSchema = z.object({
  id: z.number().int(),
  table: z.string().describe("Table id of the SSVC tables, e.g. 'cisa-coordinator'."),
  table_name: z.string(),
  table_version: z.string(),
  values: z
    .record(z.string(), z.string())
    .describe('Decision point key → value key, in tree order, derived points included.'),
  outcome: z.string().describe("Outcome value key, e.g. 'AT'."),
  outcome_name: z.string().describe("Outcome value name, e.g. 'Attend'."),
  vector: z.string().describe('SSVCv2/…/ vector string.'),
  selection_list: z
    .looseObject({})
    .meta({ description: "SSVC SelectionList 2.0.0 JSON (the SSVC project's shape)." }),
  decided_by: userRefSchema.nullable(),
  decided_at: z.string(),
  removed: z.boolean().describe('A history row recording that the decision was removed.'),
});
export type SsvcDecisionView = z.infer<typeof ssvcDecisionViewSchema>;

/** A vulnerability of a case (GET /api/vul/{id}/, the case's list, and the answers of its changes). */
export const vulnerabilitySchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  local_id: z.number().int(),
  label: z.string().describe('VU#<case>.<local_id>'),
  title: z.string(),
  description: z.string(),
  cwes: z.array(z.string()).describe("'CWE-79', …"),
  cwe_names: z.record(z.string(), z.string()).describe('CWE id → its catalogue name.'),
  cve: z.string().nullable(),
  references: z.array(z.string()),
  tags: z.array(z.string()),
  attributes: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe("Attribute id → value, for the catalogue's attributes it has a value for."),
  attribute_names: z.record(z.string(), z.string()).describe('Attribute id → its name.'),
  cvss_scores: z.array(cvssScoreSchema),
  ssvc: ssvcDecisionViewSchema.nullable(),
  created: z.string(),
  modified: z.string(),
  created_by: userRefSchema.nullable(),
});
export type Vulnerability = z.infer<typeof vulnerabilitySchema>;

/** POST /api/case/{id}/vuls/from-report/ (staff): what was created, and report entries already created. */
export const vulsFromReportSchema = z.object({
  created: z.array(vulnerabilitySchema),
  skipped: z.number().int(),
});
export type VulsFromReport = z.infer<typeof vulsFromReportSchema>;

export const VENDOR_STATUSES = [
  'unknown',
  'under_investigation',
  'affected',
  'not_affected',
  'fixed',
] as const;
export type VendorStatusValue = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatusValue, string> = {
  unknown: 'Unknown',
  under_investigation: 'Under investigation',
  affected: 'Affected',
  not_affected: 'Not affected',
  fixed: 'Fixed',
};
/** CSAF 2.0 flag labels (§3.2.3.5), the VEX justifications of not_affected. */
export const VEX_JUSTIFICATIONS = [
  'component_not_present',
  'vulnerable_code_not_present',
  'vulnerable_code_cannot_be_controlled_by_adversary',
  'vulnerable_code_not_in_execute_path',
  'inline_mitigations_already_exist',
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];
export const VEX_JUSTIFICATION_LABELS: Record<VexJustification, string> = {
  component_not_present: 'Component not present',
  vulnerable_code_not_present: 'Vulnerable code not present',
  vulnerable_code_cannot_be_controlled_by_adversary: 'Vulnerable code cannot be controlled by adversary',
  vulnerable_code_not_in_execute_path: 'Vulnerable code not in execute path',
  inline_mitigations_already_exist: 'Inline mitigations already exist',
};
export const JUSTIFICATION_REQUIRED = 'Choose a justification for "Not affected".';
export const JUSTIFICATION_ONLY_NOT_AFFECTED = 'A justification is given only for "Not affected".';

/**
 * POST /api/case/{id}/vendors/status/: set one cell of the grid (upsert by vul × vendor participant).
 * Staff set any vendor's row; a vendor's members their own. `cpe` is a CPE 2.3 formatted string and
 * `purl` a package URL, both checked by the server.
 */
export const vendorStatusInputSchema = z
  .object({
    vul: idValue,
    participant: idValue,
    status: z.enum(VENDOR_STATUSES),
    justification: z.enum(VEX_JUSTIFICATIONS).nullable().default(null),
    product: text(200).trim().default(''),
    affected_versions: text(2000).trim().default(''),
    fixed_versions: text(2000).trim().default(''),
    cpe: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .default(null)
      .transform((s) => s || null),
    purl: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .default(null)
      .transform((s) => s || null),
    statement: text(10_000).trim().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'not_affected' && !v.justification) {
      ctx.addIssue({ code: 'custom', path: ['justification'], message: JUSTIFICATION_REQUIRED });
    }
    if (v.status !== 'not_affected' && v.justification) {
      ctx.addIssue({ code: 'custom', path: ['justification'], message: JUSTIFICATION_ONLY_NOT_AFFECTED });
    }
  });
export type VendorStatusInput = z.input<typeof vendorStatusInputSchema>;

export const vendorStatusCellSchema = z.object({
  id: z.number().int(),
  vul: z.number().int(),
  participant: z.number().int(),
  status: z.enum(VENDOR_STATUSES),
  justification: z.enum(VEX_JUSTIFICATIONS).nullable(),
  product: z.string(),
  affected_versions: z.string(),
  fixed_versions: z.string(),
  cpe: z.string().nullable(),
  purl: z.string().nullable(),
  statement: z.string(),
  updated_by: userRefSchema.nullable(),
  updated: z.string(),
});
export type VendorStatusCell = z.infer<typeof vendorStatusCellSchema>;

/** GET /api/case/{id}/vendors/status/: rows are vendor participants, columns vulnerabilities; a missing cell is unknown. */
export const vendorStatusGridSchema = z.object({
  vendors: z.array(
    z.object({
      participant: z.number().int(),
      name: z.string().describe("The group's name (or the user's, for a vendor who takes part alone)."),
      can_edit: z
        .boolean()
        .describe("Whether the caller may set this row (staff: every row; a vendor's members: their own)."),
    }),
  ),
  vuls: z.array(
    z.object({
      id: z.number().int(),
      local_id: z.number().int(),
      label: z.string(),
      title: z.string(),
      cve: z.string().nullable(),
    }),
  ),
  cells: z.array(vendorStatusCellSchema),
});
export type VendorStatusGrid = z.infer<typeof vendorStatusGridSchema>;
