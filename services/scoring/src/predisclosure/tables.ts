// Scorers' work on embargoed vulnerabilities of coordination cases (issue 13, part 2): the CVSS and SSVC
// they give a case's vulnerability before its advisory is published, kept on the scoring side (base 1's
// tables are only read). Never part of the public queue.
import { integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

export const predisclosureScores = pgTable(
  'predisclosure_scores',
  {
    id: serial('id').primaryKey(),
    /** Base 1's vulnerabilities.id (no foreign key across services, like cve_records.case_vul_id). */
    vulId: integer('vul_id').notNull(),
    notes: text('notes').notNull().default(''),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
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
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('predisclosure_scores_vul_idx').on(t.vulId)],
);
