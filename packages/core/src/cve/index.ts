// CVE Services accounts and reservations (issue 12): the bodies the management pages send and the answers
// they get. Kept outside core's main index (import `@cvdp/core/cve/index`): only the management pages use it.
import { z } from 'zod';
import { idParam, idValue } from '../ids/index.ts';

export const CVE_ENVIRONMENTS = ['production', 'test', 'custom'] as const;
export type CveEnvironment = (typeof CVE_ENVIRONMENTS)[number];

/** Base URLs of CVE Services per environment (reference cve.md §1); 'custom' takes the account's base_url. */
export const CVE_SERVICES_URLS: Record<Exclude<CveEnvironment, 'custom'>, string> = {
  production: 'https://cveawg.mitre.org/api',
  test: 'https://cveawg-test.mitre.org/api',
};

const shortName = z
  .string('This field is required.')
  .trim()
  .min(2, 'Ensure this field has at least 2 characters.')
  .max(32, 'Ensure this field has no more than 32 characters.');
const username = z
  .string('This field is required.')
  .trim()
  .min(1, 'This field may not be blank.')
  .max(254, 'Ensure this field has no more than 254 characters.');
const apiKey = z
  .string('This field is required.')
  .trim()
  .min(1, 'This field may not be blank.')
  .max(512, 'Ensure this field has no more than 512 characters.');
const baseUrl = z
  .string()
  .trim()
  .max(500, 'Ensure this field has no more than 500 characters.')
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a valid http(s) URL.');

export const cveAccountCreateSchema = z
  .object({
    org_short_name: shortName,
    username,
    api_key: apiKey,
    environment: z.enum(CVE_ENVIRONMENTS, 'Choose production, test or custom.').default('test'),
    base_url: baseUrl.nullish(),
    active: z.boolean('Must be true or false.').default(true),
  })
  .strict()
  .refine((b) => b.environment !== 'custom' || !!b.base_url, {
    path: ['base_url'],
    message: 'A custom environment needs base_url.',
  });

export const cveAccountPatchSchema = z
  .object({
    org_short_name: shortName.optional(),
    username: username.optional(),
    api_key: apiKey.optional(),
    environment: z.enum(CVE_ENVIRONMENTS, 'Choose production, test or custom.').optional(),
    base_url: baseUrl.nullish(),
    active: z.boolean('Must be true or false.').optional(),
  })
  .strict();

export const cveAccountListQuery = z.object({
  active: z.enum(['true', 'false', '1', '0'], 'Must be true or false.').optional(),
});

export const cveReserveSchema = z
  .object({
    account: idValue,
    amount: z
      .number('A whole number is required.')
      .int('A whole number is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(1000, 'Ensure this value is less than or equal to 1000.')
      .default(1),
    year: z.number().int().min(1999).max(9999).optional(),
    batch_type: z.enum(['sequential', 'nonsequential']).optional(),
  })
  .strict();

export const cveReserveListQuery = z.object({ account__id: idParam.optional() });

/** Give a reserved id to a vulnerability (vul), or take it back (null). */
export const cveReservationPatchSchema = z.object({ vul: idValue.nullable() }).strict();

/** A CVE Services account as the management pages see it (never its API key). */
export const cveAccountSchema = z.object({
  id: z.number().int(),
  org_short_name: z.string(),
  username: z.string(),
  environment: z.enum(CVE_ENVIRONMENTS),
  base_url: z.string().nullable(),
  api_url: z.string().describe('The address calls go to (from environment or base_url).'),
  active: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type CveAccount = z.infer<typeof cveAccountSchema>;

/** A reserved CVE id (manage/cve/reserve/). */
export const cveReservationSchema = z.object({
  id: z.number().int(),
  account: z.number().int(),
  cve_id: z.string(),
  cve_year: z.number().int(),
  state: z.string().describe("CVE Services' state: RESERVED, PUBLISHED, REJECTED."),
  vul: z.number().int().nullable(),
  reserved_by: z.number().int().nullable(),
  reserved: z.string(),
  published: z.string().nullable(),
});
export type CveReservation = z.infer<typeof cveReservationSchema>;

/** POST manage/cve/reserve/ (201): the ids reserved, and what CVE Services said of the reservation. */
export const cveReserveAnswerSchema = z.object({
  results: z.array(cveReservationSchema),
  partial: z.boolean().describe('CVE Services reserved fewer ids than asked (its 206).'),
  remaining_quota: z.number().nullable().describe("The account's remaining quota, when CVE Services says."),
});
export type CveReserveAnswer = z.infer<typeof cveReserveAnswerSchema>;

/** GET /api/vul/{id}/cve/ */
export const cveRecordAnswerSchema = z.object({
  cve_id: z.string().nullable(),
  record: z.looseObject({}).meta({ description: "The CVE JSON 5.1 record (the CVE Program's shape)." }),
  advisory_published: z
    .boolean()
    .describe("The case's advisory is published: only then may the record go to CVE Services."),
  account_available: z.boolean().describe('An active CVE account exists to publish through.'),
  published_at: z
    .string()
    .nullable()
    .describe('When CVDP last sent this record (with its current CVE id) to CVE Services; null: never.'),
});
export type CveRecordAnswer = z.infer<typeof cveRecordAnswerSchema>;

/**
 * How much an item of the readiness list matters: `required` — CVE JSON 5.1 refuses the record without it
 * (or refuses what is there); `publishing` — the record is valid without it, CVE Services is not;
 * `recommended` — not required, but expected by those who read CVE records.
 */
export const CVE_READINESS_KINDS = ['required', 'publishing', 'recommended'] as const;
export type CveReadinessKind = (typeof CVE_READINESS_KINDS)[number];

/** One thing a vulnerability's CVE record needs, done or not, in plain words. */
export const cveReadinessItemSchema = z.object({
  key: z.string().describe('Stable name: cve_id, title, description, affected, versions, references, …'),
  label: z.string().describe('What the record needs, in plain words.'),
  done: z.boolean(),
  kind: z.enum(CVE_READINESS_KINDS),
  hint: z.string().nullable().describe('What to do and where, when not done; null when done.'),
});
export type CveReadinessItem = z.infer<typeof cveReadinessItemSchema>;

/** GET /api/vul/{id}/cve/readiness/ */
export const cveReadinessAnswerSchema = z.object({
  ready: z
    .boolean()
    .describe('The record passes CVE JSON 5.1: GET /api/vul/{id}/cve/ answers it (else its 409).'),
  items: z.array(cveReadinessItemSchema),
});
export type CveReadinessAnswer = z.infer<typeof cveReadinessAnswerSchema>;

/** POST /api/vul/{id}/cve/publish/ */
export const cvePublishAnswerSchema = z.object({
  cve_id: z.string(),
  updated: z.boolean().describe('true: the record existed and was updated (PUT).'),
  message: z.string(),
  published_at: z.string(),
});
export type CvePublishAnswer = z.infer<typeof cvePublishAnswerSchema>;
