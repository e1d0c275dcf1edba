// Likely duplicates and bulk triage (issue 28): the suggestions a report in triage shows, the merge of a
// report into another case and the bulk actions of the triage queue — schemas shared by server and web.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';

/** Why a suggestion was made, strongest first. */
export const DUPLICATE_REASONS = [
  'same_cve_id',
  'same_reference_url',
  'same_poc_file',
  'same_product_and_cwe',
  'close_text',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  same_cve_id: 'Same CVE id',
  same_reference_url: 'Same reference URL',
  same_poc_file: 'Same proof-of-concept file',
  same_product_and_cwe: 'Same product and CWE',
  close_text: 'Close text',
};

export const duplicateSuggestionSchema = z.object({
  kind: z.enum(['case', 'cve']),
  /** The case a 'case' suggestion points at (null for a CVE record). */
  case: z.number().int().nullable(),
  /** The CVE id of a 'cve' suggestion. */
  cve_id: z.string().nullable(),
  title: z.string(),
  /** The case's status label ('Pending', 'Active', 'Closed'); null for a CVE record. */
  status_label: z.string().nullable(),
  /** Ranking score (higher is likelier); text similarity 0–1 plus the weight of each exact reason. */
  score: z.number(),
  /** Text similarity (pg_trgm) of the two reports' titles and descriptions, 0–1. */
  similarity: z.number(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateSuggestion = z.infer<typeof duplicateSuggestionSchema>;

/** GET /api/case/{id}/duplicates/ */
export const duplicatesAnswerSchema = z.object({
  case: z.number().int(),
  results: z.array(duplicateSuggestionSchema),
});
export type DuplicatesAnswer = z.infer<typeof duplicatesAnswerSchema>;

const reporterMessage = z.string().trim().max(5_000);

/** POST /api/case/{id}/merge/: attach this triage case's report to case `into` and close this one. */
export const mergeReportSchema = z
  .object({
    into: idValue,
    /** Added to what the reporter is told. */
    message: reporterMessage.optional(),
  })
  .strict();
export type MergeReport = z.infer<typeof mergeReportSchema>;

export const mergeAnswerSchema = z.object({
  case: z.number().int(),
  into: z.number().int(),
  /** The copy of the report now on case `into`. */
  report: z.number().int(),
});
export type MergeAnswer = z.infer<typeof mergeAnswerSchema>;

export const BULK_TRIAGE_ACTIONS = ['activate', 'assign', 'merge', 'close', 'release'] as const;
export type BulkTriageAction = (typeof BULK_TRIAGE_ACTIONS)[number];
export const BULK_TRIAGE_MAX = 100;

const need = (field: string, message: string) => ({ path: [field], message });

/** POST /api/triage/bulk/: one action on several reports in triage, each in its own transaction. */
export const bulkTriageSchema = z
  .object({
    cases: z.array(idValue).min(1, 'Select at least one report.').max(BULK_TRIAGE_MAX),
    action: z.enum(BULK_TRIAGE_ACTIONS, 'Unknown action: use activate, assign, merge, close or release.'),
    /** assign: a coordinator, or an auto-assignment role by name. */
    user: idValue.optional(),
    role: z.string().trim().min(1).max(100).optional(),
    /** merge: the case the reports are attached to. */
    into: idValue.optional(),
    /** close: the resolution. */
    resolution: idValue.optional(),
    /** close and merge: the message each reporter is told (from a message template). */
    message: reporterMessage.optional(),
    /** close and merge: a message template (GET /api/triage/messages/) whose text is sent when `message` is not. */
    template: idValue.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'assign' && (v.user === undefined) === (v.role === undefined))
      ctx.addIssue({ code: 'custom', ...need('user', 'Send either user or role.') });
    if (v.action === 'merge' && v.into === undefined)
      ctx.addIssue({ code: 'custom', ...need('into', 'Name the case to merge into.') });
    if (v.action === 'close' && v.resolution === undefined)
      ctx.addIssue({ code: 'custom', ...need('resolution', 'A resolution is required to close a case.') });
  });
export type BulkTriage = z.infer<typeof bulkTriageSchema>;

export const bulkTriageResultSchema = z.object({
  case: z.number().int(),
  ok: z.boolean(),
  /** What happened ("Activated.", "Assigned to Ana.") or why it was refused. */
  detail: z.string(),
});
export const bulkTriageAnswerSchema = z.object({
  action: z.enum(BULK_TRIAGE_ACTIONS),
  done: z.number().int(),
  refused: z.number().int(),
  results: z.array(bulkTriageResultSchema),
});
export type BulkTriageAnswer = z.infer<typeof bulkTriageAnswerSchema>;

/**
 * GET /api/triage/messages/ (staff): the bulk close's messages to reporters — the message templates (type 1)
 * of the status-changed kind, which administrators edit under Email templates. A coordinator picks one and
 * may edit it before sending.
 */
export const triageMessageSchema = z.object({ id: z.number().int(), name: z.string(), body: z.string() });
export type TriageMessage = z.infer<typeof triageMessageSchema>;
