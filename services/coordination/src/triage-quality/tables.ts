// The triage-quality domain's table (issue 28, quality signals): what a report's own text says about its
// completeness, one row per report, kept by a trigger on duplicate_signals (migration triage_quality) — so
// every writer of reports is covered and a page of the queue, or the whole queue ordered by quality, reads
// stored flags instead of parsing each report. The reporter's record is read when the queue is listed.
import { boolean, integer, pgTable, real } from 'drizzle-orm/pg-core';
import { reports } from '../reports/tables.ts';

export const reportQuality = pgTable('report_quality', {
  reportId: integer('report_id')
    .primaryKey()
    .references(() => reports.id, { onDelete: 'cascade' }),
  /** No numbered or bulleted steps, no "reproduce"/"steps" in the descriptions. */
  missingSteps: boolean('missing_steps').notNull(),
  /** No version number in the product or the descriptions. */
  missingVersion: boolean('missing_version').notNull(),
  /** No proof-of-concept file. */
  noPoc: boolean('no_poc').notNull(),
  /**
   * The share (0–1) of the report's lexemes that are common across all reports and CVE records (not "rare"
   * in the duplicates domain's sense), when the report was written or last edited; 0 while the corpus is small.
   */
  commonShare: real('common_share').notNull().default(0),
});
