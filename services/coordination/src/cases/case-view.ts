// The case as GET /api/cases/{id}/ answers it. Domains that hang off a case add their part (the report
// today; later participants, threads…) through CaseDetailPart, so this folder imports none of them.
import { type CaseDetail, caseStatusLabel } from '@cvdp/core';
import type { Db } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import type { CaseAccess } from '../policy/index.ts';
import { findResolution, ownerRefs, type CaseRow } from './store.ts';

/** One domain's contribution to the case detail: named fields merged into the answer. */
export type CaseDetailPart = (db: Db, access: CaseAccess) => Promise<Record<string, unknown>>;

export async function caseView(
  db: Db,
  access: CaseAccess,
  parts: CaseDetailPart[],
  row: CaseRow = access.case,
): Promise<CaseDetail> {
  const c = row;
  const [refs, owners, resolution, contributed] = await Promise.all([
    userRefs(db, [c.ownerId, c.createdBy]),
    ownerRefs(db, c.id),
    findResolution(db, c.resolutionId),
    Promise.all(parts.map((part) => part(db, { ...access, case: c }))),
  ]);
  return Object.assign(
    {
      id: c.id,
      title: c.title,
      summary: c.summary,
      status: c.status,
      status_label: caseStatusLabel(c.status),
      owner: refOf(refs, c.ownerId),
      owners,
      created_by: refOf(refs, c.createdBy),
      created: c.createdAt.toISOString(),
      updated: c.updatedAt.toISOString(),
      resolution,
      due_date: c.dueDate,
      public_date: c.publicDate,
      tags: c.tags,
      activated: c.activatedAt?.toISOString() ?? null,
      closed: c.closedAt?.toISOString() ?? null,
    },
    ...contributed,
  ) as CaseDetail;
}
