// Connections to other CVDP instances (issue 14): where they are, the token we present to them (AES-256-GCM
// at rest, keyed from CVDP_SECRET_KEY) and the sha256 of the token they present to us.
import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    outgoingTokenEncrypted: text('outgoing_token_encrypted').notNull(),
    incomingTokenHash: text('incoming_token_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connections_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('connections_incoming_token_hash_idx').on(t.incomingTokenHash),
  ],
);
