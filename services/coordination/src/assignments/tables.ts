// The assignments domain's tables: coordinators assigned to cases, and auto-assignment roles whose users
// take new cases in turn (round robin).
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

export const autoAssignmentRoles = pgTable(
  'auto_assignment_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The user who got the last case through this role; the next one goes to the member after them. */
    lastUserId: integer('last_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auto_assignment_roles_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const autoAssignmentMembers = pgTable(
  'auto_assignment_members',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => autoAssignmentRoles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] })],
);

/** An assignment is current while unassigned_at is null; ended ones are kept with their reason. */
export const caseAssignments = pgTable(
  'case_assignments',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'manual' or the auto-assignment role's name at the time. */
    via: text('via').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unassignedAt: timestamp('unassigned_at', { withTimezone: true }),
    unassignedBy: integer('unassigned_by').references(() => users.id, { onDelete: 'set null' }),
    unassignReason: text('unassign_reason'),
  },
  (t) => [
    index('case_assignments_case_idx').on(t.caseId),
    index('case_assignments_user_idx').on(t.userId),
    uniqueIndex('case_assignments_current_idx')
      .on(t.caseId, t.userId)
      .where(sql`${t.unassignedAt} is null`),
  ],
);
