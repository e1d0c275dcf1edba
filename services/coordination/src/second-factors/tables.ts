// Second factors (issue 27): each user's TOTP apps and passkeys, their one-use recovery codes, sign-ins
// waiting for their second step, and the administrator's requirement for staff roles.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

/**
 * kind 'totp': secret_enc holds the base32 secret encrypted with CVDP_SECRET_KEY (the secret box);
 * confirmed_at stays null until a first code proves the app has it (unconfirmed rows never count).
 * last_step: the 30-second step of the last code accepted, so a code is never accepted twice.
 * kind 'passkey': credential_id (base64url), public_key (base64url COSE key), sign_count, transports.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    secretEnc: text('secret_enc'),
    lastStep: bigint('last_step', { mode: 'number' }),
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_credential_idx')
      .on(t.credentialId)
      .where(sql`${t.credentialId} IS NOT NULL`),
  ],
);

/** sha256 of each code (they are random, 50 bits: a fast hash is enough); used_at set on its one use. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted, the second step not yet done: no session exists. id_hash is sha256 of the token
 * handed to the client. attempts counts wrong codes (the sign-in is dropped after a few); challenge is the
 * WebAuthn challenge of a passkey step, or the TOTP secret being enrolled when enrolment is required.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolRequired: boolean('enrol_required').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
);

/** One row (id 1): whether staff roles must have a second factor, from required_since + grace_days on. */
export const secondFactorPolicy = pgTable('second_factor_policy', {
  id: integer('id').primaryKey(),
  required: boolean('required').notNull().default(false),
  graceDays: integer('grace_days').notNull().default(0),
  requiredSince: timestamp('required_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A passkey registration's challenge, per user, until the browser answers it. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
