// The vulnerabilities domain's tables (issue 11): a case's vulnerabilities, their CVSS scores by version
// (the coordinator's, and the reporter's kept as submitted) and their SSVC decisions (every one kept; the
// vulnerability points at its current one).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';

/**
 * `localId` numbers a case's vulnerabilities 1, 2, … (never reused: the next is max + 1 under the case's
 * row lock). `cwes` are catalogue ids (79 for CWE-79), at most five. `cve` is unique across the instance
 * (compared upper-case).
 */
export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    localId: integer('local_id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    cwes: integer('cwes')
      .array()
      .notNull()
      .default(sql`ARRAY[]::int[]`),
    cve: text('cve'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /**
     * Values of the catalogue's vulnerability attributes (catalogue/tables.ts vulAttributes): attribute id
     * (as a string) → value (text, choice and yyyy-MM-dd date as strings; numbers as numbers).
     */
    attributes: jsonb('attributes')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The current SSVC decision (null: none, or the last one was removed); history is vul_ssvc_decisions. */
    ssvcDecisionId: integer('ssvc_decision_id').references((): AnyPgColumn => vulSsvcDecisions.id, {
      onDelete: 'set null',
    }),
    /** Which report vulnerability (index in its answers) it was created from, so "create from report" runs once. */
    reportIndex: integer('report_index'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vulnerabilities_case_local_idx').on(t.caseId, t.localId),
    uniqueIndex('vulnerabilities_cve_idx')
      .on(sql`upper(${t.cve})`)
      .where(sql`${t.cve} is not null`),
    uniqueIndex('vulnerabilities_case_report_index_idx')
      .on(t.caseId, t.reportIndex)
      .where(sql`${t.reportIndex} is not null`),
  ],
);

/**
 * One score per vulnerability, CVSS version and source: `source` is 'coordinator' (set through the API) or
 * 'reporter' (the vector the report came with, kept as the reporter's). The score and severity are always
 * computed by the server from the vector.
 */
export const vulCvssScores = pgTable(
  'vul_cvss_scores',
  {
    id: serial('id').primaryKey(),
    vulId: integer('vul_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    version: text('version').notNull(), // '4.0' | '3.1' | '3.0'
    source: text('source').notNull().default('coordinator'),
    vector: text('vector').notNull(),
    score: numeric('score', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    severity: text('severity').notNull(),
    scoredBy: integer('scored_by').references(() => users.id, { onDelete: 'set null' }),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vul_cvss_scores_vul_version_source_idx').on(t.vulId, t.version, t.source)],
);

/**
 * Every SSVC decision made for a vulnerability, newest last. `values` maps decision-point keys to value keys
 * as the caller chose them (derived points included); the outcome is computed by the server from the table.
 * `selectionList` is the SSVC SelectionList 2.0.0 JSON; `vector` the SSVCv2/… string. A removal is a row
 * too (`removed`), so the history shows it.
 */
export const vulSsvcDecisions = pgTable(
  'vul_ssvc_decisions',
  {
    id: serial('id').primaryKey(),
    vulId: integer('vul_id')
      .notNull()
      .references((): AnyPgColumn => vulnerabilities.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** Table id from @cvdp/core's SSVC tables (e.g. 'cisa-coordinator'), with the table's version. */
    decisionTable: text('decision_table').notNull(),
    tableVersion: text('table_version').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    outcome: text('outcome').notNull(),
    outcomeName: text('outcome_name').notNull(),
    vector: text('vector').notNull(),
    selectionList: jsonb('selection_list').$type<Record<string, unknown>>().notNull(),
    /** A row recording that the decision was removed (DELETE), kept for the history. */
    removed: boolean('removed').notNull().default(false),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vul_ssvc_decisions_vul_idx').on(t.vulId, t.id)],
);
