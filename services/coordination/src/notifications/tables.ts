// The notifications domain's table: what a user reads in the app's notifications menu.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    // since its title carries the thread's subject.
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // For the cascade when a thread is deleted.
    index('notifications_thread_idx')
      .on(t.threadId)
      .where(sql`${t.threadId} is not null`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
