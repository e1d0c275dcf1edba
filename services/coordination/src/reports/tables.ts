// The reports domain's tables: a case's reports (original + working copy; the first is the case's own, staff
// can add more) and every replaced copy.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';

/** `original` is never changed after creation; `current` is the working copy. The case's first report (lowest
 * id) is the one it was created from; coordinators can attach more. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    original: jsonb('original').notNull(),
    current: jsonb('current').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Idempotency key from the submitting browser: a double click never makes two cases.
    submissionKey: text('submission_key'),
  },
  (t) => [
    index('reports_case_idx').on(t.caseId, t.id),
    index('reports_submitted_by_idx').on(t.submittedBy),
    uniqueIndex('reports_submission_key_idx').on(t.submittedBy, t.submissionKey),
  ],
);

/** Every edit of a report keeps the copy it replaced. */
export const reportRevisions = pgTable(
  'report_revisions',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    content: jsonb('content').notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_revisions_report_idx').on(t.reportId)],
);
