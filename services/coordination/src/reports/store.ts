// Writing reports: a submit creates the case, its report (original = working copy), the reporter as a
// participant and the proof of concept as an artifact — one transaction with its activity row; a report
// added to a case (staff) is the same report row and file on an existing case. Both answer the first
// submission's report for a submission key seen before. An edit replaces the working copy, keeps the
// replaced copy as a revision and never touches the original.
import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  CASE_STATUS,
  reportPocFileName,
  reportTitle,
  withPocFileName,
  type ReportQuestionList,
} from '@cvdp/core';
import { type AuthUser, type Db, type Tx, notFound, recordActivity, uniqueViolation } from '@cvdp/server-kit';
import { insertArtifact } from '../artifacts/store.ts';
import type { StoredUpload } from '../artifacts/store-upload.ts';
import { markFirstResponse } from '../cases/store.ts';
import { caseParticipants, cases } from '../cases/tables.ts';
import { refuseProhibitedCwes } from './report-cwes.ts';
import { reportRevisions, reports } from './tables.ts';

export type ReportRow = typeof reports.$inferSelect;

/** Artifacts that came in with a report are marked so, to tell them from thread uploads. */
export const REPORT_ARTIFACT_SOURCE = 'report';

const insertPocArtifact = (tx: Tx, caseId: number, userId: number, poc: StoredUpload) =>
  insertArtifact(tx, { caseId, userId, upload: poc, source: REPORT_ARTIFACT_SOURCE });

/** What a report is written from: the checked question list, its stored file and the browser's key. */
export interface ReportInput {
  report: ReportQuestionList;
  poc: StoredUpload | null;
  submissionKey: string | null;
}

/**
 * A report row: the list is its original and its working copy alike. Every way a report arrives writes it
 * here — a submit, a report added to a case, a report received from another instance (no local submitter,
 * the sender's time).
 */
export async function insertReport(
  tx: Tx,
  row: {
    caseId: number;
    submittedBy: number | null;
    list: ReportQuestionList;
    submissionKey?: string | null;
    createdAt?: Date;
  },
): Promise<ReportRow> {
  const [report] = await tx
    .insert(reports)
    .values({
      caseId: row.caseId,
      submittedBy: row.submittedBy,
      original: row.list,
      current: row.list,
      submissionKey: row.submissionKey ?? null,
      ...(row.createdAt ? { createdAt: row.createdAt, updatedAt: row.createdAt } : {}),
    })
    .returning();
  return report;
}

/** A submission's report and its proof of concept (as the case's artifact), in the caller's transaction. */
async function insertSubmission(tx: Tx, caseId: number, userId: number, input: ReportInput) {
  await refuseProhibitedCwes(tx, input.report);
  const list = withPocFileName(input.report, input.poc?.fileName ?? null);
  const report = await insertReport(tx, {
    caseId,
    submittedBy: userId,
    list,
    submissionKey: input.submissionKey,
  });
  const artifact = input.poc ? await insertPocArtifact(tx, caseId, userId, input.poc) : null;
  return { report, artifact };
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

/**
 * Writes a submission once per submission key: when another submit with the same key won the race (the
 * unique index refuses this one), the answer is the first submission's report.
 */
async function oncePerKey(
  db: Db,
  userId: number,
  key: string | null,
  write: () => Promise<ReportRow>,
): Promise<CreatedReport> {
  try {
    return { report: await write(), created: true };
  } catch (error) {
    if (key && uniqueViolation(error) === 'reports_submission_key_idx') {
      const first = await findBySubmissionKey(db, userId, key);
      if (first) return { report: first, created: false };
    }
    throw error;
  }
}

/** A report submitted by a user: a new case in triage with the report, the reporter and the file. */
export function createReport(
  db: Db,
  user: AuthUser,
  input: ReportInput,
  /** More rows written in the same transaction (intake: where the report came from, a hold). */
  alsoWrite?: (tx: Tx, caseId: number) => Promise<void>,
): Promise<CreatedReport> {
  return oncePerKey(db, user.id, input.submissionKey, () =>
    db.transaction(async (tx) => {
      const [c] = await tx
        .insert(cases)
        .values({
          title: reportTitle(input.report),
          status: CASE_STATUS.PENDING,
          createdBy: user.id,
        })
        .returning();
      const { report, artifact } = await insertSubmission(tx, c.id, user.id, input);
      await tx
        .insert(caseParticipants)
        .values({ caseId: c.id, userId: user.id, role: 'reporter', addedBy: user.id });
      await recordActivity(tx, {
        actorId: user.id,
        caseId: c.id,
        verb: 'submitted report',
        objectType: 'report',
        objectId: report.id,
        after: { title: c.title, poc: artifact },
      });
      await alsoWrite?.(tx, c.id);
      return report;
    }),
  );
}

/**
 * Another report on an existing case (staff): the report and its file, the case marked changed and its
 * first response. The case keeps its first report as its own.
 */
export function addReport(
  db: Db,
  user: AuthUser,
  caseId: number,
  input: ReportInput,
): Promise<CreatedReport> {
  return oncePerKey(db, user.id, input.submissionKey, () =>
    db.transaction(async (tx) => {
      const { report, artifact } = await insertSubmission(tx, caseId, user.id, input);
      await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, caseId));
      await markFirstResponse(tx, caseId);
      await recordActivity(tx, {
        actorId: user.id,
        caseId,
        verb: 'added report',
        objectType: 'report',
        objectId: report.id,
        after: { poc: artifact },
      });
      return report;
    }),
  );
}

export async function loadReportOfCase(db: Db, caseId: number): Promise<ReportRow | undefined> {
  // The case's own report is its first; reports a coordinator added later come after it.
  const [row] = await db
    .select()
    .from(reports)
    .where(eq(reports.caseId, caseId))
    .orderBy(asc(reports.id))
    .limit(1);
  return row;
}

/** The edited report, or null when nothing changed (a repeated edit stores no empty revision). */
export async function editReport(
  db: Db,
  user: AuthUser,
  caseRow: typeof cases.$inferSelect,
  input: Omit<ReportInput, 'submissionKey'>,
): Promise<ReportRow | null> {
  return db.transaction(async (tx) => {
    // Locked, so two edits at once each keep the copy they really replaced.
    // The case's own report is its first one (coordinators may have attached more).
    const [report] = await tx
      .select()
      .from(reports)
      .where(eq(reports.caseId, caseRow.id))
      .orderBy(asc(reports.id))
      .limit(1)
      .for('update');
    if (!report) throw notFound('This case has no report.');
    const previous = report.current as ReportQuestionList;
    // Without a new file the report still names the file it had.
    const list = withPocFileName(input.report, input.poc?.fileName ?? reportPocFileName(previous));
    // jsonb reorders object keys, so compare structurally rather than as text.
    if (!input.poc && isDeepStrictEqual(list, previous)) return null;
    await refuseProhibitedCwes(tx, list, previous);

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

/** When and by whom the report was edited, oldest first (for the original report's history). */
export function reportEdits(db: Db, reportId: number) {
  return db
    .select({
      id: reportRevisions.id,
      editedBy: reportRevisions.editedBy,
      createdAt: reportRevisions.createdAt,
    })
    .from(reportRevisions)
    .where(eq(reportRevisions.reportId, reportId))
    .orderBy(asc(reportRevisions.createdAt), asc(reportRevisions.id));
}

export async function countReportEdits(db: Db, reportId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(reportRevisions)
    .where(eq(reportRevisions.reportId, reportId));
  return n;
}

/** The reports a user submitted, newest first, with their case's title and status. */
export const submittedBy = (userId: number) => eq(reports.submittedBy, userId);

export async function countReportsOf(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(reports).where(submittedBy(userId));
  return n;
}

export function listReportsOf(db: Db, userId: number, limit: number, offset: number) {
  return db
    .select({ report: reports, caseTitle: cases.title, status: cases.status })
    .from(reports)
    .innerJoin(cases, eq(cases.id, reports.caseId))
    .where(submittedBy(userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit)
    .offset(offset);
}
