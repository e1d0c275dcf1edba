// What people did to a CVE record in base 2 (issue 13): lock, unlock, assign, reassess, score, unscore,
// ingest… — one row each, written in the same transaction as the change; paged per record, counted per user
// and day for insights.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cveRecords } from '../records/tables.ts';

export const vulActivity = pgTable(
  'vul_activity',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => cveRecords.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'ingested' | 'updated' | 'assigned' | 'reassess' | 'locked' | 'unlocked' | 'lock_broken' | 'scored' | 'unscored' | … */
    verb: text('verb').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vul_activity_record_idx').on(t.recordId, t.id),
    index('vul_activity_actor_idx').on(t.actorId, t.at),
    index('vul_activity_verb_idx').on(t.verb, t.at),
  ],
);
