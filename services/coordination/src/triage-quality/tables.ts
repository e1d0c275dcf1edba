// The triage-quality domain's tables (issue 28, quality signals): what a report's own text says about its
// completeness, one row per report, kept by a trigger on duplicate_signals (migration triage_quality), and each
// reporter's record, kept by triggers too (migration reporter_records) — so every writer of reports and cases is
// covered and a page of the queue, or the whole queue ordered by quality, reads stored rows instead of parsing
// each report or counting each reporter's history.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';
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

/**
 * Each reporter's record as the triage score reads it, kept by triggers (migration reporter_records) when a
 * case of theirs is activated, resolved, closed or reopened, when a report is filed, moved or deleted, and when
 * a resolution is renamed. Before, each page of the queue counted every report of each reporter on it: 50 ms a
 * page for reporters of 500 reports at 1,000,000 cases (bench/README.md, issue 30). The record holds only what
 * the thresholds ask (thresholds.ts; the migration's function repeats them).
 */
export const reporterRecords = pgTable('reporter_records', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Cases of theirs that became active and were not closed as invalid (not a vulnerability, duplicate). */
  validCases: integer('valid_cases').notNull().default(0),
  /**
   * When the latest of their cases closed as not a vulnerability were closed, newest first, at most
   * NOT_VULNERABILITY_MIN: "that many within the last NOT_VULNERABILITY_DAYS" is then a look at the last one.
   */
  notVulnerabilityClosed: timestamp('not_vulnerability_closed', { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'`),
});

/**
 * The triage queue in weakest-first order, one row per waiting case (status 0), kept by triggers (migration
 * triage_order) from the case, its first report, that report's report_quality row, its reporter's record and
 * the held reports. Ordering by quality used to score every waiting case per request (2.2 s for 200,000
 * waiting at 1,000,000 cases, bench/README.md); this is an index walk. The score depends on the time only
 * through "closed as not a vulnerability lately", so both scores are kept with the instant that flag lapses.
 */
export const triageOrder = pgTable(
  'triage_order',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** The case's created_at: the order after the score. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Held beyond a submit limit and not released (the Held section, not the queue). */
    held: boolean('held').notNull(),
    /** The first report's reporter (their record's changes find these rows). */
    reporterId: integer('reporter_id'),
    /** The score without "closed as not a vulnerability lately"… */
    scorePlain: smallint('score_plain').notNull(),
    /** …and with it: it holds until nv_until (null: not for any instant). */
    scoreNv: smallint('score_nv').notNull(),
    nvUntil: timestamp('nv_until', { withTimezone: true }),
  },
  (t) => [
    index('triage_order_plain_idx').on(t.held, t.scorePlain, t.createdAt, t.caseId),
    index('triage_order_nv_idx')
      .on(t.held, t.scoreNv, t.createdAt, t.caseId)
      .where(sql`${t.nvUntil} is not null`),
    index('triage_order_reporter_idx').on(t.reporterId),
  ],
);
