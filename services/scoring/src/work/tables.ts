// Who works on what (issue 13, part 2): software priorities (a vendor/product or a CPE 2.3 pattern with a
// weight; a record's queue priority is the highest weight among the priorities it matches, recomputed on
// every change) and standing assignments (a scorer takes a vendor or a CWE; newly ingested records that
// match are assigned to them).
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

/** One of: vendor (with optional product) or cpe. Names are kept lower-case. */
export const softwarePriorities = pgTable('software_priorities', {
  id: serial('id').primaryKey(),
  vendor: text('vendor'),
  product: text('product'),
  cpe: text('cpe'),
  weight: integer('weight').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One of: vendor (lower-case) or cwe ('CWE-79'). */
export const standingAssignments = pgTable(
  'standing_assignments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendor: text('vendor'),
    cwe: text('cwe'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('standing_assignments_user_idx').on(t.userId)],
);
