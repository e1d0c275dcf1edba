// MITRE's CWE catalogue (weaknesses, categories, views) as searchable rows.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const cweEntries = pgTable(
  'cwe_entries',
  {
    /** Numeric id: 79 for CWE-79. */
    id: integer('id').primaryKey(),
    kind: text('kind').notNull(), // 'weakness' | 'category' | 'view'
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Allowed, Allowed-with-Review, Discouraged, Prohibited. */
    usage: text('usage').notNull(),
    abstraction: text('abstraction'),
    status: text('status').notNull(),
    /** Parents by ChildOf in views 1000 and 1003 (NVD slice); children are this relation inverted. */
    parents: integer('parents')
      .array()
      .notNull()
      .default(sql`ARRAY[]::int[]`),
    children: integer('children')
      .array()
      .notNull()
      .default(sql`ARRAY[]::int[]`),
    slice1003: boolean('slice_1003').notNull().default(false),
    /** MITRE's Mapping_Notes: why `usage` is what it is, and what to map to instead. */
    mappingRationale: text('mapping_rationale').notNull().default(''),
    mappingComments: text('mapping_comments').notNull().default(''),
    catalogVersion: text('catalog_version').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [index('cwe_entries_kind_idx').on(t.kind)],
);

/** Which catalogue release is loaded, so imports are idempotent and upgrades are visible. */
export const cweCatalog = pgTable('cwe_catalog', {
  id: integer('id').primaryKey().default(1),
  version: text('version').notNull(),
  releaseDate: text('release_date').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  entryCount: integer('entry_count').notNull(),
  /**
   * Which generation of the import wrote the rows (CWE_IMPORT_FORMAT): rows written by an older one lack
   * columns added since, so the bundled release is loaded again at start (ensure-catalogue.ts).
   */
  importFormat: integer('import_format').notNull().default(1),
});
