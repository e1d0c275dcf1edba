// The scoring queue's content for browser tests: CVE records the repository ships, uploaded by the
// administrator through the ingest route as a person would.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ADMIN, servers } from './servers.ts';
import { apiSignIn } from './accounts.ts';

const RECORDS = path.resolve(import.meta.dirname, '../../services/scoring/test-data/cve-records');

/** Four records: CVE-2024-4577 is in CISA's KEV (its ADP container says so); CVE-1999-0006 is not. */
export const SCORING_FILES = [
  'CVE-2024-4577.json',
  'CVE-2024-9537.json',
  'CVE-1999-0006.json',
  'CVE-2010-3941.json',
];

/**
 * The administrator uploads the records (multipart field "file", one request each) and waits for each
 * ingest job to finish; then breaks any lock an earlier attempt of a test left on `unlock` (as an admin may),
 * so a retried test starts from the same queue.
 */
export async function ingestRecords(files = SCORING_FILES, options: { unlock?: string[] } = {}) {
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  for (const name of files) {
    const multipart = {
      file: { name, mimeType: 'application/json', buffer: await readFile(`${RECORDS}/${name}`) },
    };
    const res = await admin.api.post('/scoring/api/ingest/', { multipart, headers: admin.headers });
    expect(res.status(), await res.text()).toBe(202);
    const job = (await res.json()) as { id: number };
    await expect
      .poll(async () => {
        const r = await admin.api.get(`/scoring/api/ingest/${job.id}/`);
        return ((await r.json()) as { status: string }).status;
      })
      .toBe('done');
  }
  for (const cve of options.unlock ?? []) {
    const unlock = await admin.api.patch(`/scoring/api/vuls/${cve}/`, {
      data: { unlock: '1' },
      headers: admin.headers,
    });
    expect(unlock.status(), await unlock.text()).toBe(200);
  }
  await admin.api.dispose();
}
