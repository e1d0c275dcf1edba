// Activity log: every state change, in either service, writes a row in the same transaction as the change.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: the kit knows no domain tables, and the log outlives what it speaks of.
    caseId: integer('case_id'),
    verb: text('verb').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_case_idx').on(t.caseId, t.at)],
);
