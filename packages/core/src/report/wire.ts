// The JSON the coordination service answers for reports. Times are ISO 8601 UTC strings.
import { z } from 'zod';
import { cvss4RecordSchema } from '../cvss4/record-schema.ts';
import { userRefSchema } from '../cases/user-ref.ts';
import type { ReportQuestionList } from './question-list.ts';

const vulnerabilityAnswersSchema = z.array(
  z.object({ question: z.string(), answer: z.union([z.string(), z.array(z.string())]) }),
);

/** A report as stored and answered: `[{ question, answer }, …]` (question-list.ts). */
export const reportQuestionListSchema = z.array(
  z.object({
    question: z.string(),
    answer: z.union([z.string(), z.array(z.string()), z.array(vulnerabilityAnswersSchema)]),
  }),
) satisfies z.ZodType<ReportQuestionList>;

/** A CVSS score the server computed from a stored vector; `vulnerability` counts from 1. */
export const reportCvssScoreSchema = z.object({
  vulnerability: z.number().int(),
  cvss: cvss4RecordSchema,
});
export type ReportCvssScore = z.infer<typeof reportCvssScoreSchema>;

/** The report's working copy inside the case view (`CaseDetail.report`). */
export const caseReportSchema = z.object({
  id: z.number().int(),
  report: reportQuestionListSchema.describe('The working copy: what everyone who may see the case reads.'),
  cvss_scores: z.array(reportCvssScoreSchema),
  submitted_by: userRefSchema.nullable(),
  created: z.string(),
  updated: z.string(),
  edited: z.boolean(),
  can_edit: z.boolean(),
  can_view_original: z.boolean(),
});
export type CaseReport = z.infer<typeof caseReportSchema>;

/**
 * What POST /api/report/ answers (201, or 200 for a repeated submission key); `id` is the case id. (The
 * submitted list itself is checked by `submittedReportSchema`.)
 */
export const submittedReportAnswerSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  report: z.number().int().describe("The report's own id."),
  title: z.string(),
  created: z.string(),
  updated: z.string(),
  /** Intake only: true when the report was held beyond a submit limit (it is stored; staff will read it). */
  held: z.boolean().optional(),
  /** Intake only, with `held`: what the reporter is told. */
  notice: z.string().optional(),
});
export type SubmittedReport = z.infer<typeof submittedReportAnswerSchema>;

/** What POST /api/case/{id}/report/edit/ answers: `changed` is false when nothing differed. */
export const editedReportSchema = submittedReportAnswerSchema.extend({ changed: z.boolean() });
export type EditedReport = z.infer<typeof editedReportSchema>;

/** One row of GET /api/reports/ (the signed-in user's reports). */
export const myReportRowSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  title: z.string(),
  status: z.number().int().describe("The case's status (CASE_STATUS)."),
  created: z.string(),
  updated: z.string(),
});
export type MyReportRow = z.infer<typeof myReportRowSchema>;

/** One edit of a report, as the original report lists them. */
export const reportEditSchema = z.object({ edited_by: userRefSchema.nullable(), date: z.string() });
export type ReportEdit = z.infer<typeof reportEditSchema>;

/** GET /case/{id}/report/original/ (coordinators): the report as first submitted. */
export const originalReportSchema = z.object({
  case: z.number().int(),
  id: z.number().int(),
  report: reportQuestionListSchema,
  submitted_by: userRefSchema.nullable(),
  created: z.string(),
  edited: z.boolean(),
  edits: z.array(reportEditSchema),
});
export type OriginalReport = z.infer<typeof originalReportSchema>;
