// Cases and what hangs off them directly: the report (original + working copy + history),
// participants and artifacts (files).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, users } from './accounts.ts';

/** status: 0 pending triage, 1 active, 2 closed. */
export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    status: integer('status').notNull().default(0),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cases_status_idx').on(t.status), index('cases_created_by_idx').on(t.createdBy)],
);

/** One report per case. `original` is never changed after creation; `current` is the working copy. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' })
      .unique(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    original: jsonb('original').notNull(),
    current: jsonb('current').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Idempotency key from the submitting browser: a double click never makes two cases.
    submissionKey: text('submission_key'),
  },
  (t) => [
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

/** role: owner, coordinator, reporter, vendor, participant, observer. A participant is a user or a group. */
export const caseParticipants = pgTable(
  'case_participants',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('case_participants_case_idx').on(t.caseId),
    index('case_participants_user_idx').on(t.userId),
    index('case_participants_group_idx').on(t.groupId),
  ],
);

export const artifacts = pgTable(
  'artifacts',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    shared: boolean('shared').notNull().default(false),
    // Set for files that came in with the report (e.g. the proof of concept).
    source: text('source').notNull().default('upload'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artifacts_case_idx').on(t.caseId)],
);
