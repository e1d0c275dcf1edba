// The duplicates domain's table: what a report or a CVE record is recognised by, one row each, kept by
// database triggers (migration duplicate_signals) so every writer — intake, add-report, transfers, the
// scoring service's ingest, seeds and benchmarks — is indexed alike. The likely-duplicate query (store.ts)
// reads only this table and the policy's case filter.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cases } from '../cases/tables.ts';
import { reports } from '../reports/tables.ts';

export const duplicateSignals = pgTable(
  'duplicate_signals',
  {
    id: serial('id').primaryKey(),
    /** A report's case (null for a CVE record). */
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    /** The scoring service's cve_records.id (its delete trigger removes the row; no cross-service key). */
    cveRecordId: integer('cve_record_id'),
    /** The CVE id of a record, shown with a suggestion. */
    cveId: text('cve_id'),
    title: text('title').notNull().default(''),
    /** Product names normalised by cvdp_dup_product (lower case, no versions). */
    products: text('products')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    cwes: text('cwes')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Exact keys: 'cve:CVE-2024-1234', 'url:example.com/advisory/1', 'poc:<sha256>'. */
    keys: text('keys')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /**
     * The distinct lexemes of the title and descriptions (PostgreSQL full text, english: stemmed, no stop
     * words). Texts are compared by the rare lexemes they share, weighted by inverse document frequency.
     */
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
  },
  (t) => [
    uniqueIndex('duplicate_signals_report_idx')
      .on(t.reportId)
      .where(sql`${t.reportId} is not null`),
    uniqueIndex('duplicate_signals_cve_record_idx')
      .on(t.cveRecordId)
      .where(sql`${t.cveRecordId} is not null`),
    index('duplicate_signals_case_idx').on(t.caseId),
    index('duplicate_signals_keys_idx').using('gin', t.keys),
    index('duplicate_signals_products_idx').using('gin', t.products),
    index('duplicate_signals_terms_idx').using('gin', t.terms),
  ],
);

/**
 * In how many signal rows each lexeme occurs (its document frequency); the row with term '' counts the rows.
 * Kept by a trigger on duplicate_signals, so a lexeme's weight is known without scanning the corpus.
 */
export const duplicateTerms = pgTable('duplicate_terms', {
  term: text('term').primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * A report for which a coordinator was shown at least one likely duplicate while it was in triage (GET
 * /api/case/{id}/duplicates/): "duplicates found" on the dashboard's weekly figures. One row per case, the first time.
 */
export const duplicateFindings = pgTable('duplicate_findings', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  suggestions: integer('suggestions').notNull(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
});
