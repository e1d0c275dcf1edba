// The receiving side of transfers (issue 14): which case a connection's transfer created here (and where it
// came from), the sender's vulnerability ids mapped to ours, and every answered call by its idempotency key.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from '../../cases/tables.ts';
import { connections } from '../../connections/tables.ts';
import { vulnerabilities } from '../../vuls/tables.ts';

/** A case created here by a connection's `report/` call: only that connection may add to it. */
export const receivedTransfers = pgTable(
  'received_transfers',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** Null once the connection was removed (the case stays, nobody may add to it any more). */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The connection's name when the case came in (kept if the connection is renamed or removed). */
    connectionName: text('connection_name').notNull(),
    transferUuid: uuid('transfer_uuid').notNull(),
    sourceUrl: text('source_url').notNull(),
    sourceCaseId: integer('source_case_id').notNull(),
    sourceCaseLabel: text('source_case_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('received_transfers_transfer_idx')
      .on(t.connectionId, t.transferUuid)
      .where(sql`${t.connectionId} is not null`),
  ],
);

/** The sender's vulnerability id → ours, per received case (the advisory names the sender's ids). */
export const receivedVuls = pgTable(
  'received_vuls',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => receivedTransfers.caseId, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull(),
    vulId: integer('vul_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('received_vuls_source_idx').on(t.caseId, t.sourceId)],
);

/** One answered call: a repeat with the same key gets `answer` back; another payload under it is a 409. */
export const transferRequests = pgTable(
  'transfer_requests',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the call (path and payload, or the file's sha256). */
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfer_requests_key_idx').on(t.connectionId, t.key),
    index('transfer_requests_case_idx').on(t.caseId),
  ],
);
