// The embargo domain's tables (issue 25): one embargo per case (its state after Vultron's model), the
// proposals made for it and each vendor participant's answer, the hash-chained log of everything that
// happened to it, and the reminders sent before its end (one row per reminder: what makes each go once).
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { caseParticipants, cases } from '../cases/tables.ts';

/**
 * The embargo of a case; a case without a row has none. `state` follows machine.ts; `endsAt` is the agreed
 * end (null until one is agreed). `logHead` is the hash of the log's last entry: appends lock this row, so
 * two concurrent appends cannot fork the chain, and a deleted tail entry is seen (the head no longer matches).
 */
export const embargoes = pgTable('embargoes', {
  id: serial('id').primaryKey(),
  caseId: integer('case_id')
    .notNull()
    .unique()
    .references(() => cases.id, { onDelete: 'cascade' }),
  state: text('state').notNull().default('none'),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  exitKind: text('exit_kind'),
  exitReason: text('exit_reason').notNull().default(''),
  exitedAt: timestamp('exited_at', { withTimezone: true }),
  logSeq: integer('log_seq').notNull().default(0),
  logHead: text('log_head').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A proposed end: `start` (the first one, staff) or `change` (staff, or a vendor / reporter participant's
 * extension request — `participantId` is theirs). At most one is open per embargo (the partial unique
 * index). `decision` records, when it was decided, who had accepted, declined or not answered.
 */
export const embargoProposals = pgTable(
  'embargo_proposals',
  {
    id: serial('id').primaryKey(),
    embargoId: integer('embargo_id')
      .notNull()
      .references(() => embargoes.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status').notNull().default('open'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    participantId: integer('participant_id').references(() => caseParticipants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment').notNull().default(''),
    decision: jsonb('decision').$type<{ accepted: number[]; declined: number[]; not_answered: number[] }>(),
  },
  (t) => [
    uniqueIndex('embargo_proposals_one_open')
      .on(t.embargoId)
      .where(sql`${t.status} = 'open'`),
    index('embargo_proposals_case_idx').on(t.caseId),
  ],
);

/** A vendor participant's answer to a proposal: once per participant (a group answers as the group). */
export const embargoAnswers = pgTable(
  'embargo_answers',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => embargoProposals.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => caseParticipants.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    comment: text('comment').notNull().default(''),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('embargo_answers_once').on(t.proposalId, t.participantId)],
);

/**
 * The embargo's log: entry `seq` (1, 2, …) holds the hash of entry seq-1 (`prevHash`, '' for the first) and
 * its own `hash` = SHA-256 of the canonical JSON of its fields and prevHash (log.ts). Never updated.
 */
export const embargoLog = pgTable(
  'embargo_log',
  {
    id: serial('id').primaryKey(),
    embargoId: integer('embargo_id')
      .notNull()
      .references(() => embargoes.id, { onDelete: 'cascade' }),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [unique('embargo_log_seq').on(t.embargoId, t.seq)],
);

/**
 * A reminder sent (kind 't7', 't1', 't0') for one end of an embargo: the unique row is the claim — a worker
 * inserts it in the transaction that notifies, so two workers (or one restarted) never send it twice. A new
 * end has rows of its own: changing the end re-arms the reminders.
 */
export const embargoReminders = pgTable(
  'embargo_reminders',
  {
    id: serial('id').primaryKey(),
    embargoId: integer('embargo_id')
      .notNull()
      .references(() => embargoes.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    recipients: integer('recipients').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('embargo_reminders_once').on(t.embargoId, t.endsAt, t.kind)],
);
