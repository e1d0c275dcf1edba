// The JSON the coordination service answers for a case. Times are ISO 8601 UTC strings.
import { z } from 'zod';
import { heldStateSchema } from '../held/index.ts';
import { caseReportSchema } from '../report/wire.ts';
import { userRefSchema } from './user-ref.ts';

export { userRefSchema, type UserRef } from './user-ref.ts';

/** A resolution a case is closed with (manage/case/options/resolutions/). */
export const resolutionOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type ResolutionOption = z.infer<typeof resolutionOptionSchema>;

/** GET /api/cases/{id}/: the case and its report's working copy. */
export const caseDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  status: z.number().int().describe('CASE_STATUS'),
  status_label: z.string().describe('caseStatusLabel(status)'),
  owner: userRefSchema.nullable(),
  owners: z
    .array(userRefSchema)
    .describe('Participants with the owner role (users; a group owner shows its name).'),
  created_by: userRefSchema.nullable(),
  created: z.string(),
  updated: z.string(),
  resolution: resolutionOptionSchema.nullable(),
  due_date: z.string().nullable().describe('yyyy-MM-dd or null'),
  public_date: z.string().nullable().describe('yyyy-MM-dd or null'),
  tags: z.array(z.string()),
  activated: z.string().nullable().describe('When the case was activated (ISO), null if never.'),
  closed: z.string().nullable().describe('When the case was closed (ISO), null if not closed.'),
  report: caseReportSchema.nullable(),
  /** A report held beyond a submit limit (issue 28): null when it is not held (or was released). */
  held: heldStateSchema.nullable().optional(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/**
 * GET /report/add/case/{id}/ (staff): the empty form for attaching another report to a case — the
 * question wording a report is stored with (the same as intake's) and the largest upload accepted.
 */
export const addReportFormSchema = z.object({
  case: z.number().int(),
  case_title: z.string(),
  questions: z
    .record(z.string(), z.string())
    .describe("Report-level questions by field: { title: 'Title', product: 'Product', … }."),
  poc_question: z.string(),
  vulnerabilities_question: z.string(),
  vulnerability_questions: z
    .record(z.string(), z.string())
    .describe("Questions of each vulnerability by field: { description: 'Description', … }."),
  max_upload_bytes: z.number().int(),
});
export type AddReportForm = z.infer<typeof addReportFormSchema>;
