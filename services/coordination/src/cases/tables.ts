// The cases domain's tables: the case itself and who takes part in it (users or groups, with a role).
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups, users } from '@cvdp/server-kit/tables';

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
