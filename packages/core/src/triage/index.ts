// Issue 28 items 3 and 5: the triage queue's quality signals (a score with its reasons — it orders and labels
// the queue, never hides or refuses a report) and the desk's weekly intake figures on the dashboard.
import { z } from 'zod';

/** Why a report scores lower (or, for `reporter_valid_history`, higher). */
export const TRIAGE_QUALITY_REASONS = [
  'missing_steps',
  'missing_version',
  'no_poc',
  'common_text',
  'reporter_not_vulnerability',
  'reporter_valid_history',
] as const;
export type TriageQualityReason = (typeof TRIAGE_QUALITY_REASONS)[number];

export const TRIAGE_QUALITY_LABELS = ['weak', 'fair', 'strong'] as const;
export type TriageQualityLabel = (typeof TRIAGE_QUALITY_LABELS)[number];

/** What each reason says in the queue (text, so the label never depends on colour). */
export const TRIAGE_REASON_TEXT: Record<TriageQualityReason, string> = {
  missing_steps: 'No steps to reproduce',
  missing_version: 'No affected version',
  no_poc: 'No proof of concept',
  common_text: 'Text matches many other reports',
  reporter_not_vulnerability: 'Reporter had several reports closed as not a vulnerability in 30 days',
  reporter_valid_history: 'Reporter with a history of valid reports',
};

export const TRIAGE_LABEL_TEXT: Record<TriageQualityLabel, string> = {
  weak: 'Weak',
  fair: 'Fair',
  strong: 'Strong',
};

export const triageQualitySchema = z
  .object({
    score: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('100 is a complete report from a reporter in good standing.'),
    label: z.enum(TRIAGE_QUALITY_LABELS),
    reasons: z.array(z.enum(TRIAGE_QUALITY_REASONS)),
    reporter_valid_history: z
      .boolean()
      .describe(
        'The reporter has at least 2 earlier reports that became active cases not closed as invalid.',
      ),
  })
  .describe('A signal for ordering the queue: it never hides or refuses a report.');
export type TriageQuality = z.infer<typeof triageQualitySchema>;

/** GET /api/triage/?ordering=: `submitted` (default, oldest first) or `quality` (weakest first). */
export const TRIAGE_ORDERINGS = ['submitted', 'quality'] as const;
export type TriageOrdering = (typeof TRIAGE_ORDERINGS)[number];

/** GET /api/metrics/weekly/: the last 12 weeks (Monday to Sunday, UTC), oldest first. */
export const METRICS_WEEKS = 12;

export const weeklyMetricsRowSchema = z.object({
  week: z.string().describe('The Monday (yyyy-MM-dd, UTC) the week starts on.'),
  received: z.number().int().describe('Reports received: cases opened by a submitted report that week.'),
  duplicates_found: z
    .number()
    .int()
    .describe('Of those, reports for which a coordinator was shown at least one likely duplicate.'),
  duplicates_merged: z.number().int().describe('Of those, reports merged into another case.'),
  first_response_median_hours: z
    .number()
    .nullable()
    .describe(
      'Median hours from submission to the first staff action on the case (a triage decision — activate, close, merge, assign — a post, a participant added, an edit), over the week’s reports that had one.',
    ),
  held: z.number().int().describe('Of those, reports held by the intake limits.'),
});
export type WeeklyMetricsRow = z.infer<typeof weeklyMetricsRowSchema>;

export const weeklyMetricsSchema = z.object({ weeks: z.array(weeklyMetricsRowSchema) });
export type WeeklyMetrics = z.infer<typeof weeklyMetricsSchema>;
