// Test helpers for file uploads: the multipart body a browser's FormData makes, a case with participants
// and threads, and counters for "nothing was kept" (rows and stored files).
import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { activity } from '@cvdp/server-kit';
import { artifacts, caseParticipants, cases, threadParticipants, threads } from '../src/tables.ts';
import type { TestApp, TestClient, TestUser } from './test-app.ts';

import { type FilePart, fileForm } from '@cvdp/server-kit/testing/file-form';

export { type FilePart, fileForm };

export async function upload(client: TestClient, url: string, ...files: FilePart[]) {
  const { payload, headers } = await fileForm(files);
  return client.request('POST', url, { payload, headers });
}

export const uploadToCase = (client: TestClient, caseId: number, ...files: FilePart[]) =>
  upload(client, `/api/case/${caseId}/artifacts/`, ...files);

export const uploadToThread = (client: TestClient, threadId: number, ...files: FilePart[]) =>
  upload(client, `/api/case/thread/${threadId}/upload/`, ...files);

type Client = TestClient & { user: TestUser };

export interface FileWorld {
  caseId: number;
  coordinator: Client;
  reporter: Client;
  vendorA: Client;
  vendorB: Client;
  stranger: Client;
  /** Open to every participant. */
  openThread: number;
  /** Restricted to vendor A (not vendor B, not the reporter). */
  vendorAThread: number;
  archivedThread: number;
}

/** A case with a reporter and two vendors, an open, a restricted and an archived thread. */
export async function fileWorld(t: TestApp): Promise<FileWorld> {
  const coordinator = await t.signIn({ roles: ['coordinator'] });
  const reporter = await t.signIn();
  const vendorA = await t.signIn();
  const vendorB = await t.signIn();
  const stranger = await t.signIn();
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Files case', status: 1, createdBy: reporter.user.id })
    .returning();
  const [, a] = await t.db
    .insert(caseParticipants)
    .values([
      { caseId: c.id, userId: reporter.user.id, role: 'reporter' },
      { caseId: c.id, userId: vendorA.user.id, role: 'vendor' },
      { caseId: c.id, userId: vendorB.user.id, role: 'vendor' },
    ])
    .returning();
  const [open, restricted, archived] = await t.db
    .insert(threads)
    .values([
      { caseId: c.id, subject: 'Everyone' },
      { caseId: c.id, subject: 'Vendor A only', restricted: true },
      { caseId: c.id, subject: 'Old', archived: true },
    ])
    .returning();
  await t.db.insert(threadParticipants).values({ threadId: restricted.id, participantId: a.id });
  return {
    caseId: c.id,
    coordinator,
    reporter,
    vendorA,
    vendorB,
    stranger,
    openThread: open.id,
    vendorAThread: restricted.id,
    archivedThread: archived.id,
  };
}

/** Rows and stored files (temporary ones included) that an upload would add. */
export async function kept(t: TestApp) {
  const entries = await readdir(t.filesDir!, { recursive: true, withFileTypes: true });
  const [{ rows }] = await t.db.select({ rows: count() }).from(artifacts);
  const [{ log }] = await t.db
    .select({ log: count() })
    .from(activity)
    .where(eq(activity.objectType, 'artifact'));
  return { rows, log, files: entries.filter((e) => e.isFile()).length };
}

/** The uuids in a list answer. */
export const uuidsOf = (res: { json(): unknown }) =>
  (res.json() as { results: { uuid: string }[] }).results.map((a) => a.uuid).sort();
