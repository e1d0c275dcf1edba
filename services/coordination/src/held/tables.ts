// The held-reports domain's tables (issue 28, item 4): the administrator's limits (one row), where each
// report through intake came from (the address, so a range is counted whatever prefix is set later), and
// the reports held beyond a limit — kept after release too, so the held count per week stays countable.
import { index, inet, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';

/** One row (id 1). A null limit is off; the prefixes say how wide an "address range" is. */
export const reportLimits = pgTable('report_limits', {
  id: integer('id').primaryKey(),
  rangePerDay: integer('range_per_day'),
  newAccountPerDay: integer('new_account_per_day'),
  ipv4Prefix: integer('ipv4_prefix').notNull().default(24),
  ipv6Prefix: integer('ipv6_prefix').notNull().default(64),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The client address of each report submitted through intake (one per new case). */
export const reportSources = pgTable(
  'report_sources',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    address: inet('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_sources_created_idx').on(t.createdAt)],
);

/** A report held beyond a limit; released_at set when staff let it into the triage queue. */
export const heldReports = pgTable(
  'held_reports',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: integer('released_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('held_reports_held_idx').on(t.heldAt)],
);
