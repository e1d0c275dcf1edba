// OSV records of published advisories (issue 29 item 3): one record per published vulnerability whose
// affected products carry a package URL, kept (not built per request) so its bytes and `modified` stay the
// same between fetches — OSV importers re-read a record only when its `modified` moves.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cases } from '../cases/tables.ts';

/**
 * What each case's records were last built from: its latest published revision and CSAF settings (TLP,
 * vendor overrides). A newer published revision or changed settings make the case stale; a case that gave
 * no record (no purl, not TLP:CLEAR) is kept here too, so it is not rebuilt per request.
 */
export const osvCaseStates = pgTable('osv_case_states', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One OSV record. `id` is `<CVDP_OSV_PREFIX>-<case>-<vulnerability's number in the case>`; `content` the
 * record's JSON as served. A record a newer revision no longer gives (the vulnerability left out, its purl
 * removed) stays, `withdrawn`, so importers learn it is gone; a case no longer TLP:CLEAR loses its records.
 */
export const osvRecords = pgTable(
  'osv_records',
  {
    id: text('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    published: timestamp('published', { withTimezone: true }).notNull(),
    modified: timestamp('modified', { withTimezone: true }).notNull(),
    withdrawn: timestamp('withdrawn', { withTimezone: true }),
  },
  (t) => [index('osv_records_case_idx').on(t.caseId)],
);
