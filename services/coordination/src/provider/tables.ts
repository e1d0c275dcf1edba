// The CSAF trusted provider's tables (issue 29): the instance's OpenPGP signing key (one row) and the files it
// publishes — one signed CSAF document per case, from the case's latest published revision, replaced when a
// newer revision is published. The files are kept, not built per request, so their bytes, hashes and
// signature stay the same between fetches (aggregators compare them).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cases } from '../cases/tables.ts';

/** The signing key: id is always 1 (a second replica's insert on first use clashes and reads the first). */
export const csafProviderKeys = pgTable('csaf_provider_keys', {
  id: integer('id').primaryKey(),
  /** Upper-case hex, 40 characters (a v4 key). */
  fingerprint: text('fingerprint').notNull(),
  publicKey: text('public_key').notNull(),
  /** The armored private key, encrypted with CVDP_SECRET_KEY (the kit's secret box); never returned. */
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The published CSAF document of a case. `revision` and `settingsUpdatedAt` say what it was built from: a
 * newer published revision or changed CSAF settings (TLP, profile, tracking id) make it stale. `path`
 * is the path under the TLP folder: `<year>/<tracking id as a file name>`.
 */
export const csafProviderDocuments = pgTable('csaf_provider_documents', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
  settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }),
  /**
   * 'public' (TLP:CLEAR/WHITE, served), 'withheld' (another TLP label: never served) or 'failed' (the
   * document did not build or validate; logged). Kept for every case so a case is not rebuilt per request.
   */
  status: text('status').notNull(),
  trackingId: text('tracking_id').notNull(),
  title: text('title').notNull(),
  /** Null unless public. */
  path: text('path').unique(),
  content: text('content').notNull(),
  sha256: text('sha256').notNull(),
  sha512: text('sha512').notNull(),
  signature: text('signature').notNull(),
  /** The document's initial_release_date and current_release_date. */
  initialReleaseDate: timestamp('initial_release_date', { withTimezone: true }).notNull(),
  currentReleaseDate: timestamp('current_release_date', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
