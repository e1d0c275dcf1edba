// The vendor-status domain's table (issue 11): for each vendor participant of a case and each of its
// vulnerabilities, what the vendor says — the grid VEX is built from.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { caseParticipants, cases } from '../cases/tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';

/**
 * status: unknown, under_investigation, affected, not_affected, fixed (core's VENDOR_STATUSES).
 * `justification` (CSAF/VEX label) only for not_affected. `product` names the vendor's product (the
 * vendor's name when empty); versions are free text, `cpe` (2.3 formatted string) and `purl` optional.
 * No row means unknown.
 */
export const vendorStatus = pgTable(
  'vendor_status',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    vulId: integer('vul_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => caseParticipants.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('unknown'),
    justification: text('justification'),
    product: text('product').notNull().default(''),
    affectedVersions: text('affected_versions').notNull().default(''),
    fixedVersions: text('fixed_versions').notNull().default(''),
    cpe: text('cpe'),
    purl: text('purl'),
    statement: text('statement').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_status_vul_participant_idx').on(t.vulId, t.participantId),
    index('vendor_status_case_idx').on(t.caseId),
  ],
);
