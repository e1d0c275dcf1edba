// Artifact queries: a case's files as the caller may see them, one file by uuid. No HTTP here.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@cvdp/server-kit';
import type { StoredUpload } from './store-upload.ts';
import { type CaseAccess, filter } from '../policy/index.ts';
import { artifacts } from './tables.ts';

export type ArtifactRow = typeof artifacts.$inferSelect;

export function visibleArtifactsOfCase(access: CaseAccess) {
  return and(eq(artifacts.caseId, access.caseId), filter('artifact.read', access));
}

export async function countArtifacts(db: Db, access: CaseAccess): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(artifacts).where(visibleArtifactsOfCase(access));
  return n;
}

export function listArtifacts(db: Db, access: CaseAccess, limit: number, offset: number) {
  return db
    .select()
    .from(artifacts)
    .where(visibleArtifactsOfCase(access))
    .orderBy(desc(artifacts.createdAt), desc(artifacts.uuid))
    .limit(limit)
    .offset(offset);
}

export async function findArtifact(db: Db, uuid: string): Promise<ArtifactRow | undefined> {
  const [row] = await db.select().from(artifacts).where(eq(artifacts.uuid, uuid));
  return row;
}

/** Records a stored upload as a file of the case (inside the caller's transaction); returns its uuid. */
export async function insertArtifact(
  tx: Tx,
  input: { caseId: number; userId: number; upload: StoredUpload; source: string },
): Promise<string> {
  const { upload } = input;
  const [row] = await tx
    .insert(artifacts)
    .values({
      caseId: input.caseId,
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

/** Bytes of files the user has stored (for the per-user quota). */
export async function storedBytesOf(db: Db, userId: number): Promise<number> {
  const [{ bytes }] = await db
    .select({ bytes: sql<string>`coalesce(sum(${artifacts.size}), 0)` })
    .from(artifacts)
    .where(eq(artifacts.uploadedBy, userId));
  return Number(bytes);
}
