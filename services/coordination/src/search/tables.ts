// The search domain's table: one row per searchable thing (a case's title and summary, a report's answers;
// later posts and vulnerabilities), kept up to date by database triggers so every writer — routes, seeds,
// benchmarks, imports — indexes alike. Full text with a GIN index; weights: title A, body B.
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cases } from '../cases/tables.ts';
import { threads } from '../threads/tables.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const searchEntries = pgTable(
  'search_entries',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** 'case' | 'report' | later 'post' | 'vulnerability' */
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    /** Set for entries inside a thread (posts): a restricted thread's posts are found only by its readers. */
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_entries_object_idx').on(t.type, t.objectId),
    index('search_entries_case_idx').on(t.caseId),
    index('search_entries_tsv_idx').using('gin', t.tsv),
  ],
);
