// A scheduled publication of a case's advisory (issue 25 item 5). The worker (worker.ts) claims a due row with a
// lease, then publishes — or records the blockers — in one transaction that also ends the row's `scheduled`
// state, so a row is acted on exactly once whatever crashes or races. At most one row per case is scheduled.
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { Blocker } from '@cvdp/core';
import { cases } from '../../cases/tables.ts';
import { advisoryRevisions } from '../tables.ts';

export interface CveResult {
  cve_id: string;
  ok: boolean;
  message: string;
}

export const advisoryPublications = pgTable(
  'advisory_publications',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** 'embargo_end' (dueAt follows the embargo's end) or 'at' (a fixed instant). */
    when: text('when').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    publishCves: boolean('publish_cves').notNull().default(false),
    /** scheduled → published | blocked | cancelled. */
    state: text('state').notNull().default('scheduled'),
    blockers: jsonb('blockers').$type<Blocker[]>().notNull().default([]),
    revisionId: integer('revision_id').references(() => advisoryRevisions.id, { onDelete: 'set null' }),
    /** After publishing, the CVE records still to send (publishCves): done once cveResults is set. */
    cvesDone: boolean('cves_done').notNull().default(true),
    cveResults: jsonb('cve_results').$type<CveResult[]>().notNull().default([]),
    /** A claimed row is out of every other worker's reach until then (clock time). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('advisory_publications_one_scheduled_idx')
      .on(t.caseId)
      .where(sql`${t.state} = 'scheduled'`),
    index('advisory_publications_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'scheduled' or not ${t.cvesDone}`),
    index('advisory_publications_case_idx').on(t.caseId, t.id),
  ],
);
