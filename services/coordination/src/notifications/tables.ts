// The notifications domain's tables: what a user reads in the app's notifications menu (grouped per thread
// or case while unread), the requests that wait for them to act, their per-thread follow/mute, how they
// want conversation emailed, and the digests sent.
import { sql } from 'drizzle-orm';
import {
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
import { cases } from '../cases/tables.ts';
import { threads } from '../threads/tables.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    // The thread a notification is about (a new post): it is shown only while the user may read that thread,
    // since its title carries the thread's subject. Kept on grouped rows: reading the thread marks them read.
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    /** When the latest event it tells of happened (a grouped row moves up with each event). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * What the row collects while unread ('thread:12', 'case:3'): the next event with the same key updates it
     * (count, latest actor, title, time) instead of adding a row. Null: a row of its own (and rows written
     * before grouping).
     */
    groupKey: text('group_key'),
    /** How many events the row tells of (1 for an ungrouped row). */
    eventCount: integer('event_count').notNull().default(1),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // For the cascade when a thread is deleted, and for marking a thread's rows read.
    index('notifications_thread_idx')
      .on(t.threadId)
      .where(sql`${t.threadId} is not null`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // One unread row per (person, group): concurrent events meet here (insert … on conflict do update).
    uniqueIndex('notifications_open_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
  ],
);

/**
 * Action needed: a request that waits for this user to act (approve an advisory revision, fill in their
 * vendor status, answer an embargo proposal…), keyed by (kind, object). It stays until the action resolves
 * it — "mark read" does not touch it. One open row per (user, kind, object).
 */
export const actionItems = pgTable(
  'action_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The id of what is asked about (an approval, a participant row, a proposal…), per kind. */
    objectId: integer('object_id').notNull(),
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('action_items_open_idx')
      .on(t.userId, t.kind, t.objectId)
      .where(sql`${t.resolvedAt} is null`),
    index('action_items_object_idx')
      .on(t.kind, t.objectId)
      .where(sql`${t.resolvedAt} is null`),
    index('action_items_case_idx').on(t.caseId),
  ],
);

/** A user's own choice for one thread: 'follow' (told even when the case is muted) or 'mute' (never told). */
export const threadFollows = pgTable(
  'thread_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index('thread_follows_thread_idx').on(t.threadId)],
);

/** How a user wants conversation (new posts) emailed: 'immediate' (the default, no row), 'hourly' or 'daily'. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationEmail: text('conversation_email').notNull().default('immediate'),
  },
  (t) => [index('notification_preferences_digest_idx').on(t.conversationEmail)],
);

/**
 * One row per (user, period) whose digest was built: the claim that makes it exactly once across replicas
 * (the insert and the outbox row are one transaction; a second worker's insert finds the row and does nothing).
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** How many entries it listed (0: nothing new, no email). */
    entries: integer('entries').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_digests_period_idx').on(t.userId, t.mode, t.periodStart)],
);
