// The steps a demo case's story is made of, each through the store the matching route calls (with what the
// route computes first: the SSVC outcome from its table, Markdown rendered for a post). They run inside the
// case's transaction (case-story.ts) as the person the story says.
import { eq } from 'drizzle-orm';
import { type VendorStatusValue, caseStatusLabel } from '@cvdp/core';
import { scoreCvssVector } from '@cvdp/core/cvss/score-any';
import { decideSsvc } from '@cvdp/core/ssvc/index';
import type { AuthUser } from '@cvdp/server-kit';
import { threads } from '@cvdp/coordination';
import { updateCase } from '../../../coordination/src/cases/store.ts';
import { notify, participantUserIds } from '../../../coordination/src/notifications/notify.ts';
import {
  type VulRow,
  createVulsFromReport,
  saveSsvc,
  setCvss,
  updateVul,
} from '../../../coordination/src/vuls/store.ts';
import { setVendorStatus, vendorParticipants } from '../../../coordination/src/vendor-status/store.ts';
import { createThread, markRead } from '../../../coordination/src/threads/store.ts';
import { createPost } from '../../../coordination/src/posts/store.ts';
import { markdownRenderer } from '../../../coordination/src/posts/render.ts';
import { createArtifact } from '../../../coordination/src/artifacts/store.ts';
import type { StoredUpload } from '../../../coordination/src/artifacts/store-upload.ts';
import {
  type RevisionInput,
  requestApprovals,
  saveRevision,
  setLatestDates,
} from '../../../coordination/src/advisories/store.ts';
import type { CaseSteps } from './case-story.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A status change as PATCH /api/case/{id}/ makes it: the case row, then everyone in the case told. */
export async function changeStatus(
  c: CaseSteps,
  owner: AuthUser,
  change: { status: 1 | 2; tags?: string[]; resolution?: number | null; reason?: string },
  publicUrl: string | undefined,
) {
  const { status, tags, resolution, reason = '' } = change;
  const outcome = await updateCase(c.tx, owner.id, c.caseId, {
    status,
    ...(tags ? { tags } : {}),
    ...(resolution !== undefined ? { resolution } : {}),
  });
  await notify(c.tx, {
    caseId: c.caseId,
    kind: 'status_changed',
    actorId: owner.id,
    userIds: await participantUserIds(c.tx, c.caseId),
    title: `${owner.name} ${status === 1 ? 'activated' : 'closed'} case #${c.caseId}`,
    vars: { status: caseStatusLabel(outcome.case.status), reason },
    publicUrl,
  });
}

/** "Create from report": one vulnerability per vulnerability of the report, with the reporter's CVSS. */
export async function vulsFromReport(c: CaseSteps, owner: AuthUser): Promise<VulRow[]> {
  return (await createVulsFromReport(c.db, c.caseId, owner.id, scoreCvssVector)).created;
}

/** The coordinator names the vulnerability and gives it its CVE id. */
export const nameVul = (c: CaseSteps, owner: AuthUser, vul: VulRow, title: string, cve: string | null) =>
  updateVul(c.db, vul, owner.id, { title, cve });

/** The coordinator's own CVSS score (the reporter's stays beside it). */
export async function scoreVul(c: CaseSteps, owner: AuthUser, vul: VulRow, vector: string) {
  const scored = scoreCvssVector(vector);
  if (!scored.ok) throw new Error(`The demo's CVSS vector ${vector} is refused: ${scored.message}`);
  await setCvss(c.db, vul, owner, scored);
}

/** An SSVC decision on CISA's coordinator table, the outcome computed as the route computes it. */
export async function decideCisa(c: CaseSteps, owner: AuthUser, vul: VulRow, values: Record<string, string>) {
  const result = decideSsvc('cisa-coordinator', values);
  if (!result.ok) throw new Error(`The demo's SSVC values are refused: ${result.message}`);
  await saveSsvc(c.db, vul, owner, result.decision);
}

export interface StatusFields {
  status: VendorStatusValue;
  product: string;
  affected?: string;
  fixed?: string;
  statement?: string;
}

/** A vendor's status for a vulnerability, set by a member of that vendor (or by staff on its behalf). */
export async function setStatus(
  c: CaseSteps,
  who: AuthUser,
  vendorName: string,
  vul: VulRow,
  fields: StatusFields,
) {
  const vendor = (await vendorParticipants(c.db, c.caseId)).find((v) => v.name === vendorName);
  if (!vendor) throw new Error(`${vendorName} is not a vendor of case #${c.caseId}.`);
  await setVendorStatus(c.db, await c.access(who), {
    vul: vul.id,
    participant: vendor.participant,
    status: fields.status,
    justification: null,
    product: fields.product,
    affected_versions: fields.affected ?? '',
    fixed_versions: fields.fixed ?? '',
    cpe: null,
    purl: null,
    statement: fields.statement ?? '',
  });
}

/** A thread staff start, readable by every participant of the case. */
export async function startThread(c: CaseSteps, owner: AuthUser, subject: string, official = false) {
  const id = await createThread(c.db, await c.access(owner), owner.id, { subject, official });
  const [thread] = await c.tx.select().from(threads).where(eq(threads.id, id));
  return thread;
}

type ThreadRow = Awaited<ReturnType<typeof startThread>>;

/**
 * A post in a thread (Markdown, rendered and sanitised as the route does); its author has read the thread up
 * to it, as the thread's page marks when they open it to write.
 */
export async function post(
  c: CaseSteps,
  who: AuthUser,
  thread: ThreadRow,
  content: string,
  publicUrl: string | undefined,
  replyTo?: number,
) {
  const id = await createPost(
    c.db,
    {
      access: await c.access(who),
      thread,
      actor: who,
      render: markdownRenderer(publicUrl).render,
      publicUrl,
    },
    { content, ...(replyTo !== undefined ? { reply_to: replyTo } : {}) },
  );
  await markRead(c.db, thread.id, who.id, id);
  return id;
}

/** A file uploaded into a thread of the case. */
export const attach = (c: CaseSteps, who: AuthUser, upload: StoredUpload, thread: ThreadRow) =>
  createArtifact(c.db, { caseId: c.caseId, userId: who.id, upload, threadId: thread.id });

/** A new revision of the advisory, shared with the case's participants on the story's day. */
export async function shareAdvisory(
  c: CaseSteps,
  owner: AuthUser,
  input: RevisionInput,
  publicUrl: string | undefined,
) {
  const ctx = { access: await c.access(owner), actor: owner, publicUrl };
  await saveRevision(c.db, ctx, input);
  await setLatestDates(c.db, ctx, { date_shared: day(c.now()), force: false });
}

/** Every vendor of the case asked to approve the shared revision (their members are told). */
export async function askVendorsToApprove(c: CaseSteps, owner: AuthUser, publicUrl: string | undefined) {
  await requestApprovals(
    c.db,
    { access: await c.access(owner), actor: owner, publicUrl },
    { all_vendors: true },
  );
}

/** The latest revision published on the story's day: its public page and the CVE record's publication. */
export async function publishAdvisory(c: CaseSteps, owner: AuthUser, publicUrl: string | undefined) {
  await setLatestDates(
    c.db,
    { access: await c.access(owner), actor: owner, publicUrl },
    { date_published: day(c.now()), force: false },
  );
}
