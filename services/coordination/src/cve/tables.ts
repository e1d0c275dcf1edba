// The CVE domain's tables (issue 12): CVE Services accounts (scorers and admins manage them; the API key is
// encrypted at rest with CVDP_SECRET_KEY and never returned) and the CVE ids reserved through them.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { vulnerabilities } from '../vuls/tables.ts';

/** environment: 'production', 'test', or 'custom' with `baseUrl`. */
export const cveAccounts = pgTable('cve_accounts', {
  id: serial('id').primaryKey(),
  orgShortName: text('org_short_name').notNull(),
  username: text('username').notNull(),
  /** AES-GCM ciphertext of the API key (iv + tag + data, base64), keyed from CVDP_SECRET_KEY. */
  apiKeyEncrypted: text('api_key_encrypted').notNull(),
  environment: text('environment').notNull().default('test'),
  baseUrl: text('base_url'),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** state: CVE Services' RESERVED, PUBLISHED, REJECTED. A reserved id may be given to one vulnerability. */
export const cveReservations = pgTable(
  'cve_reservations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => cveAccounts.id, { onDelete: 'cascade' }),
    cveId: text('cve_id').notNull(),
    state: text('state').notNull().default('RESERVED'),
    cveYear: integer('cve_year').notNull(),
    vulId: integer('vul_id').references(() => vulnerabilities.id, { onDelete: 'set null' }),
    reservedBy: integer('reserved_by').references(() => users.id, { onDelete: 'set null' }),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the record was last published/updated in CVE Services from here. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cve_reservations_cve_idx').on(t.cveId),
    index('cve_reservations_account_idx').on(t.accountId, t.id),
    uniqueIndex('cve_reservations_vul_idx').on(t.vulId),
  ],
);
