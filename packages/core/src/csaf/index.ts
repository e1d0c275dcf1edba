// CSAF (issue 12): the profiles an administrator keeps (who publishes the CSAF documents: publisher name,
// category, namespace, contact, issuing authority, default TLP), each case's CSAF settings (profile,
// document category, TLP, tracking id pattern, product tree overrides), and the texts and answers of the
// CSAF calls. Pure zod, light enough for core's index.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';

/** CSAF 2.0 publisher categories (2.1's `multiplier` is left out: a 2.0 document could not carry it). */
export const CSAF_PUBLISHER_CATEGORIES = [
  'coordinator',
  'discoverer',
  'other',
  'translator',
  'user',
  'vendor',
] as const;
export type CsafPublisherCategory = (typeof CSAF_PUBLISHER_CATEGORIES)[number];

/**
 * TLP labels: 2.0 knows WHITE, GREEN, AMBER, RED; 2.1 CLEAR, GREEN, AMBER, AMBER+STRICT, RED. A document
 * of the other version gets the matching label (WHITE ↔ CLEAR; AMBER+STRICT is AMBER in 2.0, said in the
 * distribution text).
 */
export const CSAF_TLP_LABELS = ['CLEAR', 'WHITE', 'GREEN', 'AMBER', 'AMBER+STRICT', 'RED'] as const;
export type CsafTlpLabel = (typeof CSAF_TLP_LABELS)[number];

/** The document categories a case's advisory can be exported as (each carries vulnerabilities). */
export const CSAF_ADVISORY_CATEGORIES = ['csaf_security_advisory', 'csaf_vex', 'csaf_base'] as const;
export type CsafAdvisoryCategory = (typeof CSAF_ADVISORY_CATEGORIES)[number];

export const CSAF_VERSIONS = ['2.0', '2.1'] as const;
export type CsafVersion = (typeof CSAF_VERSIONS)[number];

export const CSAF_DEFAULT_TRACKING_PATTERN = 'VU#{case}';
/** Largest CSAF file POST /api/advisory/upload/ takes. */
export const CSAF_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const CSAF_PROFILE_NAME_TAKEN = 'A CSAF profile with this name exists already.';
export const CSAF_NAMESPACE_MESSAGE =
  'The namespace is a URI the publisher controls: an https:// (or http://) address or a urn:.';
export const CSAF_PATTERN_NEEDS_CASE =
  'The tracking id pattern must contain {case}, so every case gets its own tracking id.';
export const CSAF_PATTERN_MESSAGE =
  'Letters, digits and - _ . # : / + only, with the placeholders {case} and {year}; no spaces at the ends.';
export const CSAF_UNKNOWN_PROFILE = 'No CSAF profile with this id.';
export const CSAF_NOT_A_VENDOR = 'Not a vendor participant of this case.';
export const CSAF_UPLOAD_INVALID =
  'The file is not a valid CSAF document (strict schema and mandatory tests): the failed tests are listed. Nothing was stored.';
export const CSAF_UPLOAD_NOT_JSON = 'The file is not JSON.';
export const CSAF_UPLOAD_VERSION = 'Only CSAF 2.0 and 2.1 documents can be imported (document.csaf_version).';
export const CSAF_UPLOAD_CASE = 'Send the id of the case the advisory belongs to in the field "case".';
export const CSAF_EXPORT_INVALID =
  'The CSAF document of this advisory does not pass the CSAF validator (strict schema and mandatory tests); the failed tests are listed.';
export const CSAF_NO_STATUS = (labels: string[]) =>
  `${labels.join(', ')} ${labels.length === 1 ? 'has' : 'have'} no vendor status other than "unknown": ` +
  'a CSAF advisory needs the status of at least one product for every vulnerability it covers. ' +
  "Set the vendors' statuses, or leave these vulnerabilities out of the revision.";
export const CSAF_NO_VULNERABILITIES =
  'This case has no vulnerabilities: a CSAF security advisory needs at least one.';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max.toLocaleString('en')} characters.`);
const required = (max: number) => text(max).min(1, 'This field is required.');

const namespaceSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    if (/^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(v)) return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(v);
    } catch {
      return false;
    }
  }, CSAF_NAMESPACE_MESSAGE);

const profileFields = {
  name: required(200),
  publisher_category: z.enum(CSAF_PUBLISHER_CATEGORIES),
  publisher_name: required(500),
  namespace: namespaceSchema,
  contact_details: text(2000),
  issuing_authority: text(2000),
  default_tlp: z.enum(CSAF_TLP_LABELS),
};

/** POST manage/csaf/profiles/ (admin). */
export const csafProfileCreateSchema = z.object({
  ...profileFields,
  publisher_category: profileFields.publisher_category.default('coordinator'),
  contact_details: profileFields.contact_details.default(''),
  issuing_authority: profileFields.issuing_authority.default(''),
  default_tlp: profileFields.default_tlp.default('CLEAR'),
});
export type CsafProfileCreateInput = z.input<typeof csafProfileCreateSchema>;

/** PATCH manage/csaf/profiles/{id}/ (admin): any of the fields. */
export const csafProfilePatchSchema = z
  .object({
    name: profileFields.name.optional(),
    publisher_category: profileFields.publisher_category.optional(),
    publisher_name: profileFields.publisher_name.optional(),
    namespace: profileFields.namespace.optional(),
    contact_details: profileFields.contact_details.optional(),
    issuing_authority: profileFields.issuing_authority.optional(),
    default_tlp: profileFields.default_tlp.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change.',
  });
export type CsafProfilePatchInput = z.input<typeof csafProfilePatchSchema>;

/** A CSAF profile (manage/csaf/profiles/): who publishes the CSAF documents. */
export const csafProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  publisher_category: z.enum(CSAF_PUBLISHER_CATEGORIES),
  publisher_name: z.string(),
  namespace: z.string(),
  contact_details: z.string(),
  issuing_authority: z.string(),
  default_tlp: z.enum(CSAF_TLP_LABELS),
  created: z.string(),
  updated: z.string(),
});
export type CsafProfile = z.infer<typeof csafProfileSchema>;

const trackingPatternSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9#:/+._{}-]+$/, CSAF_PATTERN_MESSAGE)
  .refine((v) => v.includes('{case}'), CSAF_PATTERN_NEEDS_CASE)
  .refine((v) => !/\{(?!case\}|year\})/.test(v), CSAF_PATTERN_MESSAGE);

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** How a vendor participant appears in the product tree, whatever its rows say. */
export const csafVendorOverrideSchema = z
  .object({
    /** The vendor's name in the tree (e.g. its legal name instead of the group's). */
    vendor_name: optionalText(200),
    /** The product name for every row of this vendor. */
    product_name: optionalText(200),
    /** A CPE 2.3 name for rows that give none. */
    cpe: optionalText(500),
    /** A package URL for rows that give none. */
    purl: optionalText(1000),
  })
  .strict();
export type CsafVendorOverride = z.output<typeof csafVendorOverrideSchema>;

const participantKey = z.string().regex(/^[1-9][0-9]{0,9}$/, 'Not a participant id.');

export const csafProductTreeOverridesSchema = z
  .object({ vendors: z.record(participantKey, csafVendorOverrideSchema).optional() })
  .strict()
  .refine((v) => Object.keys(v.vendors ?? {}).length <= 200, { message: 'At most 200 vendors.' });
export type CsafProductTreeOverrides = z.output<typeof csafProductTreeOverridesSchema>;

/** POST /api/case/{id}/settings/csaf/ (staff): the fields sent change, the others stay. */
export const csafSettingsSchema = z
  .object({
    profile: idValue.nullable().optional(),
    category: z.enum(CSAF_ADVISORY_CATEGORIES).optional(),
    /** null: the profile's default TLP (CLEAR/WHITE once published, AMBER before). */
    tlp: z.enum(CSAF_TLP_LABELS).nullable().optional(),
    tracking_id_pattern: trackingPatternSchema.optional(),
    product_tree_overrides: csafProductTreeOverridesSchema.optional(),
  })
  .strict();
export type CsafSettingsInput = z.input<typeof csafSettingsSchema>;

const profileRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The overrides as stored (checked by csafProductTreeOverridesSchema when they were sent). */
const storedOverridesSchema = z.object({
  vendors: z
    .record(
      z.string(),
      z.object({
        vendor_name: z.string().optional(),
        product_name: z.string().optional(),
        cpe: z.string().optional(),
        purl: z.string().optional(),
      }),
    )
    .optional(),
});

/** GET/POST /api/case/{id}/settings/csaf/ (staff). */
export const csafSettingsViewSchema = z.object({
  case: z.number().int(),
  profile: profileRefSchema.nullable(),
  profile_choices: z
    .array(profileRefSchema)
    .describe(
      'Every CSAF profile a coordinator may choose (administrators keep them; coordinators only pick one).',
    ),
  category: z.enum(CSAF_ADVISORY_CATEGORIES),
  tlp: z.enum(CSAF_TLP_LABELS).nullable(),
  tracking_id_pattern: z.string(),
  tracking_id: z.string().describe('The tracking id the pattern gives this case now.'),
  product_tree_overrides: storedOverridesSchema,
  updated: z.string().nullable(),
});
export type CsafSettings = z.infer<typeof csafSettingsViewSchema>;

/** GET /api/case/{id}/advisory/csaf/?version=2.1 (default 2.0). */
export const csafExportQuery = z.object({
  version: z.enum(CSAF_VERSIONS).default('2.0'),
});

/** The tracking id a pattern gives a case: {case} → the case id, {year} → the year. */
export const csafTrackingId = (pattern: string, caseId: number, year: number) =>
  pattern.replaceAll('{case}', String(caseId)).replaceAll('{year}', String(year));
