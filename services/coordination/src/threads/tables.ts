// The threads domain's tables: a case's conversations, who a restricted thread is open to, and how far each
// user has read (for unread counts).
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { caseParticipants, cases } from '../cases/tables.ts';

/**
 * `restricted`: the thread is open only to the participants listed in thread_participants (and staff); kept
 * in step with that table by the store, so list filters need no subquery for open threads.
 */
export const threads = pgTable(
  'threads',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    official: boolean('official').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    restricted: boolean('restricted').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPostAt: timestamp('last_post_at', { withTimezone: true }),
    postCount: integer('post_count').notNull().default(0),
    /**
     * Bumped (by statement triggers, migration 0025) whenever the thread's posts or their reactions change:
     * what a cached page of posts was read at (posts/page-cache.ts), checked on every read, so a cached page
     * is never served after a change, on any replica.
     */
    postsVersion: bigint('posts_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('threads_case_idx').on(t.caseId, t.archived, t.id)],
);

/** The participants (case_participants rows: users or groups) a restricted thread is open to. */
export const threadParticipants = pgTable(
  'thread_participants',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => caseParticipants.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('thread_participants_thread_participant_idx').on(t.threadId, t.participantId),
    index('thread_participants_participant_idx').on(t.participantId),
  ],
);

/** How far a user has read a thread: posts with a larger id are unread for them. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadPostId: integer('last_read_post_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_reads_user_idx').on(t.userId)],
);
