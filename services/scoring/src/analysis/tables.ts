// Our written analysis of a CVE record (issue 13, part 2): the analysis text, its references, KEV data we
// hold, and the ADP container last built from them (with whether it was sent to CVE Services). One row per
// record; its history is the record's vul_changes (kind 'analysis') and vul_activity (verbs 'analysis_*',
// 'adp_*').
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cveRecords } from '../records/tables.ts';

export interface AnalysisReference {
  url: string;
  name?: string;
  tags?: string[];
}

export const vulAnalyses = pgTable(
  'vul_analyses',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => cveRecords.id, { onDelete: 'cascade' }),
    analysis: text('analysis').notNull().default(''),
    references: jsonb('references').$type<AnalysisReference[]>().notNull().default([]),
    /** KEV data as CISA writes it (kev_metrics_schema-1.0): dateAdded (yyyy-MM-dd) and reference (URL). */
    kevDateAdded: date('kev_date_added', { mode: 'string' }),
    kevReference: text('kev_reference'),
    /** The ADP container last built by POST …/analysis/adp/ (valid against CVE JSON 5.1 in the full record). */
    adpContainer: jsonb('adp_container').$type<Record<string, unknown>>(),
    adpBuiltAt: timestamp('adp_built_at', { withTimezone: true }),
    /** When CVE Services accepted it (PUT /cve/{id}/adp); null: not sent. */
    adpSentAt: timestamp('adp_sent_at', { withTimezone: true }),
    /** Why the last build was not sent, or CVE Services' answer. */
    adpSendNote: text('adp_send_note'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vul_analyses_record_idx').on(t.recordId),
    index('vul_analyses_updated_idx').on(t.updatedAt),
  ],
);
