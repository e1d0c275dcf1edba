// The artifacts domain's table: a case's files (bytes in the file store, this row describes them).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';

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
