// The cases domain's tables: the case itself, who takes part in it (users or groups, with a role), each
// user's own relation to a case (muted, last seen), and the resolutions a case can be closed with.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups, users } from '@cvdp/server-kit/tables';

/** Resolutions a case is closed with (fixed, not a vulnerability, …); seeded by the migration. */
export const resolutionOptions = pgTable(
  'resolution_options',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('resolution_options_name_lower_idx').on(sql`lower(${t.name})`)],
);

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
    resolutionId: integer('resolution_id').references(() => resolutionOptions.id, { onDelete: 'restrict' }),
    dueDate: date('due_date', { mode: 'string' }),
    publicDate: date('public_date', { mode: 'string' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The first action of staff on the case after it was submitted (time to first response). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
  },
  (t) => [
    index('cases_status_idx').on(t.status, t.createdAt),
    index('cases_created_by_idx').on(t.createdBy),
    index('cases_updated_idx').on(t.updatedAt),
    index('cases_tags_idx').using('gin', t.tags),
    // "My cases" counts up to 1,001 owned cases and checks each one's status: read here, index-only, instead
    // of from each case's heap page (bench/README.md, issue 30).
    index('cases_id_status_idx').on(t.id, t.status),
  ],
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
    /** When the case notice was last sent to this participant. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('case_participants_case_idx').on(t.caseId),
    index('case_participants_user_idx').on(t.userId, t.caseId),
    index('case_participants_group_idx').on(t.groupId, t.caseId),
    // A user or a group takes part in a case once (its role can change).
    // "My cases" (owned=True): a coordinator's owner rows without reading every participant row's heap page.
    index('case_participants_owner_user_idx')
      .on(t.userId, t.caseId)
      .where(sql`${t.role} = 'owner'`),
    uniqueIndex('case_participants_case_user_idx')
      .on(t.caseId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('case_participants_case_group_idx')
      .on(t.caseId, t.groupId)
      .where(sql`${t.groupId} is not null`),
  ],
);

/** Each user's own relation to a case, staff included: muted (no notifications), last seen. */
export const caseUserStates = pgTable(
  'case_user_states',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.caseId, t.userId] }), index('case_user_states_user_idx').on(t.userId)],
);

/**
 * How many cases are in each status, kept by triggers (migration 0005): a coordinator's unfiltered list and
 * the triage queue answer their count from here instead of counting 100,000 rows on every page.
 */
export const caseStatusCounts = pgTable('case_status_counts', {
  status: integer('status').primaryKey(),
  n: integer('n').notNull().default(0),
});
