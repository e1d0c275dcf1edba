// CPE 2.3 names scorers added (issue 13, part 2). Names seen in records live in vul_enrichment (kind 'cpe');
// GET /api/cpe/ and /api/cpes/ read both. `cpe` is stored as given (a valid formatted string); `lower` is
// its lower-case form (matching is case-insensitive), unique.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

export const scoringCpes = pgTable(
  'scoring_cpes',
  {
    id: serial('id').primaryKey(),
    cpe: text('cpe').notNull(),
    lower: text('lower').notNull(),
    part: text('part').notNull(),
    vendor: text('vendor').notNull(),
    product: text('product').notNull(),
    title: text('title').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scoring_cpes_lower_idx').on(t.lower),
    index('scoring_cpes_vendor_idx').on(t.vendor, t.product),
  ],
);
