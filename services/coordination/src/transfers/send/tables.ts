// Transfers, the sending side (issue 14): one row per transfer of a case to a connected instance, one per
// step of it, and one per item the receiver acknowledged (a thread, a file…), so a resumed step skips what
// already arrived. The worker claims transfers like the email outbox does (next_attempt_at is both the
// retry time and the lease of a running transfer).
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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { cases } from '../../cases/tables.ts';
import { connections } from '../../connections/tables.ts';

/** state: queued (waiting for its first or next attempt), running (claimed, leased), done, failed. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .default(sql`gen_random_uuid()`),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The connection's name when the transfer started (kept if the connection is removed). */
    connectionName: text('connection_name').notNull(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('queued'),
    remoteCaseId: integer('remote_case_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time of a queued transfer; the lease's end while it runs. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfers_uuid_idx').on(t.uuid),
    index('transfers_case_idx').on(t.caseId, t.id),
    index('transfers_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/** step: report, threads, vuls, advisory, artifacts, status (position orders them). */
export const transferSteps = pgTable(
  'transfer_steps',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    position: integer('position').notNull(),
    state: text('state').notNull().default('pending'),
    itemsDone: integer('items_done').notNull().default(0),
    itemsTotal: integer('items_total'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('transfer_steps_transfer_step_idx').on(t.transferId, t.step)],
);

/** An item of a step the receiver acknowledged (item: the source id, '' for single-call steps). */
export const transferAcks = pgTable(
  'transfer_acks',
  {
    transferId: integer('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    item: text('item').notNull(),
    remoteId: text('remote_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.step, t.item] })],
);
