// The advisories domain's tables (issue 12): every revision of a case's advisory (never overwritten), the
// approvals vendors give a revision, the CSAF profiles an administrator keeps and each case's CSAF settings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';
import { caseParticipants, cases } from '../cases/tables.ts';

/**
 * Revision `revision` (1, 2, … per case) of a case's advisory. The latest is the highest. `shared` /
 * `published` (with their dates, yyyy-MM-dd) are set on the latest revision by PATCH …/advisory/latest/:
 * a shared revision is readable by every participant of the case, a published one by anyone (the public
 * page). `vulIds` is the subset of the case's vulnerabilities it covers (empty: all). `csafDocument` keeps
 * an imported CSAF file as it was uploaded.
 */
export const advisoryRevisions = pgTable(
  'advisory_revisions',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    impact: text('impact').notNull().default(''),
    solution: text('solution').notNull().default(''),
    references: text('references')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    credits: text('credits')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    vulIds: integer('vul_ids')
      .array()
      .notNull()
      .default(sql`ARRAY[]::int[]`),
    /** 'editor' or 'csaf_upload'. */
    source: text('source').notNull().default('editor'),
    csafDocument: jsonb('csaf_document').$type<Record<string, unknown>>(),
    shared: boolean('shared').notNull().default(false),
    dateShared: date('date_shared', { mode: 'string' }),
    published: boolean('published').notNull().default(false),
    datePublished: date('date_published', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('advisory_revisions_case_revision_idx').on(t.caseId, t.revision),
    index('advisory_revisions_published_idx')
      .on(t.datePublished, t.id)
      .where(sql`${t.published}`),
  ],
);

/**
 * A request that a vendor participant approve one revision, and their answer. status: 'pending',
 * 'approved', 'changes_requested'. An approval of an older revision than the latest shows as such.
 */
export const advisoryApprovals = pgTable(
  'advisory_approvals',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => advisoryRevisions.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => caseParticipants.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    comment: text('comment').notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('advisory_approvals_revision_participant_idx').on(t.revisionId, t.participantId),
    index('advisory_approvals_case_idx').on(t.caseId),
  ],
);

/** An issuing identity for CSAF documents (admin: manage/csaf/profiles/). */
export const csafProfiles = pgTable(
  'csaf_profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** CSAF publisher.category: coordinator, discoverer, other, translator, user, vendor. */
    publisherCategory: text('publisher_category').notNull().default('coordinator'),
    publisherName: text('publisher_name').notNull(),
    namespace: text('namespace').notNull(),
    contactDetails: text('contact_details').notNull().default(''),
    issuingAuthority: text('issuing_authority').notNull().default(''),
    /** CSAF 2.0 TLP label: WHITE, GREEN, AMBER, RED. */
    defaultTlp: text('default_tlp').notNull().default('WHITE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('csaf_profiles_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A case's CSAF settings (GET/POST /api/case/{id}/settings/csaf/); no row means the defaults. */
export const caseCsafSettings = pgTable('case_csaf_settings', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  profileId: integer('profile_id').references(() => csafProfiles.id, { onDelete: 'set null' }),
  /** CSAF document category, e.g. csaf_security_advisory. */
  category: text('category').notNull().default('csaf_security_advisory'),
  tlp: text('tlp'),
  /** e.g. 'CVDP-{year}-{case}'; placeholders {year}, {case}. */
  trackingIdPattern: text('tracking_id_pattern').notNull().default('VU#{case}'),
  /** Product tree overrides: product names/ids by vendor participant (see the CSAF builder). */
  productTreeOverrides: jsonb('product_tree_overrides')
    .$type<Record<string, unknown>>()
    .notNull()
    .default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
