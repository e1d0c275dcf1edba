// Our score of a CVE record (issue 13): the SSVC decision (table, chosen values, computed outcome), CVSS
// vectors scored by the core engines, CWE. One row per record while it is scored; DELETE removes the row
// (the record's changes keep the history).
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '@cvdp/server-kit/tables';
import { cveRecords } from '../records/tables.ts';

export const vulScores = pgTable(
  'vul_scores',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => cveRecords.id, { onDelete: 'cascade' }),
    /** SSVC: table id from @cvdp/core's ssvc (e.g. 'cisa-coordinator') and its version; values by decision point. */
    ssvcTable: text('ssvc_table'),
    ssvcTableVersion: text('ssvc_table_version'),
    ssvcValues: jsonb('ssvc_values').$type<Record<string, string>>(),
    ssvcOutcome: text('ssvc_outcome'),
    ssvcOutcomeName: text('ssvc_outcome_name'),
    cvss4Vector: text('cvss4_vector'),
    cvss4Score: numeric('cvss4_score', { precision: 3, scale: 1, mode: 'number' }),
    cvss4Severity: text('cvss4_severity'),
    cvss3Vector: text('cvss3_vector'),
    cvss3Score: numeric('cvss3_score', { precision: 3, scale: 1, mode: 'number' }),
    cvss3Severity: text('cvss3_severity'),
    cwes: text('cwes')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    scoredBy: integer('scored_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vul_scores_record_idx').on(t.recordId),
    index('vul_scores_scored_idx').on(t.updatedAt, t.scoredBy),
    index('vul_scores_outcome_idx').on(t.ssvcOutcome),
  ],
);
