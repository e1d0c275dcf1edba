// Ingest runs (issue 13): one row per run of `npm run scoring:ingest` or an admin upload, updated as files
// are read, so a screen can poll the progress of a long ingest (GET …/ingest/{id}/) and see what was refused.
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

export const ingestJobs = pgTable('ingest_jobs', {
  id: serial('id').primaryKey(),
  /** 'cli' | 'upload' | 'coordination' */
  origin: text('origin').notNull(),
  /** What was read: file or folder names (never a path outside what the caller gave). */
  label: text('label').notNull().default(''),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  /** 'running' | 'done' | 'failed' */
  status: text('status').notNull().default('running'),
  filesRead: integer('files_read').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** The first 1,000 refusals: [{file, reason}]. */
  rejects: jsonb('rejects').$type<{ file: string; reason: string }[]>().notNull().default([]),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
