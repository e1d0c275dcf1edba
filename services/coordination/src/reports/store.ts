// Writing reports: a submit creates the case, its report (original = working copy), the reporter as a
// participant and the proof of concept as an artifact — one transaction with its activity row. An edit
// replaces the working copy, keeps the replaced copy as a revision and never touches the original.
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import {
  CASE_STATUS,
  reportPocFileName,
  reportTitle,
  withPocFileName,
  type ReportQuestionList,
} from '@cvdp/core';
import {
  type AuthUser,
  type Db,
  artifacts,
  caseParticipants,
  cases,
  notFound,
  recordActivity,
  reportRevisions,
  reports,
} from '@cvdp/server-kit';
import type { StoredUpload } from '../artifacts/store-upload.ts';

export type ReportRow = typeof reports.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Artifacts that came in with a report are marked so, to tell them from thread uploads. */
export const REPORT_ARTIFACT_SOURCE = 'report';

async function insertPocArtifact(tx: Tx, caseId: number, userId: number, poc: StoredUpload) {
  const [row] = await tx
    .insert(artifacts)
    .values({
      caseId,
      fileName: poc.fileName,
      contentType: poc.contentType,
      size: poc.size,
      sha256: poc.sha256,
      storageKey: poc.key,
      source: REPORT_ARTIFACT_SOURCE,
      uploadedBy: userId,
    })
    .returning({ uuid: artifacts.uuid });
  return row.uuid;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function findBySubmissionKey(
  db: Db,
  userId: number,
  key: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.submittedBy, userId), eq(reports.submissionKey, key)));
  return row;
}

export interface CreatedReport {
  report: ReportRow;
  /** False when the submission key had been seen: the first submission's report is returned. */
  created: boolean;
}

export async function createReport(
  db: Db,
  user: AuthUser,
  input: { report: ReportQuestionList; poc: StoredUpload | null; submissionKey: string | null },
): Promise<CreatedReport> {
  const list = withPocFileName(input.report, input.poc?.fileName ?? null);
  try {
    const report = await db.transaction(async (tx) => {
      const [c] = await tx
        .insert(cases)
        .values({ title: reportTitle(list), status: CASE_STATUS.PENDING, createdBy: user.id })
        .returning();
      const [r] = await tx
        .insert(reports)
        .values({
          caseId: c.id,
          submittedBy: user.id,
          original: list,
          current: list,
          submissionKey: input.submissionKey,
        })
        .returning();
      await tx
        .insert(caseParticipants)
        .values({ caseId: c.id, userId: user.id, role: 'reporter', addedBy: user.id });
      const artifact = input.poc ? await insertPocArtifact(tx, c.id, user.id, input.poc) : null;
      await recordActivity(tx, {
        actorId: user.id,
        caseId: c.id,
        verb: 'submitted report',
        objectType: 'report',
        objectId: r.id,
        after: { title: c.title, poc: artifact },
      });
      return r;
    });
    return { report, created: true };
  } catch (error) {
    // Two submits with one key raced: the other one won, and its case is the answer.
    if (input.submissionKey && isUniqueViolation(error)) {
      const first = await findBySubmissionKey(db, user.id, input.submissionKey);
      if (first) return { report: first, created: false };
    }
    throw error;
  }
}

export async function loadReportOfCase(db: Db, caseId: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.caseId, caseId));
  return row;
}

/** The edited report, or null when nothing changed (a repeated edit stores no empty revision). */
export async function editReport(
  db: Db,
  user: AuthUser,
  caseRow: typeof cases.$inferSelect,
  input: { report: ReportQuestionList; poc: StoredUpload | null },
): Promise<ReportRow | null> {
  return db.transaction(async (tx) => {
    // Locked, so two edits at once each keep the copy they really replaced.
    const [report] = await tx.select().from(reports).where(eq(reports.caseId, caseRow.id)).for('update');
    if (!report) throw notFound('This case has no report.');
    const previous = report.current as ReportQuestionList;
    // Without a new file the report still names the file it had.
    const list = withPocFileName(input.report, input.poc?.fileName ?? reportPocFileName(previous));
    // jsonb reorders object keys, so compare structurally rather than as text.
    if (!input.poc && isDeepStrictEqual(list, previous)) return null;

    await tx.insert(reportRevisions).values({ reportId: report.id, content: previous, editedBy: user.id });
    const now = new Date();
    const [updated] = await tx
      .update(reports)
      .set({ current: list, updatedAt: now })
      .where(eq(reports.id, report.id))
      .returning();
    // The case follows the report's title unless a coordinator has renamed the case.
    const title = caseRow.title === reportTitle(previous) ? reportTitle(list) : caseRow.title;
    await tx.update(cases).set({ title, updatedAt: now }).where(eq(cases.id, caseRow.id));
    const artifact = input.poc ? await insertPocArtifact(tx, caseRow.id, user.id, input.poc) : null;
    await recordActivity(tx, {
      actorId: user.id,
      caseId: caseRow.id,
      verb: 'edited report',
      objectType: 'report',
      objectId: report.id,
      before: { title: reportTitle(previous) },
      after: { title: reportTitle(list), poc: artifact },
    });
    return updated;
  });
}
