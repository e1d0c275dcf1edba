// Test helpers for the report calls: the multipart body a browser sends, and counters for "nothing was kept".
import { readdir } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { artifacts, cases, reports } from '../src/tables.ts';
import type { TestApp, TestClient } from './test-app.ts';

export interface ReportFormParts {
  /** The list, sent as JSON text; or `rawReport` to send any text at all. */
  report?: unknown;
  rawReport?: string;
  submissionKey?: string;
  poc?: { name: string; content: Buffer | string; type?: string };
  /** Put the file before the report field (browsers keep the order fields were appended in). */
  pocFirst?: boolean;
}

/** A multipart body built the way a browser's FormData is. */
export async function multipartBody(parts: ReportFormParts) {
  const form = new FormData();
  const addPoc = () => {
    if (parts.poc) {
      const content =
        typeof parts.poc.content === 'string' ? Buffer.from(parts.poc.content) : parts.poc.content;
      form.append(
        'poc',
        new Blob([new Uint8Array(content)], { type: parts.poc.type ?? 'text/plain' }),
        parts.poc.name,
      );
    }
  };
  if (parts.pocFirst) addPoc();
  if (parts.rawReport !== undefined) form.append('report', parts.rawReport);
  else if (parts.report !== undefined) form.append('report', JSON.stringify(parts.report));
  if (parts.submissionKey) form.append('submission_key', parts.submissionKey);
  if (!parts.pocFirst) addPoc();
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export async function postReport(client: TestClient, url: string, parts: ReportFormParts) {
  const { payload, headers } = await multipartBody(parts);
  return client.request('POST', url, { payload, headers });
}

export const submitReport = (client: TestClient, parts: ReportFormParts) =>
  postReport(client, '/api/report/', parts);
export const editReport = (client: TestClient, caseId: number, parts: ReportFormParts) =>
  postReport(client, `/api/case/${caseId}/report/edit/`, parts);

/** Rows in the tables a submit writes, and files in storage (temporary ones included). */
export async function storedCounts(t: TestApp) {
  const n = async (table: typeof cases | typeof reports | typeof artifacts) =>
    (await t.db.select({ n: count() }).from(table))[0].n;
  const entries = await readdir(t.filesDir!, { recursive: true, withFileTypes: true });
  return {
    cases: await n(cases),
    reports: await n(reports),
    artifacts: await n(artifacts),
    files: entries.filter((e) => e.isFile()).length,
  };
}
