// Validation of the report form's values, used by the browser (react-hook-form resolver) and, through
// submitted-report-schema.ts, by the server. Every invalid field gets its own message: conditional rules
// run even when other fields already failed (`when`), so one submit shows everything there is to fix.
import { z } from 'zod';
import { cweListSchema } from '../cwe/cwe-limits.ts';
import { cvss4VectorSchema } from '../cvss4/schema.ts';
import {
  CVSS_INCOMPLETE_MESSAGE,
  DESCRIPTION_REQUIRED_MESSAGE,
  MAX_VULNERABILITIES_MESSAGE,
  MIN_VULNERABILITIES_MESSAGE,
  QUESTION_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  YES_NO_MESSAGE,
  tooLongMessage,
} from './messages.ts';
import {
  MAX_VULNERABILITIES,
  MIN_VULNERABILITIES,
  hasText,
  type ReportFormValues,
  type VulnerabilityFormValues,
} from './form-values.ts';

// Generous caps: they exist so nobody stores megabytes in a title, not to shorten real reports.
export const SHORT_TEXT_MAX = 500;
export const MEDIUM_TEXT_MAX = 2_000;
export const LONG_TEXT_MAX = 50_000;

const text = (max: number) => z.string().max(max, tooLongMessage(max));
const requiredText = (max: number, message = REQUIRED_MESSAGE) => text(max).refine(hasText, message);

const yesNo = z.enum(['Yes', 'No', ''], { error: YES_NO_MESSAGE });
const requiredYesNo = (message = REQUIRED_MESSAGE) => yesNo.refine((v) => v !== '', message);

/** Conditional rules run whenever the value is an object, whatever its other fields did. */
const whenObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

export const vulnerabilityFormSchema = z
  .object({
    description: requiredText(LONG_TEXT_MAX, DESCRIPTION_REQUIRED_MESSAGE),
    cwes: cweListSchema,
    showCvss: yesNo,
    cvss: text(MEDIUM_TEXT_MAX),
    disclosed: requiredYesNo(QUESTION_REQUIRED_MESSAGE),
    references: text(LONG_TEXT_MAX),
    active_exploitation: yesNo,
    exploit_proof: text(LONG_TEXT_MAX),
  })
  .superRefine(
    (v: Partial<VulnerabilityFormValues>, ctx) => {
      // The calculator only counts when the reporter chose to give a score.
      if (v.showCvss !== 'Yes') return;
      if (!hasText(v.cvss)) {
        ctx.addIssue({ code: 'custom', path: ['cvss'], message: CVSS_INCOMPLETE_MESSAGE });
        return;
      }
      const result = cvss4VectorSchema.safeParse(v.cvss.trim());
      if (!result.success) {
        ctx.addIssue({ code: 'custom', path: ['cvss'], message: result.error.issues[0].message });
      }
    },
    { when: whenObject },
  );

export const reportFormSchema = z
  .object({
    title: requiredText(SHORT_TEXT_MAX),
    product: requiredText(SHORT_TEXT_MAX),
    notified: requiredYesNo(),
    vendor_contact: requiredText(MEDIUM_TEXT_MAX),
    disclosure_plans: requiredYesNo(),
    disclosure_details: text(LONG_TEXT_MAX),
    cve_assignment: text(MEDIUM_TEXT_MAX),
    vulnerabilities: z
      .array(vulnerabilityFormSchema)
      .min(MIN_VULNERABILITIES, MIN_VULNERABILITIES_MESSAGE)
      .max(MAX_VULNERABILITIES, MAX_VULNERABILITIES_MESSAGE),
  })
  .superRefine(
    (v: Partial<ReportFormValues>, ctx) => {
      if (v.disclosure_plans === 'Yes' && !hasText(v.disclosure_details)) {
        ctx.addIssue({ code: 'custom', path: ['disclosure_details'], message: REQUIRED_MESSAGE });
      }
    },
    { when: whenObject },
  );

export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportFormOutput = z.output<typeof reportFormSchema>;
