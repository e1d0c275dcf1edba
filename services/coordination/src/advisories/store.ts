// Advisory queries and changes: a case's revisions (each save is a new one, numbered 1, 2, … under the
// case's row lock; every revision is kept), the latest one's metadata edited in place, sharing and
// publishing the latest revision, line diffs between two revisions, vendors' approvals of a revision, and
// the published advisories anyone may read. Every change writes its activity row in its transaction. No
// HTTP here beyond the errors it refuses with.
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type AdvisoryDiff,
  type AdvisoryFieldDiff,
  type AdvisoryRevision,
  type Approval,
  type ApprovalCounts,
  type ApprovalStatus,
  APPROVAL_NEEDS_SHARED,
  APPROVAL_NO_VENDORS,
  APPROVAL_NOT_VENDORS,
  APPROVAL_OLDER_REVISION,
  DATE_IN_FUTURE,
  LATEST_PUBLISHED_LOCKED,
  NO_ADVISORY,
  PUBLISH_BEFORE_SHARE,
  type PublicAdvisory,
  type PublicAdvisorySummary,
  UNKNOWN_CASE_VULS,
  publicAdvisoryPath,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, groups, recordActivity, users } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { caseParticipants, cases } from '../cases/tables.ts';
import { raiseActionNeeded, resolveActionNeeded } from '../notifications/actions.ts';
import { caseGroup, caseStaffUserIds, notify, participantUserIds } from '../notifications/notify.ts';
import { type CaseAccess, can, filter } from '../policy/index.ts';
import { diffBudget, lineDiff } from '../posts/diff.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { advisoryApprovals, advisoryRevisions } from './tables.ts';

export type RevisionRow = typeof advisoryRevisions.$inferSelect;
export type ApprovalRow = typeof advisoryApprovals.$inferSelect;

const conflict = (message: string) => new HttpError(409, message);
const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/** Who changes something, and how Markdown becomes safe HTML. */
export interface AdvisoryContext {
  access: CaseAccess;
  actor: { id: number; name: string };
  publicUrl?: string;
}

export type Render = (revision: RevisionRow) => string;

// ---------------------------------------------------------------------------------------------------------
// Reading revisions.

/** The case's latest revision, whoever may read it (null when none was saved). */
export async function latestRevision(db: Db | Tx, caseId: number): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, caseId))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1);
  return row ?? null;
}

/** The latest revision the caller may read: staff the latest, participants the latest shared one. */
export async function latestReadableRevision(db: Db, access: CaseAccess): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, access.caseId), filter('advisory.read', access)))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1);
  return row ?? null;
}

export async function findRevision(db: Db, caseId: number, revision: number): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, caseId), eq(advisoryRevisions.revision, revision)));
  return row ?? null;
}

export async function countRevisions(db: Db, access: CaseAccess): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, access.caseId), filter('advisory.read', access)));
  return n;
}

/** The revisions the caller may read, newest first. */
export async function listRevisions(
  db: Db,
  access: CaseAccess,
  limit: number,
  offset: number,
): Promise<RevisionRow[]> {
  return db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, access.caseId), filter('advisory.read', access)))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(limit)
    .offset(offset);
}

const noApprovals = (): ApprovalCounts => ({ pending: 0, approved: 0, changes_requested: 0 });

/** The revisions as the wire shows them: authors and the approvals the caller may see, one query each. */
export async function revisionViews(
  db: Db,
  access: CaseAccess,
  rows: RevisionRow[],
  render: Render,
): Promise<AdvisoryRevision[]> {
  const refs = await userRefs(
    db,
    rows.map((r) => r.createdBy),
  );
  const counts = new Map<number, ApprovalCounts>();
  if (rows.length) {
    const found = await db
      .select({ revisionId: advisoryApprovals.revisionId, status: advisoryApprovals.status, n: count() })
      .from(advisoryApprovals)
      .where(
        and(
          eq(advisoryApprovals.caseId, access.caseId),
          inArray(
            advisoryApprovals.revisionId,
            rows.map((r) => r.id),
          ),
          filter('approval.read', access),
        ),
      )
      .groupBy(advisoryApprovals.revisionId, advisoryApprovals.status);
    for (const f of found) {
      const c = counts.get(f.revisionId) ?? noApprovals();
      if (f.status in c) c[f.status as ApprovalStatus] = f.n;
      counts.set(f.revisionId, c);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    case: r.caseId,
    revision: r.revision,
    title: r.title,
    summary: r.summary,
    content: r.content,
    html: render(r),
    impact: r.impact,
    solution: r.solution,
    references: r.references,
    credits: r.credits,
    vulnerabilities: r.vulIds,
    source: r.source,
    shared: r.shared,
    date_shared: r.dateShared,
    published: r.published,
    date_published: r.datePublished,
    created_by: refOf(refs, r.createdBy),
    created: r.createdAt.toISOString(),
    updated: r.updatedAt.toISOString(),
    approvals: counts.get(r.id) ?? noApprovals(),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Writing revisions.

/** Refuses vulnerability ids that are not the case's (400 naming `vulnerabilities`). */
async function assertCaseVuls(tx: Tx, caseId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: vulnerabilities.id })
    .from(vulnerabilities)
    .where(and(eq(vulnerabilities.caseId, caseId), inArray(vulnerabilities.id, ids)));
  if (found.length !== ids.length) throw badField('vulnerabilities', UNKNOWN_CASE_VULS);
}

export interface RevisionInput {
  title: string;
  summary: string;
  content: string;
  impact: string;
  solution: string;
  references: string[];
  credits: string[];
  vulnerabilities: number[];
  /** An imported CSAF file (POST /api/advisory/upload/): kept as uploaded, the revision's source 'csaf_upload'. */
  csafDocument?: Record<string, unknown>;
}

/** Saves a new revision (number: the case's highest + 1, under the case's row lock). */
export async function saveRevision(db: Db, ctx: AdvisoryContext, input: RevisionInput): Promise<RevisionRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, ctx.access.caseId)).for('update');
    await assertCaseVuls(tx, ctx.access.caseId, input.vulnerabilities);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${advisoryRevisions.revision}), 0) + 1`.mapWith(Number) })
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.caseId, ctx.access.caseId));
    const [row] = await tx
      .insert(advisoryRevisions)
      .values({
        caseId: ctx.access.caseId,
        revision: next,
        title: input.title,
        summary: input.summary,
        content: input.content,
        impact: input.impact,
        solution: input.solution,
        references: input.references,
        credits: input.credits,
        vulIds: input.vulnerabilities,
        ...(input.csafDocument ? { source: 'csaf_upload', csafDocument: input.csafDocument } : {}),
        createdBy: ctx.actor.id,
      })
      .returning();
    await recordActivity(tx, {
      actorId: ctx.actor.id,
      caseId: ctx.access.caseId,
      verb: input.csafDocument ? 'imported CSAF' : 'saved revision',
      objectType: 'advisory',
      objectId: row.id,
      after: { revision: row.revision, title: row.title },
    });
    // Requests about older revisions are closed now (answering one is a 409): no longer Action needed.
    const stale = await tx
      .select({ id: advisoryApprovals.id })
      .from(advisoryApprovals)
      .where(and(eq(advisoryApprovals.caseId, ctx.access.caseId), ne(advisoryApprovals.revisionId, row.id)));
    await resolveActionNeeded(tx, { kind: 'approval_requested', objectId: stale.map((a) => a.id) });
    return row;
  });
}

/** The latest revision, locked for the rest of the transaction; 404 when the case has none. */
async function lockLatest(tx: Tx, caseId: number): Promise<RevisionRow> {
  const [row] = await tx
    .select()
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, caseId))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1)
    .for('update');
  if (!row) throw new HttpError(404, NO_ADVISORY);
  return row;
}

export interface MetadataPatch {
  title?: string;
  summary?: string;
  references?: string[];
  credits?: string[];
  vulnerabilities?: number[];
}

/** Changes the latest revision's metadata in place; a published revision is left alone (409). */
export async function editLatestMetadata(
  db: Db,
  ctx: AdvisoryContext,
  patch: MetadataPatch,
): Promise<RevisionRow> {
  return db.transaction(async (tx) => {
    const latest = await lockLatest(tx, ctx.access.caseId);
    if (latest.published) throw conflict(LATEST_PUBLISHED_LOCKED);
    if (patch.vulnerabilities) await assertCaseVuls(tx, ctx.access.caseId, patch.vulnerabilities);
    const next = {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.summary !== undefined ? { summary: patch.summary } : {}),
      ...(patch.references !== undefined ? { references: patch.references } : {}),
      ...(patch.credits !== undefined ? { credits: patch.credits } : {}),
      ...(patch.vulnerabilities !== undefined ? { vulIds: patch.vulnerabilities } : {}),
    };
    const changed = Object.keys(next).filter(
      (k) => JSON.stringify(next[k as keyof typeof next]) !== JSON.stringify(latest[k as keyof RevisionRow]),
    ) as (keyof typeof next)[];
    if (changed.length === 0) return latest;
    const [row] = await tx
      .update(advisoryRevisions)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(advisoryRevisions.id, latest.id))
      .returning();
    await recordActivity(tx, {
      actorId: ctx.actor.id,
      caseId: ctx.access.caseId,
      verb: 'edited revision',
      objectType: 'advisory',
      objectId: latest.id,
      before: Object.fromEntries(changed.map((k) => [k, latest[k]])),
      after: { revision: latest.revision, ...Object.fromEntries(changed.map((k) => [k, row[k]])) },
    });
    return row;
  });
}

/** Today (UTC) plus one day, yyyy-MM-dd: the latest date a share or publish may carry. */
const latestAllowedDate = (now = new Date()) =>
  new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);

/** Refuses a share or publish date more than a day in the future (400 naming the field). */
export function assertDatesAllowed(input: { date_shared?: string; date_published?: string }): void {
  const limit = latestAllowedDate();
  for (const field of ['date_shared', 'date_published'] as const) {
    const date = input[field];
    if (date !== undefined && date > limit) throw badField(field, DATE_IN_FUTURE);
  }
}

/**
 * Shares and/or publishes the latest revision with the given dates. Refused: a date more than a day in
 * the future (400), publishing a revision that is not shared (409) unless `force` — which shares it too.
 */
export async function setLatestDates(
  db: Db,
  ctx: AdvisoryContext,
  input: { date_shared?: string; date_published?: string; force: boolean },
  /** Runs in the transaction once a revision not yet published was published (publication/guard.ts). */
  onPublished?: (tx: Tx, row: RevisionRow) => Promise<void>,
): Promise<RevisionRow> {
  assertDatesAllowed(input);
  return db.transaction(async (tx) => {
    const latest = await lockLatest(tx, ctx.access.caseId);
    const publishes = input.date_published !== undefined;
    let shared = latest.shared;
    let dateShared = latest.dateShared;
    if (input.date_shared !== undefined) [shared, dateShared] = [true, input.date_shared];
    const forced = publishes && !shared;
    if (forced) {
      if (!input.force) {
        throw new HttpError(409, PUBLISH_BEFORE_SHARE, { date_published: [PUBLISH_BEFORE_SHARE] });
      }
      [shared, dateShared] = [true, input.date_published!];
    }
    const [row] = await tx
      .update(advisoryRevisions)
      .set({
        shared,
        dateShared,
        ...(publishes ? { published: true, datePublished: input.date_published } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(advisoryRevisions.id, latest.id))
      .returning();
    if (shared !== latest.shared || dateShared !== latest.dateShared) {
      await recordActivity(tx, {
        actorId: ctx.actor.id,
        caseId: ctx.access.caseId,
        verb: 'shared',
        objectType: 'advisory',
        objectId: latest.id,
        before: { shared: latest.shared, date_shared: latest.dateShared },
        after: { revision: latest.revision, date_shared: row.dateShared, forced },
      });
    }
    if (publishes) {
      await recordActivity(tx, {
        actorId: ctx.actor.id,
        caseId: ctx.access.caseId,
        verb: 'published',
        objectType: 'advisory',
        objectId: latest.id,
        before: { published: latest.published, date_published: latest.datePublished },
        after: { revision: latest.revision, date_published: row.datePublished, forced },
      });
      if (!latest.published && onPublished) await onPublished(tx, row);
    }
    return row;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Diffs.

const DIFF_FIELDS: { field: AdvisoryFieldDiff['field']; of: (r: RevisionRow) => string }[] = [
  { field: 'title', of: (r) => r.title },
  { field: 'summary', of: (r) => r.summary },
  { field: 'content', of: (r) => r.content },
  { field: 'impact', of: (r) => r.impact },
  { field: 'solution', of: (r) => r.solution },
  { field: 'references', of: (r) => r.references.join('\n') },
  { field: 'credits', of: (r) => r.credits.join('\n') },
  { field: 'vulnerabilities', of: (r) => r.vulIds.join('\n') },
];

/** A line diff per field between two revisions (arrays one item per line). */
export async function revisionDiff(db: Db, from: RevisionRow, to: RevisionRow): Promise<AdvisoryDiff> {
  const refs = await userRefs(db, [from.createdBy, to.createdBy]);
  const withinBudget = diffBudget();
  const side = (r: RevisionRow) => ({
    revision: r.revision,
    title: r.title,
    created: r.createdAt.toISOString(),
    created_by: refOf(refs, r.createdBy),
  });
  return {
    from: side(from),
    to: side(to),
    fields: DIFF_FIELDS.map(({ field, of }) => {
      const [a, b] = [of(from), of(to)];
      const changed = a !== b;
      const labels = { file: field, from: `revision ${from.revision}`, to: `revision ${to.revision}` };
      return { field, changed, patch: changed ? lineDiff(a, b, labels, withinBudget) : '' };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Approvals.

const participantName = sql<string>`coalesce(${groups.name}, ${users.name}, '')`;

function selectApprovals(db: Db | Tx) {
  return db
    .select({ approval: advisoryApprovals, revision: advisoryRevisions.revision, name: participantName })
    .from(advisoryApprovals)
    .innerJoin(advisoryRevisions, eq(advisoryRevisions.id, advisoryApprovals.revisionId))
    .innerJoin(caseParticipants, eq(caseParticipants.id, advisoryApprovals.participantId))
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .leftJoin(users, eq(users.id, caseParticipants.userId));
}

type SelectedApproval = Awaited<ReturnType<ReturnType<typeof selectApprovals>['execute']>>[number];

async function approvalViews(db: Db | Tx, access: CaseAccess, rows: SelectedApproval[]): Promise<Approval[]> {
  const latest = await latestRevision(db, access.caseId);
  const refs = await userRefs(
    db,
    rows.flatMap((r) => [r.approval.requestedBy, r.approval.answeredBy]),
  );
  return rows.map(({ approval: a, revision, name }) => ({
    id: a.id,
    case: a.caseId,
    revision,
    revision_id: a.revisionId,
    for_older_revision: latest !== null && a.revisionId !== latest.id,
    participant: { id: a.participantId, name },
    status: a.status as ApprovalStatus,
    comment: a.comment,
    requested_by: refOf(refs, a.requestedBy),
    requested: a.requestedAt.toISOString(),
    answered_by: refOf(refs, a.answeredBy),
    answered: a.answeredAt?.toISOString() ?? null,
    can_answer: can('approval.answer', access, a),
  }));
}

export async function approvalView(db: Db | Tx, access: CaseAccess, id: number): Promise<Approval> {
  const rows = await selectApprovals(db).where(eq(advisoryApprovals.id, id));
  const [view] = await approvalViews(db, access, rows);
  return view;
}

const approvalsOf = (access: CaseAccess, revision?: number) =>
  and(
    eq(advisoryApprovals.caseId, access.caseId),
    filter('approval.read', access),
    revision !== undefined ? eq(advisoryRevisions.revision, revision) : undefined,
  );

export async function countApprovals(db: Db, access: CaseAccess, revision?: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(advisoryApprovals)
    .innerJoin(advisoryRevisions, eq(advisoryRevisions.id, advisoryApprovals.revisionId))
    .where(approvalsOf(access, revision));
  return n;
}

/** The approvals the caller may see (staff: all; a vendor's members: their vendor's), newest revision first. */
export async function listApprovals(
  db: Db,
  access: CaseAccess,
  revision: number | undefined,
  limit: number,
  offset: number,
): Promise<Approval[]> {
  const rows = await selectApprovals(db)
    .where(approvalsOf(access, revision))
    .orderBy(desc(advisoryRevisions.revision), sql`lower(${participantName})`, asc(advisoryApprovals.id))
    .limit(limit)
    .offset(offset);
  return approvalViews(db, access, rows);
}

export async function findApproval(db: Db, id: number): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(advisoryApprovals).where(eq(advisoryApprovals.id, id));
  return row ?? null;
}

/**
 * Asks vendor participants (some, or every vendor of the case) to approve the latest revision, which must
 * be shared (they could not read it otherwise). A vendor already asked about this revision keeps its
 * request as it is. The newly asked vendors' members are told.
 */
export async function requestApprovals(
  db: Db,
  ctx: AdvisoryContext,
  input: { participants?: number[]; all_vendors?: boolean },
): Promise<{ created: number[]; unchanged: number[] }> {
  return db.transaction(async (tx) => {
    const latest = await tx
      .select()
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.caseId, ctx.access.caseId))
      .orderBy(desc(advisoryRevisions.revision))
      .limit(1)
      .for('update');
    const revision = latest[0];
    if (!revision) throw conflict(NO_ADVISORY);
    if (!revision.shared) throw conflict(APPROVAL_NEEDS_SHARED);
    const vendors = await tx
      .select({ id: caseParticipants.id })
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, ctx.access.caseId), eq(caseParticipants.role, 'vendor')));
    const vendorIds = new Set(vendors.map((v) => v.id));
    let asked: number[];
    if (input.all_vendors) {
      if (vendorIds.size === 0) throw conflict(APPROVAL_NO_VENDORS);
      asked = [...vendorIds];
    } else {
      asked = [...new Set(input.participants ?? [])];
      if (asked.some((id) => !vendorIds.has(id))) throw badField('participants', APPROVAL_NOT_VENDORS);
    }
    const inserted = await tx
      .insert(advisoryApprovals)
      .values(
        asked.map((participantId) => ({
          caseId: ctx.access.caseId,
          revisionId: revision.id,
          participantId,
          requestedBy: ctx.actor.id,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const existing = await tx
      .select({ id: advisoryApprovals.id })
      .from(advisoryApprovals)
      .where(
        and(eq(advisoryApprovals.revisionId, revision.id), inArray(advisoryApprovals.participantId, asked)),
      );
    const created = inserted.map((a) => a.id);
    for (const a of inserted) {
      await recordActivity(tx, {
        actorId: ctx.actor.id,
        caseId: ctx.access.caseId,
        verb: 'requested approval',
        objectType: 'approval',
        objectId: a.id,
        after: { revision: revision.revision, participant: a.participantId },
      });
    }
    // Action needed for each asked vendor's members (emailed at once), until the vendor answers or a newer
    // revision closes the request.
    for (const a of inserted) {
      await raiseActionNeeded(tx, {
        kind: 'approval_requested',
        objectId: a.id,
        caseId: ctx.access.caseId,
        actorId: ctx.actor.id,
        userIds: await participantUserIds(tx, ctx.access.caseId, [a.participantId]),
        title: `${ctx.actor.name} asked you to approve revision ${revision.revision} of the advisory of case #${ctx.access.caseId}`,
        link: `/cvdp/cases/${ctx.access.caseId}/advisory`,
        vars: { revision: String(revision.revision) },
        publicUrl: ctx.publicUrl,
      });
    }
    return {
      created,
      unchanged: existing.map((e) => e.id).filter((id) => !created.includes(id)),
    };
  });
}

/**
 * A vendor's answer to a request about the latest revision (an answer may be changed while it is the
 * latest; a request about an older revision is closed: 409). Staff following the case, and whoever asked,
 * are told.
 */
export async function answerApproval(
  db: Db,
  ctx: AdvisoryContext,
  approval: ApprovalRow,
  input: { status: 'approved' | 'changes_requested'; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const latest = await lockLatest(tx, approval.caseId);
    if (latest.id !== approval.revisionId) throw conflict(APPROVAL_OLDER_REVISION);
    const [row] = await tx
      .update(advisoryApprovals)
      .set({ status: input.status, comment: input.comment, answeredBy: ctx.actor.id, answeredAt: sql`now()` })
      .where(eq(advisoryApprovals.id, approval.id))
      .returning();
    await recordActivity(tx, {
      actorId: ctx.actor.id,
      caseId: approval.caseId,
      verb: input.status === 'approved' ? 'approved' : 'requested changes',
      objectType: 'approval',
      objectId: approval.id,
      before: { status: approval.status, comment: approval.comment },
      after: {
        revision: latest.revision,
        participant: approval.participantId,
        status: row.status,
        comment: row.comment,
      },
    });
    await resolveActionNeeded(tx, { kind: 'approval_requested', objectId: approval.id });
    const [vendor] = await selectApprovals(tx).where(eq(advisoryApprovals.id, approval.id));
    const what = input.status === 'approved' ? 'approved' : 'requested changes to';
    await notify(tx, {
      caseId: approval.caseId,
      kind: 'approval_answered',
      actorId: ctx.actor.id,
      userIds: [
        ...(approval.requestedBy !== null ? [approval.requestedBy] : []),
        ...(await caseStaffUserIds(tx, approval.caseId)),
      ],
      title: `${ctx.actor.name} (${vendor.name}) ${what} revision ${latest.revision} of the advisory of case #${approval.caseId}`,
      group: caseGroup(
        approval.caseId,
        `${ctx.actor.name} (${vendor.name}) ${what} revision ${latest.revision} of the advisory`,
      ),
      body: input.comment,
      vars: { revision: String(latest.revision), answer: what, comment: input.comment },
      publicUrl: ctx.publicUrl,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Published advisories (public).

/** A revision that is published, and the latest published one of its case. */
const latestPublished = sql`"advisory_revisions"."published" and not exists (select 1 from "advisory_revisions" as "newer" where "newer"."case_id" = "advisory_revisions"."case_id" and "newer"."published" and "newer"."revision" > "advisory_revisions"."revision")`;

export async function countPublished(db: Db): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${advisoryRevisions.caseId})`.mapWith(Number) })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.published, true));
  return n;
}

const summaryOf = (r: RevisionRow): PublicAdvisorySummary => ({
  case: r.caseId,
  label: `VU#${r.caseId}`,
  title: r.title,
  summary: r.summary,
  revision: r.revision,
  date_published: r.datePublished ?? '',
  url: publicAdvisoryPath(r.caseId),
});

/** Each case's latest published revision, most recently published first. */
export async function listPublished(db: Db, limit: number, offset: number): Promise<PublicAdvisorySummary[]> {
  const rows = await db
    .select()
    .from(advisoryRevisions)
    .where(latestPublished)
    .orderBy(desc(advisoryRevisions.datePublished), desc(advisoryRevisions.caseId))
    .limit(limit)
    .offset(offset);
  return rows.map(summaryOf);
}

/** The case's latest published revision, as anyone may read it (null: nothing published). */
export async function findPublished(db: Db, caseId: number, render: Render): Promise<PublicAdvisory | null> {
  const [row] = await db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, caseId), eq(advisoryRevisions.published, true)))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1);
  if (!row) return null;
  const vuls = await db
    .select({ cve: vulnerabilities.cve })
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.caseId, caseId),
        row.vulIds.length ? inArray(vulnerabilities.id, row.vulIds) : undefined,
      ),
    )
    .orderBy(asc(vulnerabilities.localId));
  return {
    ...summaryOf(row),
    content: row.content,
    html: render(row),
    impact: row.impact,
    solution: row.solution,
    references: row.references,
    credits: row.credits,
    cves: vuls.flatMap((v) => (v.cve ? [v.cve] : [])),
    date_shared: row.dateShared,
  };
}
