// Held reports (issue 28, item 4): limits that fit a flood. Besides the per-user submit rate, an
// administrator sets how many reports a day one address range may send and how many a new account may send
// in its first day. A report beyond either limit is kept — never dropped, never refused — in a "held" state:
// staff see it under Held in triage and release it into the normal queue; the reporter is told it will be read.
import { z } from 'zod';

/** The address ranges reports are grouped by, unless the administrator sets other prefixes. */
export const DEFAULT_IPV4_PREFIX = 24;
export const DEFAULT_IPV6_PREFIX = 64;

/** What the reporter is told, in the submit answer and on the report's page, while the report is held. */
export const HELD_REPORT_NOTICE =
  'Thank you — your report is safely stored. We received many reports at once, so it waits in a short review ' +
  'queue before it joins the others; a coordinator will read it.';

export const HELD_REASONS = ['address_range', 'new_account'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export const heldReasonText = (reason: HeldReason, limit: number) =>
  reason === 'address_range'
    ? `More than ${limit} report${limit === 1 ? '' : 's'} in a day from one address range.`
    : `More than ${limit} report${limit === 1 ? '' : 's'} in the first day of a new account.`;

const perDay = (what: string) =>
  z
    .number(`Enter a number of reports per day for ${what}, or null for no limit.`)
    .int('Enter whole reports per day.')
    .min(1, 'At least 1 report per day (null for no limit).')
    .max(100_000, 'At most 100000 reports per day.')
    .nullable();

/** PUT /manage/report-limits/ — null turns a limit off. */
export const reportLimitsInputSchema = z
  .object({
    range_per_day: perDay('an address range'),
    new_account_per_day: perDay('a new account'),
    ipv4_prefix: z
      .number('Enter the IPv4 prefix length.')
      .int('Enter a whole prefix length.')
      .min(8, 'An IPv4 prefix is 8 to 32 bits.')
      .max(32, 'An IPv4 prefix is 8 to 32 bits.'),
    ipv6_prefix: z
      .number('Enter the IPv6 prefix length.')
      .int('Enter a whole prefix length.')
      .min(16, 'An IPv6 prefix is 16 to 128 bits.')
      .max(128, 'An IPv6 prefix is 16 to 128 bits.'),
  })
  .strict();
export type ReportLimitsInput = z.input<typeof reportLimitsInputSchema>;

/** GET/PUT /manage/report-limits/ */
export const reportLimitsSchema = z.object({
  range_per_day: z.number().int().nullable(),
  new_account_per_day: z.number().int().nullable(),
  ipv4_prefix: z.number().int(),
  ipv6_prefix: z.number().int(),
});
export type ReportLimits = z.infer<typeof reportLimitsSchema>;

/** A held report as the case detail shows it (`held` is null once released, or never held). */
export const heldStateSchema = z.object({
  since: z.string(),
  notice: z.string(),
  /** Why it is held: staff only (null for everyone else). */
  reason: z.string().nullable(),
});
export type HeldState = z.infer<typeof heldStateSchema>;

/** POST /api/case/{id}/release/ */
export const releaseAnswerSchema = z.object({ case: z.number().int(), released: z.string() });
export type ReleaseAnswer = z.infer<typeof releaseAnswerSchema>;
