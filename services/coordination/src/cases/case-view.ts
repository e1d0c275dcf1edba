// The case as GET /api/cases/{id}/ answers it: the case, and its report's working copy.
import { count, eq } from 'drizzle-orm';
import { caseStatusLabel } from '@cvdp/core';
import { type AuthUser, type Db, reportRevisions } from '@cvdp/server-kit';
import { loadReportOfCase } from '../reports/report-store.ts';
import { caseReportView } from '../reports/report-view.ts';
import type { CaseRow } from './case-access.ts';
import { refOf, userRefs } from './user-refs.ts';

export async function caseView(db: Db, user: AuthUser, c: CaseRow) {
  const report = await loadReportOfCase(db, c.id);
  const [{ n: revisionCount }] = report
    ? await db.select({ n: count() }).from(reportRevisions).where(eq(reportRevisions.reportId, report.id))
    : [{ n: 0 }];
  const refs = await userRefs(db, [c.ownerId, c.createdBy, report?.submittedBy]);
  return {
    id: c.id,
    title: c.title,
    summary: c.summary,
    status: c.status,
    status_label: caseStatusLabel(c.status),
    owner: refOf(refs, c.ownerId),
    created_by: refOf(refs, c.createdBy),
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
    report: report ? caseReportView(user, report, refs, revisionCount) : null,
  };
}
