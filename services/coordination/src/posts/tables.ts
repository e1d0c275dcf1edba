// The posts domain's tables: the posts of a thread (Markdown source + sanitised HTML rendered on write),
// every earlier version of an edited post, and reactions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { groups, users } from '@cvdp/server-kit/tables';
import { cases } from '../cases/tables.ts';
import { threads } from '../threads/tables.ts';

/** A deleted post keeps its row (replies point at it) with deleted_at set and its text emptied. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** The thread's case, kept here so search and lists need no join. */
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The group the author wrote for (a vendor member posting as their vendor), if any. */
    authorGroupId: integer('author_group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** Who wrote a post received from another instance, as that instance named them (no local author). */
    externalAuthor: text('external_author'),
    content: text('content').notNull(),
    html: text('html').notNull(),
    replyTo: integer('reply_to').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    pinned: boolean('pinned').notNull().default(false),
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('posts_thread_idx').on(t.threadId, t.id),
    index('posts_pinned_idx')
      .on(t.threadId, t.id)
      .where(sql`${t.pinned}`),
    index('posts_reply_to_idx').on(t.replyTo),
  ],
);

/** The text a post had before each edit. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.id)],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.reaction] }),
    // The caller's own reactions in a thread, read with every page of posts (posts/page-cache.ts).
    index('post_reactions_user_idx').on(t.userId, t.postId),
  ],
);

/**
 * One row: a number bumped (migration 0025's triggers) whenever a user's or a group's name changes, since a
 * cached page of posts shows its authors' names (posts/page-cache.ts keys its pages by it).
 */
export const postAuthorNamesVersion = pgTable('post_author_names_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
