// "Merge into case N": the triage case's report is attached to case N — a copy of the report row (its
// original, working copy, submitter and submission time) beside N's own reports, the "more reports on a
// case" path — and the triage case is closed as a duplicate with its report, files and threads untouched,
// so nothing is lost from either. The report's files (its proof of concept) are linked to case N too: new
// artifact rows naming the same stored bytes (unshared, as the report's files start), so the PoC is in N's
// files; the stored bytes go only when the last row naming them is deleted (artifacts/routes.ts). The
// reporter, who may not see case N, is told on their own case.
import { and, asc, eq, sql } from 'drizzle-orm';
import { CASE_STATUS, type MergeAnswer } from '@cvdp/core';
import { type AuthUser, type Db, HttpError, type Tx, recordActivity } from '@cvdp/server-kit';
import { markFirstResponse, updateCase } from '../cases/store.ts';
import { artifacts } from '../artifacts/tables.ts';
import { cases, resolutionOptions } from '../cases/tables.ts';
import { notify } from '../notifications/notify.ts';
import { REPORT_ARTIFACT_SOURCE } from '../reports/store.ts';
import { reports } from '../reports/tables.ts';

export const MERGE_ONLY_TRIAGE = 'Only a report in triage can be merged.';
export const MERGE_INTO_ITSELF = 'A report cannot be merged into its own case.';
export const MERGE_TARGET_MISSING = 'No case with this id.';
export const MERGE_NO_REPORT = 'This case has no report to merge.';
export const NO_DUPLICATE_RESOLUTION = 'Add a resolution named "Duplicate" to close merged reports with.';

const intoField = (message: string) => new HttpError(400, message, { into: [message] });

export const mergedReason = (into: number, message?: string) =>
  `Your report repeats case #${into}; it has been attached there and will be handled with it.` +
  (message ? `\n\n${message}` : '');

/** The files that came with the source case's report(s), linked to the target case; their new uuids. */
async function linkReportFiles(tx: Tx, from: number, to: number) {
  const files = await tx
    .select()
    .from(artifacts)
    .where(and(eq(artifacts.caseId, from), eq(artifacts.source, REPORT_ARTIFACT_SOURCE)))
    .orderBy(asc(artifacts.createdAt));
  if (files.length === 0) return [];
  const linked = await tx
    .insert(artifacts)
    .values(
      files.map((f) => ({
        caseId: to,
        fileName: f.fileName,
        contentType: f.contentType,
        size: f.size,
        sha256: f.sha256,
        storageKey: f.storageKey,
        shared: false,
        source: REPORT_ARTIFACT_SOURCE,
        uploadedBy: f.uploadedBy,
        createdAt: f.createdAt,
      })),
    )
    .returning({ uuid: artifacts.uuid, fileName: artifacts.fileName });
  return linked.map((f) => ({ uuid: f.uuid, file_name: f.fileName }));
}

export function mergeReport(
  db: Db,
  actor: AuthUser,
  caseId: number,
  input: { into: number; message?: string },
  publicUrl = '',
): Promise<MergeAnswer> {
  return db.transaction(async (tx) => {
    if (input.into === caseId) throw intoField(MERGE_INTO_ITSELF);
    // Both cases locked in id order, so two merges crossing each other cannot deadlock.
    const locked = await tx
      .select()
      .from(cases)
      .where(sql`${cases.id} in (${caseId}, ${input.into})`)
      .orderBy(asc(cases.id))
      .for('update');
    const source = locked.find((c) => c.id === caseId);
    const target = locked.find((c) => c.id === input.into);
    if (!target) throw intoField(MERGE_TARGET_MISSING);
    if (!source || source.status !== CASE_STATUS.PENDING) throw new HttpError(409, MERGE_ONLY_TRIAGE);
    const [report] = await tx
      .select()
      .from(reports)
      .where(eq(reports.caseId, caseId))
      .orderBy(asc(reports.id))
      .limit(1);
    if (!report) throw new HttpError(409, MERGE_NO_REPORT);
    const [duplicate] = await tx
      .select({ id: resolutionOptions.id })
      .from(resolutionOptions)
      .where(eq(sql`lower(${resolutionOptions.name})`, 'duplicate'))
      .for('key share');
    if (!duplicate) throw new HttpError(409, NO_DUPLICATE_RESOLUTION);

    const [copy] = await tx
      .insert(reports)
      .values({
        caseId: target.id,
        submittedBy: report.submittedBy,
        original: report.original,
        current: report.current,
        createdAt: report.createdAt,
        updatedAt: report.updatedAt,
      })
      .returning();
    const files = await linkReportFiles(tx, caseId, target.id);
    await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, target.id));
    await markFirstResponse(tx, target.id);
    await recordActivity(tx, {
      actorId: actor.id,
      caseId: target.id,
      verb: 'merged report',
      objectType: 'report',
      objectId: copy.id,
      after: { from_case: caseId, from_report: report.id, files },
    });
    await updateCase(tx, actor.id, caseId, { status: CASE_STATUS.CLOSED, resolution: duplicate.id });
    await recordActivity(tx, {
      actorId: actor.id,
      caseId,
      verb: 'merged into case',
      objectType: 'case',
      objectId: caseId,
      after: { into: target.id, report: copy.id },
    });
    if (report.submittedBy !== null) {
      await notify(tx, {
        caseId,
        kind: 'status_changed',
        actorId: actor.id,
        userIds: [report.submittedBy],
        title: `${actor.name} merged your report (case #${caseId}) into case #${target.id}`,
        body: mergedReason(target.id, input.message),
        vars: { status: 'Closed', reason: mergedReason(target.id, input.message) },
        publicUrl,
      });
    }
    return { case: caseId, into: target.id, report: copy.id };
  });
}
