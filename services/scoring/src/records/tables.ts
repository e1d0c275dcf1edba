// The records domain of base 2 (issue 13): one row per CVE record in the queue (the CVE JSON 5 record as
// ingested, the fields the queue filters and orders by, and the queue state scorers change), the values
// the record carries with their provenance, and every change of a record and of our enrichment.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '@cvdp/server-kit/tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A CVE record in the scoring queue. `cveId` is stored upper-case (`CVE-2024-4947`), unique. `record` is
 * the CVE JSON 5.x document as last ingested; `contentHash` (sha256 of its canonical JSON) makes a re-ingest
 * of the same document a no-op. The columns after `record` are read out of it at ingest (or, for `score`
 * and `severity`, out of our score when there is one) so the queue filters and orders without opening the
 * JSON. Queue state (`status`, assignment, lock, reassess reason) belongs to scorers: ingest never writes it.
 *
 * status: 'open' (nobody took it) | 'assigned' | 'scored' | 'reassess' (sent back with `reassessReason`).
 * A lock is held by `lockedBy` since `lockedAt`; it lapses after config.scoringLockSeconds (readers treat
 * an older lock as none; the next lock simply overwrites it).
 */
export const cveRecords = pgTable(
  'cve_records',
  {
    id: serial('id').primaryKey(),
    cveId: text('cve_id').notNull(),
    /** 'PUBLISHED' | 'REJECTED' (cveMetadata.state). */
    state: text('state').notNull(),
    /** dataVersion of the record ('5.0', '5.1', …). */
    dataVersion: text('data_version').notNull(),
    /** 'cve' (ingested from CVE JSON files/feeds) | 'coordination' (a case's vulnerability once published). */
    origin: text('origin').notNull().default('cve'),
    /** For origin 'coordination': the case and vulnerability it came from (base 1 ids; no foreign key across services). */
    caseId: integer('case_id'),
    caseVulId: integer('case_vul_id'),
    assigner: text('assigner').notNull().default(''),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    vendors: text('vendors')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    products: text('products')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Effective CWE ids ('CWE-79'): ours if scored, else the CNA's, else an ADP's. */
    cwes: text('cwes')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Lower-case words for `query`: id, title, description, vendors, products, CWEs. */
    searchText: text('search_text').notNull().default(''),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    datePublished: timestamp('date_published', { withTimezone: true }),
    /** cveMetadata.dateUpdated: the record's own "modified". */
    dateUpdated: timestamp('date_updated', { withTimezone: true }),
    dateReserved: timestamp('date_reserved', { withTimezone: true }),
    /** In CISA's KEV catalogue (an ADP `other.type = "kev"` metric). */
    kev: boolean('kev').notNull().default(false),
    kevDateAdded: date('kev_date_added'),
    /** Any SSVC decision present: CISA's (or another ADP's) in the record, or ours. */
    hasSsvc: boolean('has_ssvc').notNull().default(false),
    /** Effective CVSS base score and its severity ('NONE'…'CRITICAL'): ours, else the CNA's, else an ADP's; newest version first. */
    score: numeric('score', { precision: 3, scale: 1, mode: 'number' }),
    severity: text('severity'),
    /** Set by software priorities (a later issue); orders the queue. */
    priority: integer('priority').notNull().default(0),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** Queue state — scorers' work, never touched by ingest. */
    status: text('status').notNull().default('open'),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    lockedBy: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    reassessReason: text('reassess_reason'),
    reassessedAt: timestamp('reassessed_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    /** Our row: first ingest, last change of the record by ingest, last change of anything. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cve_records_cve_id_idx').on(t.cveId),
    // `query=CVE-2024-12` is `cve_id like 'CVE-2024-12%'`: the unique index above follows the database
    // collation and cannot serve a prefix, so without this one every such search read all records.
    index('cve_records_cve_id_prefix_idx').on(t.cveId.op('text_pattern_ops')),
    uniqueIndex('cve_records_case_vul_idx')
      .on(t.caseVulId)
      .where(sql`${t.caseVulId} is not null`),
    index('cve_records_tsv_idx').using('gin', t.tsv),
    index('cve_records_cwes_idx').using('gin', t.cwes),
    // The queue's orderings, in the order the queue asks for them (records/store.ts orderBy: `field asc nulls
    // last, id asc` and `field desc nulls last, id desc`): an index read backwards puts nulls first, so each
    // direction has its own and a page is the first rows of an index scan, not a sort of every match
    // (bench/scoring-queue.bench.ts). `-priority` (the default) ties on newest published.
    index('cve_records_published_idx').on(t.datePublished, t.id),
    index('cve_records_published_desc_idx').on(t.datePublished.desc().nullsLast(), t.id.desc()),
    index('cve_records_updated_idx').on(t.dateUpdated, t.id),
    index('cve_records_updated_desc_idx').on(t.dateUpdated.desc().nullsLast(), t.id.desc()),
    index('cve_records_score_idx').on(t.score, t.id),
    index('cve_records_score_desc_idx').on(t.score.desc().nullsLast(), t.id.desc()),
    index('cve_records_priority_idx').on(t.priority.desc(), t.datePublished.desc().nullsLast(), t.id.desc()),
    // Common filters, each with the newest published first.
    index('cve_records_status_idx').on(t.status, t.datePublished.desc().nullsLast()),
    index('cve_records_assigned_idx')
      .on(t.assignedTo, t.datePublished.desc().nullsLast())
      .where(sql`${t.assignedTo} is not null`),
    index('cve_records_locked_idx')
      .on(t.lockedBy)
      .where(sql`${t.lockedBy} is not null`),
    index('cve_records_kev_idx')
      .on(t.datePublished.desc().nullsLast())
      .where(sql`${t.kev}`),
    index('cve_records_severity_idx').on(t.severity, t.datePublished.desc().nullsLast()),
    // "Needs SSVC" (has_ssvc=0), with or without a severity: without it a count of a rare combination read the
    // whole table (330 ms at 300,000 records, bench/README.md, issue 30).
    index('cve_records_no_ssvc_idx')
      .on(t.severity, t.score.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`not ${t.hasSsvc}`),
  ],
);

/**
 * One row per value a record or a scorer gives: kind 'cwe' | 'cvss' | 'cpe' | 'ssvc' | 'kev', source 'cna' |
 * 'adp:<shortName>' (e.g. 'adp:CISA-ADP') | 'scorer'. `value` is the value's key — 'CWE-79', the CVSS vector,
 * the CPE 2.3 string, the SSVC options as 'E:poc/A:no/TI:total', the KEV dateAdded — and `detail` the object
 * it came in (the cvssV3_1 block, the SSVC content, the KEV content). Ingest replaces the 'cna'/'adp:*' rows of
 * a record whose content changed and never touches 'scorer' rows (later issues add those, e.g. CPEs).
 */
export const vulEnrichment = pgTable(
  'vul_enrichment',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => cveRecords.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    value: text('value').notNull(),
    /** CVSS only: '4.0' | '3.1' | '3.0' | '2.0', the base score and severity as the source gave them. */
    version: text('version'),
    score: numeric('score', { precision: 3, scale: 1, mode: 'number' }),
    severity: text('severity'),
    detail: jsonb('detail'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vul_enrichment_record_idx').on(t.recordId, t.kind),
    index('vul_enrichment_kind_value_idx').on(t.kind, t.value),
  ],
);

/**
 * Every change of a record (by ingest) and of our enrichment (scores, queue state), newest last. `kind`:
 * 'record' | 'enrichment' | 'score' | 'queue'. `before`/`after` hold only what changed (for a record: the
 * changed JSON paths; null before = created). `actorId` is null for ingest; `ingestJobId` says which run.
 */
export const vulChanges = pgTable(
  'vul_changes',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => cveRecords.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    ingestJobId: integer('ingest_job_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vul_changes_record_idx').on(t.recordId, t.id)],
);
