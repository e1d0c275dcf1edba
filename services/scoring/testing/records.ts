// The real CVE records of services/scoring/test-data/cve-records (1,471 CVE JSON 5.x records from CISA's
// Vulnrichment, each with CISA's ADP container; a copy of the workspace's shared/data, kept in the repository
// so a clean clone tests anywhere) and helpers to ingest some or all of them in tests.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@cvdp/server-kit';
import { ingestFiles } from '../src/ingest/ingest.ts';
import { readSources } from '../src/ingest/sources.ts';

/** The folder of the shared records (CVDP_CVE_RECORDS_DIR overrides it). */
export const CVE_RECORDS_DIR =
  process.env.CVDP_CVE_RECORDS_DIR ?? path.resolve(import.meta.dirname, '../test-data/cve-records');

export function requireRecordsDir() {
  if (!existsSync(CVE_RECORDS_DIR))
    throw new Error(`The CVE records are missing at ${CVE_RECORDS_DIR} (set CVDP_CVE_RECORDS_DIR).`);
  return CVE_RECORDS_DIR;
}

/** Records with a KEV entry in CISA's container (15 of the 1,471). */
export const KEV_RECORDS = [
  'CVE-2014-0502',
  'CVE-2018-0824',
  'CVE-2022-0028',
  'CVE-2023-22515',
  'CVE-2024-4577',
  'CVE-2024-9537',
];
/** CNA and CISA disagree: CWE-444 (CNA) vs CWE-86 (CISA); CVSS 3.0 10.0 (CNA) vs 3.1 9.8 (CISA). */
export const DISAGREEING = ['CVE-2023-38522', 'CVE-2023-22515'];
/** A few ordinary records and the two REJECTED ones. */
export const SOME_RECORDS = [
  'CVE-1999-0006',
  'CVE-2008-10002',
  'CVE-2010-3941',
  'CVE-2012-1867',
  'CVE-2023-20239',
  'CVE-2024-41661',
  ...KEV_RECORDS,
  ...DISAGREEING.filter((id) => !KEV_RECORDS.includes(id)),
];

export const recordPath = (cveId: string) => path.join(requireRecordsDir(), `${cveId}.json`);
export const readRecord = async (cveId: string) =>
  JSON.parse(await readFile(recordPath(cveId), 'utf8')) as Record<string, unknown>;

/** Copies the given records into a fresh temporary folder. */
export async function recordsFolder(ids: string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'cvdp-cve-'));
  for (const id of ids) await copyFile(recordPath(id), path.join(dir, `${id}.json`));
  return dir;
}

export async function ingestPaths(db: Db, paths: string[], batchSize?: number) {
  return ingestFiles(db, readSources(paths), { origin: 'cli', label: 'test', batchSize });
}
