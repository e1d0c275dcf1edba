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

export interface CveAccount {
  id: number;
  org_short_name: string;
  username: string;
  environment: CveEnvironment;
  base_url: string | null;
  /** The address calls go to (from environment or base_url). */
  api_url: string;
  active: boolean;
  created: string;
  updated: string;
}

export interface CveReservation {
  id: number;
  account: number;
  cve_id: string;
  cve_year: number;
  state: string;
  vul: number | null;
  reserved_by: number | null;
  reserved: string;
  published: string | null;
}

/** GET /api/vul/{id}/cve/ */
export interface CveRecordAnswer {
  cve_id: string | null;
  record: Record<string, unknown>;
  /** The case's advisory is published: only then may the record go to CVE Services. */
  advisory_published: boolean;
  /** An active CVE account exists to publish through. */
  account_available: boolean;
  /** When CVDP last sent this record (with its current CVE id) to CVE Services; null: never. */
  published_at: string | null;
}

/** POST /api/vul/{id}/cve/publish/ */
export interface CvePublishAnswer {
  cve_id: string;
  /** true: the record existed and was updated (PUT). */
  updated: boolean;
  message: string;
  published_at: string;
}
