// The groups domain's table: users asking to join a group, and the administrator's decision.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups, users } from '@cvdp/server-kit/tables';

export const groupRequests = pgTable(
  'group_requests',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'), // 'pending' | 'approved' | 'rejected'
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('group_requests_status_idx').on(t.status)],
);
