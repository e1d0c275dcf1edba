// npm run bench:scoring-ingest [-- --records=44000 --batch=500 --keep]
//
// The scoring ingest at the size of a year's CVE feed: the 1,471 real records (services/scoring/test-data/cve-records)
// replicated with new ids (CVE-2090-000001 …) until there are --records of them, fed one file at a time to
// the same ingester as `npm run scoring:ingest` (ingestFiles: parse, check, upsert in batches, values with
// provenance, changes, activity, job progress) on PostgreSQL. The files are made in memory from the 1,471
// originals (the bench measures the ingest, not the disk); RSS is sampled every 20 ms and its growth is the
// peak during the run minus the RSS just before it. A second run of the same input measures "unchanged".
//
// Baseline, same run: the same record rows (the cve_records columns the ingester writes, parsed beforehand)
// written with one COPY … FROM a CSV file into a copy of cve_records with the same indexes — the speed of
// plain bulk loading, without checks, upserts, provenance or history.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the script creates its own
// database (cvdp_bench_ingest_<pid>) and drops it at the end unless --keep.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { openPostgres } from '@cvdp/server-kit';
import { ingestFiles } from '../services/scoring/src/ingest/ingest.ts';
import { parseCveRecord, type ParsedRecord } from '../services/scoring/src/ingest/parse-record.ts';
import type { SourceFile } from '../services/scoring/src/ingest/sources.ts';
import { CVE_RECORDS_DIR } from '../services/scoring/testing/records.ts';
import { createBenchDatabase, numberOption } from './support/harness.ts';

const MB = 1024 * 1024;
const total = numberOption('records', 44_000);
const batchSize = numberOption('batch', 500);
const keep = process.argv.includes('--keep');

const rss = () => process.memoryUsage().rss;

function sampleRss() {
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rss());
  };
}

/** The originals as text, with their CVE ids, so copies can be made with new ids. */
async function loadOriginals() {
  const names = (await readdir(CVE_RECORDS_DIR)).filter((n) => n.endsWith('.json')).sort();
  const out: { id: string; text: string }[] = [];
  for (const name of names)
    out.push({
      id: name.replace(/\.json$/, ''),
      text: await readFile(path.join(CVE_RECORDS_DIR, name), 'utf8'),
    });
  return out;
}

/** The n-th replica: the original's id replaced everywhere in its text by a new one. */
function replicaOf(originals: { id: string; text: string }[], n: number): { name: string; bytes: Buffer } {
  const o = originals[n % originals.length];
  const id = `CVE-2090-${String(n + 1).padStart(6, '0')}`;
  return { name: `${id}.json`, bytes: Buffer.from(o.text.replaceAll(o.id, id)) };
}

async function* replicas(originals: { id: string; text: string }[]): AsyncGenerator<SourceFile> {
  for (let n = 0; n < total; n++) yield replicaOf(originals, n);
}

const csvField = (v: string | number | boolean | Date | object | null | undefined): string => {
  if (v === null || v === undefined) return '';
  let s: string;
  if (typeof v === 'string') s = v;
  else if (v instanceof Date) s = v.toISOString();
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  return `"${s.replaceAll('"', '""')}"`;
};
const pgArray = (list: string[]) =>
  `{${list.map((s) => `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
const COPY_COLUMNS = [
  'cve_id',
  'state',
  'data_version',
  'assigner',
  'title',
  'description',
  'vendors',
  'products',
  'cwes',
  'search_text',
  'date_published',
  'date_updated',
  'date_reserved',
  'kev',
  'kev_date_added',
  'has_ssvc',
  'score',
  'severity',
  'record',
  'content_hash',
];
function csvRow(r: ParsedRecord) {
  return (
    [
      r.cveId,
      r.state,
      r.dataVersion,
      r.assigner,
      r.title,
      r.description,
      pgArray(r.vendors),
      pgArray(r.products),
      pgArray(r.cwes),
      r.searchText,
      r.datePublished,
      r.dateUpdated,
      r.dateReserved,
      r.kev ? 't' : 'f',
      r.kevDateAdded,
      r.hasSsvc ? 't' : 'f',
      r.score,
      r.severity,
      r.record,
      r.contentHash,
    ]
      .map(csvField)
      .join(',') + '\n'
  );
}

async function main() {
  const bench = await createBenchDatabase('cvdp_bench_ingest');
  const database = await openPostgres(bench.url, { max: 4 });
  const originals = await loadOriginals();
  console.log(
    `PostgreSQL ${bench.name}; ${total.toLocaleString('en')} records from ${originals.length} originals, batches of ${batchSize}.`,
  );
  try {
    // ---- baseline: COPY of the same rows ----
    const dir = await mkdtemp(path.join(tmpdir(), 'cvdp-bench-copy-'));
    await chmod(dir, 0o755);
    const csv = path.join(dir, 'rows.csv');
    const prepStarted = performance.now();
    const out = createWriteStream(csv);
    for (let n = 0; n < total; n++) {
      if (!out.write(csvRow(parseCveRecord(replicaOf(originals, n).bytes)))) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    await chmod(csv, 0o644);
    const prepSeconds = (performance.now() - prepStarted) / 1000;
    await database.db.execute(sql`create table bench_copy (like cve_records including all)`);
    const copyStarted = performance.now();
    let copySeconds: number | null = null;
    try {
      await database.db.execute(
        sql.raw(`copy bench_copy (${COPY_COLUMNS.join(', ')}) from '${csv}' with (format csv)`),
      );
      copySeconds = (performance.now() - copyStarted) / 1000;
    } catch (error) {
      console.log(`COPY from a file failed (is the server on another machine?): ${(error as Error).message}`);
    }
    await rm(dir, { recursive: true, force: true });
    await database.db.execute(sql`drop table bench_copy`);

    // ---- the ingester ----
    if (global.gc) global.gc();
    const before = rss();
    const stop = sampleRss();
    const started = performance.now();
    let lastShown = 0;
    const result = await ingestFiles(database.db, replicas(originals), {
      origin: 'cli',
      label: 'bench',
      batchSize,
      onProgress: (c) => {
        if (c.filesRead - lastShown >= 10_000) {
          lastShown = c.filesRead;
          console.log(
            `  … ${c.filesRead} files in ${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${(rss() / MB).toFixed(0)} MB`,
          );
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const peak = stop();

    const againStop = sampleRss();
    const againStarted = performance.now();
    const again = await ingestFiles(database.db, replicas(originals), {
      origin: 'cli',
      label: 'bench again',
      batchSize,
    });
    const againSeconds = (performance.now() - againStarted) / 1000;
    const againPeak = againStop();

    const counts = await database.db.execute<{
      records: number;
      values: number;
      changes: number;
      activity: number;
    }>(sql`
      select (select count(*)::int from cve_records) as records, (select count(*)::int from vul_enrichment) as values,
             (select count(*)::int from vul_changes) as changes, (select count(*)::int from vul_activity) as activity`);
    const c = (counts as { rows: { records: number; values: number; changes: number; activity: number }[] })
      .rows[0];

    const rate = (s: number) => Math.round(total / s).toLocaleString('en');
    console.log('');
    console.log('| run | seconds | records/s | RSS growth (peak − before) | result |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    if (copySeconds !== null)
      console.log(
        `| baseline: COPY of the same ${total.toLocaleString('en')} record rows (parsed beforehand in ${prepSeconds.toFixed(1)} s) | ${copySeconds.toFixed(1)} | ${rate(copySeconds)} | — | rows only: no values, history, checks |`,
      );
    console.log(
      `| ingest, first run | ${seconds.toFixed(1)} | ${rate(seconds)} | ${((peak - before) / MB).toFixed(0)} MB | ${result.new} new, ${result.updated} updated, ${result.unchanged} unchanged, ${result.rejected} rejected |`,
    );
    console.log(
      `| ingest, same input again | ${againSeconds.toFixed(1)} | ${rate(againSeconds)} | ${((againPeak - before) / MB).toFixed(0)} MB | ${again.new} new, ${again.updated} updated, ${again.unchanged} unchanged, ${again.rejected} rejected |`,
    );
    console.log('');
    console.log(
      `Rows: ${c.records} records, ${c.values} values with provenance, ${c.changes} changes, ${c.activity} activity. ` +
        `RSS before ${(before / MB).toFixed(0)} MB (the 1,471 originals held as text). Goal: ≤ 60 s, growth < 200 MB.`,
    );
  } finally {
    await database.close();
    await bench.close({ keep });
  }
}

await main();
