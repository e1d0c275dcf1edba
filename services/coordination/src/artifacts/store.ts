// Artifact queries: a case's files as the caller may see them, one file by uuid, and the writes (upload,
// share, delete) with their activity rows. No HTTP here.
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, type Tx, recordActivity } from '@cvdp/server-kit';
import type { StoredUpload } from './store-upload.ts';
import { type CaseAccess, filter } from '../policy/index.ts';
import { threadRestrictedToSql } from '../policy/rules.ts';
import { artifacts } from './tables.ts';

/** A file with what its checks need: its thread's `restrictedTo` (policy `threadOpen`). */
export type ArtifactRow = typeof artifacts.$inferSelect & { threadRestrictedTo: readonly number[] };

/** Artifacts attached in a thread carry this source (and their thread id). */
export const THREAD_ARTIFACT_SOURCE = 'thread';
export const UPLOAD_ARTIFACT_SOURCE = 'upload';

const artifactColumns = {
  ...getTableColumns(artifacts),
  threadRestrictedTo: threadRestrictedToSql(artifacts.threadId),
};

const loaded = <R extends { threadRestrictedTo: readonly number[] }>(row: R): R => ({
  ...row,
  threadRestrictedTo: (row.threadRestrictedTo ?? [0]).map(Number),
});

/** The case's files the caller may see; with `threadId`, only those attached in that thread. */
export function visibleArtifactsOfCase(access: CaseAccess, threadId: number | null = null) {
  return and(
    eq(artifacts.caseId, access.caseId),
    threadId === null ? undefined : eq(artifacts.threadId, threadId),
    filter('artifact.read', access),
  );
}

export async function countArtifacts(
  db: Db,
  access: CaseAccess,
  threadId: number | null = null,
): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(artifacts)
    .where(visibleArtifactsOfCase(access, threadId));
  return n;
}

export async function listArtifacts(
  db: Db,
  access: CaseAccess,
  limit: number,
  offset: number,
  threadId: number | null = null,
): Promise<ArtifactRow[]> {
  const rows = await db
    .select(artifactColumns)
    .from(artifacts)
    .where(visibleArtifactsOfCase(access, threadId))
    .orderBy(desc(artifacts.createdAt), desc(artifacts.uuid))
    .limit(limit)
    .offset(offset);
  return rows.map(loaded);
}

export async function findArtifact(db: Db | Tx, uuid: string): Promise<ArtifactRow | undefined> {
  const [row] = await db.select(artifactColumns).from(artifacts).where(eq(artifacts.uuid, uuid));
  return row && loaded(row);
}

/** Records a stored upload as a file of the case (inside the caller's transaction); returns its uuid. */
export async function insertArtifact(
  tx: Tx,
  input: { caseId: number; userId: number; upload: StoredUpload; source: string; threadId?: number | null },
): Promise<string> {
  const { upload } = input;
  const [row] = await tx
    .insert(artifacts)
    .values({
      caseId: input.caseId,
      threadId: input.threadId ?? null,
      fileName: upload.fileName,
      contentType: upload.contentType,
      size: upload.size,
      sha256: upload.sha256,
      storageKey: upload.key,
      source: input.source,
      uploadedBy: input.userId,
    })
    .returning({ uuid: artifacts.uuid });
  return row.uuid;
}

/** An uploaded file of the case (or of one of its threads) and its activity row, in one transaction. */
export async function createArtifact(
  db: Db,
  input: { caseId: number; userId: number; upload: StoredUpload; threadId?: number | null },
): Promise<ArtifactRow> {
  return db.transaction(async (tx) => {
    const threadId = input.threadId ?? null;
    const uuid = await insertArtifact(tx, {
      ...input,
      threadId,
      source: threadId === null ? UPLOAD_ARTIFACT_SOURCE : THREAD_ARTIFACT_SOURCE,
    });
    await recordActivity(tx, {
      actorId: input.userId,
      caseId: input.caseId,
      verb: 'uploaded',
      objectType: 'artifact',
      objectId: uuid,
      after: { file_name: input.upload.fileName, size: input.upload.size, thread: threadId },
    });
    return (await findArtifact(tx, uuid))!;
  });
}

/** Opens the file to every participant (`true`) or closes it again; activity only when it changed. */
export async function setArtifactShared(
  db: Db,
  actorId: number,
  artifact: ArtifactRow,
  shared: boolean,
): Promise<ArtifactRow> {
  if (artifact.shared === shared) return artifact;
  return db.transaction(async (tx) => {
    await tx.update(artifacts).set({ shared }).where(eq(artifacts.uuid, artifact.uuid));
    await recordActivity(tx, {
      actorId,
      caseId: artifact.caseId,
      verb: shared ? 'shared' : 'unshared',
      objectType: 'artifact',
      objectId: artifact.uuid,
      before: { shared: artifact.shared },
      after: { shared, file_name: artifact.fileName },
    });
    return { ...artifact, shared };
  });
}

/** Removes the row (with its activity row); the caller removes the stored bytes once this committed. */
/** Whether a row still names these stored bytes (a merged report's file is linked to two cases). */
export async function storageKeyInUse(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ uuid: artifacts.uuid })
    .from(artifacts)
    .where(eq(artifacts.storageKey, key))
    .limit(1);
  return row !== undefined;
}

export async function deleteArtifact(db: Db, actorId: number, artifact: ArtifactRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(artifacts)
      .where(eq(artifacts.uuid, artifact.uuid))
      .returning({ uuid: artifacts.uuid });
    if (gone.length === 0) return false;
    await recordActivity(tx, {
      actorId,
      caseId: artifact.caseId,
      verb: 'deleted',
      objectType: 'artifact',
      objectId: artifact.uuid,
      before: { file_name: artifact.fileName, size: artifact.size, sha256: artifact.sha256 },
    });
    return true;
  });
}

/** Bytes of files the user has stored (for the per-user quota). */
export async function storedBytesOf(db: Db, userId: number): Promise<number> {
  // Each stored file once: a merged report's files are linked to a second case under the same bytes.
  const files = db
    .selectDistinctOn([artifacts.storageKey], { size: artifacts.size })
    .from(artifacts)
    .where(eq(artifacts.uploadedBy, userId))
    .as('files');
  const [{ bytes }] = await db.select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` }).from(files);
  return Number(bytes);
}
