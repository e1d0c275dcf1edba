// The one ingester behind `npm run scoring:ingest` and the admin upload: files one at a time, parsed and
// checked, written in batches (one transaction per batch). A record is new (inserted), updated (its content
// changed: the record columns and its cna/adp values replaced, scorers' work kept), unchanged (same content
// hash: nothing written) or rejected (reported with its file name; the run goes on). Each batch also writes
// the records' changes and activity and the run's counts in its ingest_jobs row, which is the progress a
// screen polls.
import { eq, inArray, ne, and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, type PgClient, type Tx, postgresPoolOf, transactionWithClient } from '@cvdp/server-kit';
import { cveRecords, vulChanges, vulEnrichment } from '../records/tables.ts';
import { vulActivity } from '../activity/tables.ts';
import { applyOurScores } from '../records/effective.ts';
import { queueChanged } from '../records/store.ts';
import { applyIngestedWork } from '../work/store.ts';
import { ingestJobs } from './tables.ts';
import { type EnrichmentValue, type ParsedRecord, RecordError, parseCveRecord } from './parse-record.ts';
import type { CoordinationLink, SourceFile } from './sources.ts';
import { copyRows } from './copy-rows.ts';

/**
 * A parsed record as a batch holds it: without the parsed document (a large object graph, kept alive while the
 * batch waits and is written, which made the process's memory grow) — its JSON text is enough to write it and
 * is parsed again only for a record that changed. With its coordination case when it came from base 1.
 */
type IngestRecord = Omit<ParsedRecord, 'record'> & { link?: CoordinationLink };

export interface IngestCounts {
  filesRead: number;
  new: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface IngestReject {
  file: string;
  reason: string;
}

export interface IngestResult extends IngestCounts {
  jobId: number;
  rejects: IngestReject[];
}

export interface IngestOptions {
  /** An existing job row to report into (the upload route creates it first); else one is created. */
  jobId?: number;
  origin?: 'cli' | 'upload' | 'coordination';
  label?: string;
  actorId?: number | null;
  /** Records per transaction. */
  batchSize?: number;
  onProgress?: (counts: IngestCounts, rejects: IngestReject[]) => void;
}

/** Only so many refusals are kept on the job row (the counts are always exact). */
export const MAX_KEPT_REJECTS = 1000;
const ENRICHMENT_CHUNK = 2000;

export async function createIngestJob(
  db: Db,
  values: { origin: 'cli' | 'upload' | 'coordination'; label: string; startedBy: number | null },
) {
  const [job] = await db.insert(ingestJobs).values(values).returning();
  return job;
}

/** The record's values in the form vul_enrichment keeps them, for comparing an old set with a new one. */
const enrichmentKey = (v: { kind: string; source: string; value: string }) =>
  `${v.kind}|${v.source}|${v.value}`;

/** The JSON paths that differ between two records, with their values (arrays compared whole), at most `limit`. */
export function diffRecords(before: unknown, after: unknown, limit = 100) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  let n = 0;
  const walk = (x: unknown, y: unknown, p: string) => {
    if (n >= limit) return;
    const xo = typeof x === 'object' && x !== null && !Array.isArray(x);
    const yo = typeof y === 'object' && y !== null && !Array.isArray(y);
    if (xo && yo) {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const k of keys)
        walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], p ? `${p}.${k}` : k);
      return;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    n++;
    if (x !== undefined) b[p] = x;
    if (y !== undefined) a[p] = y;
  };
  walk(before, after, '');
  return { before: b, after: a };
}

/**
 * The record columns ingest writes. A record from base 1 is origin 'coordination' with its case link; one from
 * CVE JSON files is origin 'cve' and keeps any case link it has (the CVE list's record, with the ADP
 * containers, supersedes the copy built by our coordination service).
 */
function recordColumns(r: IngestRecord) {
  return {
    origin: r.link ? 'coordination' : 'cve',
    ...(r.link ? { caseId: r.link.caseId, caseVulId: r.link.caseVulId } : {}),
    cveId: r.cveId,
    state: r.state,
    dataVersion: r.dataVersion,
    assigner: r.assigner,
    title: r.title,
    description: r.description,
    vendors: r.vendors,
    products: r.products,
    cwes: r.cwes,
    searchText: r.searchText,
    datePublished: r.datePublished,
    dateUpdated: r.dateUpdated,
    dateReserved: r.dateReserved,
    kev: r.kev,
    kevDateAdded: r.kevDateAdded,
    hasSsvc: r.hasSsvc,
    score: r.score,
    severity: r.severity,
    contentHash: r.contentHash,
  };
}

function enrichmentRows(recordId: number, values: EnrichmentValue[]) {
  return values.map((v) => ({
    recordId,
    kind: v.kind,
    source: v.source,
    value: v.value,
    version: v.version ?? null,
    score: v.score ?? null,
    severity: v.severity ?? null,
    detail: v.detail ?? null,
  }));
}

/**
 * Many rows in one statement with one parameter: INSERT … SELECT FROM jsonb_to_recordset($1), much cheaper
 * than one bound parameter per value (the records batch is a few MB of JSON). Rows are keyed by the table's
 * property names; a key missing from every row takes its column default.
 */
async function insertRecordset(
  tx: Tx,
  table: PgTable,
  rows: Record<string, unknown>[],
  suffix?: SQL,
  /** A property whose value is already JSON text (the record as parsed), spliced in rather than serialised again. */
  rawJsonKey?: string,
) {
  const columns = table as unknown as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const names = keys.map((k) => sql.identifier(columns[k].name));
  const defs = keys.map((k) => sql`${sql.identifier(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`);
  const plain = keys.filter((k) => k !== rawJsonKey);
  const parts: string[] = [];
  for (const r of rows) {
    const head = JSON.stringify(Object.fromEntries(plain.map((k) => [columns[k].name, r[k] ?? null])));
    parts.push(
      rawJsonKey && typeof r[rawJsonKey] === 'string'
        ? `${head.slice(0, -1)}${plain.length ? ',' : ''}${JSON.stringify(columns[rawJsonKey].name)}:${r[rawJsonKey]}}`
        : head,
    );
  }
  const json = `[${parts.join(',')}]`;
  return tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.join(defs, sql`, `)}) ${suffix ?? sql``}`,
  );
}

/** Plain inserts of many rows: one COPY on PostgreSQL, jsonb_to_recordset statements on PGlite. */
async function insertChunked<T extends Record<string, unknown>>(
  tx: Tx,
  client: PgClient | null,
  table: PgTable,
  rows: T[],
) {
  if (client) return copyRows(client, table, rows);
  for (let i = 0; i < rows.length; i += ENRICHMENT_CHUNK)
    await insertRecordset(tx, table, rows.slice(i, i + ENRICHMENT_CHUNK));
}

/**
 * PostgreSQL: new records with one COPY into cve_records, their ids taken from its sequence beforehand (COPY
 * returns nothing), inside a savepoint. Null when a CVE id was inserted by another writer meanwhile (a unique
 * violation): the savepoint is rolled back and the caller takes the upsert path, which sorts them out.
 */
async function copyNewRecords(
  tx: Tx,
  client: PgClient,
  fresh: IngestRecord[],
  now: Date,
): Promise<{ id: number; cveId: string }[] | null> {
  const taken = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('cve_records', 'id'))::int as id from generate_series(1, ${fresh.length}::int)`,
  );
  const ids = (taken as { rows: { id: number }[] }).rows.map((row) => row.id);
  const rows = fresh.map((r, i) => ({
    id: ids[i],
    ...recordColumns(r),
    record: r.recordJson,
    createdAt: now,
    ingestedAt: now,
    updatedAt: now,
  }));
  try {
    await tx.transaction(() => copyRows(client, cveRecords, rows, 'record'));
  } catch (error) {
    if (
      (error as { code?: string }).code === '23505' &&
      (error as { constraint?: string }).constraint === 'cve_records_cve_id_idx'
    )
      return null;
    throw error;
  }
  return fresh.map((r, i) => ({ id: ids[i], cveId: r.cveId }));
}

interface BatchOutcome {
  new: number;
  updated: number;
  unchanged: number;
  /** Records another writer inserted meanwhile: written again as updates. */
  retry: IngestRecord[];
}

async function writeBatch(
  db: Db,
  batch: IngestRecord[],
  jobId: number,
  actorId: number | null,
): Promise<BatchOutcome> {
  const existing = await db
    .select({
      id: cveRecords.id,
      cveId: cveRecords.cveId,
      contentHash: cveRecords.contentHash,
      origin: cveRecords.origin,
      caseVulId: cveRecords.caseVulId,
    })
    .from(cveRecords)
    .where(
      inArray(
        cveRecords.cveId,
        batch.map((r) => r.cveId),
      ),
    );
  const byId = new Map(existing.map((e) => [e.cveId, e]));
  // A base-1 record whose CVE id came in from the CVE list first: the list's record stays (it carries the
  // ADP containers too); only the case link is written.
  const feedOwned = (r: IngestRecord) => !!r.link && byId.get(r.cveId)?.origin === 'cve';
  const fresh = batch.filter((r) => !byId.has(r.cveId));
  const changed = batch.filter(
    (r) => byId.has(r.cveId) && !feedOwned(r) && byId.get(r.cveId)!.contentHash !== r.contentHash,
  );
  const linkOnly = batch.filter((r) => feedOwned(r) && byId.get(r.cveId)!.caseVulId !== r.link!.caseVulId);
  const unchanged = batch.length - fresh.length - changed.length;
  if (fresh.length === 0 && changed.length === 0 && linkOnly.length === 0)
    return { new: 0, updated: 0, unchanged, retry: [] };

  // PostgreSQL writes the plain inserts with COPY on the transaction's own connection; PGlite (no pg client)
  // with INSERT … SELECT FROM jsonb_to_recordset. Either way the batch is one transaction.
  const pool = postgresPoolOf(db);
  const inTransaction = (work: (tx: Tx, client: PgClient | null) => Promise<BatchOutcome>) =>
    pool ? transactionWithClient(pool, work) : db.transaction((tx) => work(tx, null));
  return inTransaction(async (tx, client) => {
    const now = new Date();
    const retry: IngestRecord[] = [];
    const linked = [...fresh, ...changed, ...linkOnly].filter((r) => r.link);
    if (linked.length) {
      // A vulnerability whose CVE id changed in base 1: its old record keeps its row but loses the link
      // (case_vul_id is unique), so the record under the new id can take it.
      const pairs = JSON.stringify(linked.map((r) => ({ vul: r.link!.caseVulId, cve: r.cveId })));
      await tx.execute(sql`update ${cveRecords} set case_id = null, case_vul_id = null
        from jsonb_to_recordset(${pairs}::jsonb) as l(vul int, cve text)
        where ${cveRecords.caseVulId} = l.vul and ${cveRecords.cveId} <> l.cve`);
      for (const r of linkOnly)
        await tx
          .update(cveRecords)
          .set({ caseId: r.link!.caseId, caseVulId: r.link!.caseVulId })
          .where(eq(cveRecords.id, byId.get(r.cveId)!.id));
    }
    const touched: number[] = [];
    const createdIds: number[] = [];
    const enrichment: ReturnType<typeof enrichmentRows> = [];
    const changes: (typeof vulChanges.$inferInsert)[] = [];
    const activities: (typeof vulActivity.$inferInsert)[] = [];
    let inserted = 0;

    if (fresh.length) {
      let rows = client ? await copyNewRecords(tx, client, fresh, now) : null;
      if (!rows) {
        const written = await insertRecordset(
          tx,
          cveRecords,
          fresh.map((r) => ({
            ...recordColumns(r),
            record: r.recordJson,
            createdAt: now,
            ingestedAt: now,
            updatedAt: now,
          })),
          sql`on conflict (cve_id) do nothing returning id, cve_id`,
          'record',
        );
        rows = (written as { rows: { id: number; cve_id: string }[] }).rows.map((row) => ({
          id: row.id,
          cveId: row.cve_id,
        }));
      }
      const ids = new Map(rows.map((row) => [row.cveId, row.id]));
      for (const r of fresh) {
        const id = ids.get(r.cveId);
        if (id === undefined) {
          retry.push(r);
          continue;
        }
        inserted++;
        createdIds.push(id);
        enrichment.push(...enrichmentRows(id, r.enrichment));
        changes.push({
          recordId: id,
          kind: 'record',
          summary: 'Record ingested',
          before: null,
          after: { state: r.state, dateUpdated: r.dateUpdated },
          actorId,
          ingestJobId: jobId,
          at: now,
        });
        activities.push({ recordId: id, actorId, verb: 'ingested', after: { job: jobId }, at: now });
      }
    }

    if (changed.length) {
      const ids = changed.map((r) => byId.get(r.cveId)!.id);
      const olds = await tx
        .select({ id: cveRecords.id, record: cveRecords.record })
        .from(cveRecords)
        .where(inArray(cveRecords.id, ids))
        .for('update');
      const oldRecord = new Map(olds.map((o) => [o.id, o.record]));
      const oldValues = await tx
        .select({
          recordId: vulEnrichment.recordId,
          kind: vulEnrichment.kind,
          source: vulEnrichment.source,
          value: vulEnrichment.value,
        })
        .from(vulEnrichment)
        .where(and(inArray(vulEnrichment.recordId, ids), ne(vulEnrichment.source, 'scorer')));
      const oldKeys = new Map<number, Set<string>>();
      for (const v of oldValues) {
        if (!oldKeys.has(v.recordId)) oldKeys.set(v.recordId, new Set());
        oldKeys.get(v.recordId)!.add(enrichmentKey(v));
      }
      await tx
        .delete(vulEnrichment)
        .where(and(inArray(vulEnrichment.recordId, ids), ne(vulEnrichment.source, 'scorer')));
      for (const r of changed) {
        const id = byId.get(r.cveId)!.id;
        const document = JSON.parse(r.recordJson) as Record<string, unknown>;
        await tx
          .update(cveRecords)
          .set({ ...recordColumns(r), record: document, ingestedAt: now, updatedAt: now })
          .where(eq(cveRecords.id, id));
        touched.push(id);
        enrichment.push(...enrichmentRows(id, r.enrichment));
        const diff = diffRecords(oldRecord.get(id), document);
        changes.push({
          recordId: id,
          kind: 'record',
          summary: 'Record updated',
          ...diff,
          actorId,
          ingestJobId: jobId,
          at: now,
        });
        const before = oldKeys.get(id) ?? new Set<string>();
        const after = new Set(r.enrichment.map(enrichmentKey));
        const removed = [...before].filter((k) => !after.has(k));
        const added = [...after].filter((k) => !before.has(k));
        if (removed.length || added.length) {
          const split = (k: string) => {
            const [kind, source, ...value] = k.split('|');
            return { kind, source, value: value.join('|') };
          };
          changes.push({
            recordId: id,
            kind: 'enrichment',
            summary: 'Values from the record changed',
            before: removed.map(split),
            after: added.map(split),
            actorId,
            ingestJobId: jobId,
            at: now,
          });
        }
        activities.push({ recordId: id, actorId, verb: 'updated', after: { job: jobId }, at: now });
      }
    }

    await insertChunked(tx, client, vulEnrichment, enrichment);
    await insertChunked(tx, client, vulChanges, changes);
    await insertChunked(tx, client, vulActivity, activities);
    await applyOurScores(tx, touched);
    // Software priorities of new and changed records; standing assignments of new ones (work/store.ts).
    await applyIngestedWork(tx, createdIds, touched);
    return { new: inserted, updated: changed.length, unchanged, retry };
  });
}

async function saveProgress(
  db: Db | Tx,
  jobId: number,
  counts: IngestCounts,
  rejects: IngestReject[],
  done?: { status: string; error?: string },
) {
  await db
    .update(ingestJobs)
    .set({
      filesRead: counts.filesRead,
      created: counts.new,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejected: counts.rejected,
      rejects,
      ...(done ? { status: done.status, error: done.error ?? null, finishedAt: sql`now()` } : {}),
    })
    .where(eq(ingestJobs.id, jobId));
}

/**
 * Reads every file, writes in batches, reports progress. Never throws for a bad file; a database failure
 * marks the job 'failed' (what earlier batches wrote stays: each batch is whole) and is rethrown.
 */
export async function ingestFiles(
  db: Db,
  files: AsyncIterable<SourceFile>,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const batchSize = options.batchSize ?? 500;
  const actorId = options.actorId ?? null;
  const jobId =
    options.jobId ??
    (
      await createIngestJob(db, {
        origin: options.origin ?? 'cli',
        label: options.label ?? '',
        startedBy: actorId,
      })
    ).id;
  const counts: IngestCounts = { filesRead: 0, new: 0, updated: 0, unchanged: 0, rejected: 0 };
  const rejects: IngestReject[] = [];
  const reject = (file: string, reason: string) => {
    counts.rejected++;
    if (rejects.length < MAX_KEPT_REJECTS) rejects.push({ file, reason });
  };
  let batch: IngestRecord[] = [];
  const inBatch = new Set<string>();

  // Writing a batch overlaps with reading and parsing the next one (one batch in flight at a time, so
  // batches still commit in order and a CVE repeated in a later batch compares with the earlier copy).
  let inflight: Promise<void> = Promise.resolve();
  const write = async (records: IngestRecord[]) => {
    let pending = records;
    while (pending.length) {
      const outcome = await writeBatch(db, pending, jobId, actorId);
      counts.new += outcome.new;
      counts.updated += outcome.updated;
      counts.unchanged += outcome.unchanged;
      pending = outcome.retry;
    }
    queueChanged();
    await saveProgress(db, jobId, counts, rejects);
    options.onProgress?.({ ...counts }, rejects);
  };
  const flush = async () => {
    const pending = batch;
    batch = [];
    inBatch.clear();
    await inflight;
    inflight = write(pending);
    // Handled when awaited at the next flush or at the end; this only keeps it from counting as unhandled.
    inflight.catch(() => {});
  };

  try {
    for await (const file of files) {
      counts.filesRead++;
      if ('error' in file) {
        reject(file.name, file.error);
        continue;
      }
      let parsed: IngestRecord;
      try {
        const { record: _document, ...read } = parseCveRecord(file.bytes);
        parsed = read;
        if (file.link) parsed.link = file.link;
      } catch (error) {
        if (!(error instanceof RecordError)) throw error;
        reject(file.name, error.message);
        continue;
      }
      // The same CVE twice in one run: the earlier copy is written first, the later one then compares with it.
      if (inBatch.has(parsed.cveId)) await flush();
      batch.push(parsed);
      inBatch.add(parsed.cveId);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await inflight;
    await saveProgress(db, jobId, counts, rejects, { status: 'done' });
  } catch (error) {
    await saveProgress(db, jobId, counts, rejects, {
      status: 'failed',
      error: (error as Error).message.slice(0, 500),
    }).catch(() => {});
    throw error;
  }
  return { jobId, ...counts, rejects };
}
