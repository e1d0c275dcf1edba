// The embargo's queries and transactions: reading it (ending it on its date when the clock has passed the
// end), proposals, vendors' answers, the coordinator's decision, ending early and breaches. Every change
// locks the embargo row, asks the state machine (machine.ts), appends to the hash-chained log (log.ts) and
// writes an activity row (object type `embargo`) in the same transaction.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EMBARGO_ALREADY_ANSWERED,
  EMBARGO_END_IN_PAST,
  EMBARGO_ONLY_STAFF_PROPOSE,
  EMBARGO_ONLY_VENDOR_ANSWERS,
  EMBARGO_PROPOSAL_CLOSED,
  type EmbargoExitKind,
  type EmbargoProposalView,
  type EmbargoState,
  type EmbargoView,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, recordActivity, groups, users } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { caseParticipants } from '../cases/tables.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { appendEmbargoLog } from './log.ts';
import { type EmbargoEvent, transition } from './machine.ts';
import {
  type EmbargoNoticeContext,
  askToAnswer,
  closeAnswerRequests,
  tellEveryone,
  utcText,
} from './notify.ts';
import { embargoAnswers, embargoProposals, embargoReminders, embargoes } from './tables.ts';

export const EMBARGO_CHANNEL = 'embargo_reminders';

export type EmbargoRow = typeof embargoes.$inferSelect;
export type ProposalRow = typeof embargoProposals.$inferSelect;

export interface EmbargoContext extends EmbargoNoticeContext {
  access: CaseAccess;
  now: Date;
}

const conflict = (detail: string) => new HttpError(409, detail);

/** The next state for `event`, or 409 naming why the embargo cannot take it. */
function next(state: EmbargoState, event: EmbargoEvent): EmbargoState {
  const t = transition(state, event);
  if (!t.ok) throw conflict(t.reason);
  return t.to;
}

/** The case's embargo row locked for this transaction (created in state `none` when the case has none). */
async function lockEmbargo(tx: Tx, caseId: number): Promise<EmbargoRow> {
  await tx.insert(embargoes).values({ caseId }).onConflictDoNothing();
  const [row] = await tx.select().from(embargoes).where(eq(embargoes.caseId, caseId)).for('update');
  return row;
}

const participantName = sql<string>`coalesce(${groups.name}, ${users.name}, '')`;

/** The case's vendor participants (a group is one), with their names, by name. */
async function vendorParticipants(db: Db | Tx, caseId: number) {
  return db
    .select({ id: caseParticipants.id, name: participantName })
    .from(caseParticipants)
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'vendor')))
    .orderBy(sql`lower(${participantName})`, caseParticipants.id);
}

async function participantNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: caseParticipants.id, name: participantName })
    .from(caseParticipants)
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .where(inArray(caseParticipants.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function record(
  tx: Tx,
  ctx: EmbargoNoticeContext,
  embargo: EmbargoRow,
  verb: string,
  kind: string,
  details: Record<string, unknown>,
  at: Date,
) {
  await appendEmbargoLog(tx, { caseId: ctx.caseId, actorId: ctx.actorId, kind, details, at });
  await recordActivity(tx, {
    actorId: ctx.actorId,
    caseId: ctx.caseId,
    verb,
    objectType: 'embargo',
    objectId: embargo.id,
    before: { state: embargo.state, end: embargo.endsAt?.toISOString() ?? null },
    after: details,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Ending on its date: found on read and by the reminder worker, recorded once (under the row lock).

const REMINDER_WHEN = { t7: 'in 7 days', t1: 'in 1 day', t0: 'now' } as const;
export type ReminderKind = keyof typeof REMINDER_WHEN;

/**
 * Sends the reminder `kind` for the embargo's current end unless it went already (the unique row is the
 * claim: inserted in this transaction with the notifications). Returns whether this call sent it.
 */
export async function sendReminder(tx: Tx, embargo: EmbargoRow, kind: ReminderKind, publicUrl: string) {
  if (!embargo.endsAt) return false;
  const [claimed] = await tx
    .insert(embargoReminders)
    .values({ embargoId: embargo.id, endsAt: embargo.endsAt, kind })
    .onConflictDoNothing()
    .returning({ id: embargoReminders.id });
  if (!claimed) return false;
  const when = REMINDER_WHEN[kind];
  const told = await tellEveryone(
    tx,
    { caseId: embargo.caseId, actorId: null, actorName: 'CVDP', publicUrl },
    {
      kind: 'embargo_ending',
      title:
        kind === 't0'
          ? `The embargo of case #${embargo.caseId} ends now (${utcText(embargo.endsAt)})`
          : `The embargo of case #${embargo.caseId} ends ${when} (${utcText(embargo.endsAt)})`,
      event: `ends ${when}`,
      end: embargo.endsAt,
      vars: { embargo_when: when },
    },
  );
  await tx
    .update(embargoReminders)
    .set({ recipients: told.length })
    .where(eq(embargoReminders.id, claimed.id));
  return true;
}

/** The embargo ended: its open proposal (if any) lapses, and nobody is asked to answer it any more. */
async function lapseOpenProposal(tx: Tx, row: EmbargoRow): Promise<void> {
  const lapsed = await tx
    .update(embargoProposals)
    .set({ status: 'lapsed' })
    .where(and(eq(embargoProposals.embargoId, row.id), eq(embargoProposals.status, 'open')))
    .returning({ id: embargoProposals.id });
  await closeAnswerRequests(
    tx,
    row.caseId,
    lapsed.map((p) => p.id),
  );
}

/**
 * In a transaction holding the embargo row's lock: if the clock has passed its end, send the T-0 reminder
 * (once), exit it as ended on its date, lapse an open proposal and tell everyone. Returns the row as it is.
 */
export async function settleLocked(
  tx: Tx,
  row: EmbargoRow,
  now: Date,
  publicUrl: string,
): Promise<EmbargoRow> {
  if (!(row.state === 'active' || row.state === 'revising') || !row.endsAt || row.endsAt > now) return row;
  await sendReminder(tx, row, 't0', publicUrl);
  const state = next(row.state, 'end_on_date');
  const [updated] = await tx
    .update(embargoes)
    .set({ state, exitKind: 'ended', exitedAt: row.endsAt, updatedAt: sql`now()` })
    .where(eq(embargoes.id, row.id))
    .returning();
  await lapseOpenProposal(tx, row);
  const ctx = { caseId: row.caseId, actorId: null, actorName: 'CVDP', publicUrl };
  await record(
    tx,
    ctx,
    row,
    'embargo ended on its date',
    'ended',
    { state, end: row.endsAt.toISOString() },
    row.endsAt,
  );
  await tellEveryone(tx, ctx, {
    title: `The embargo of case #${row.caseId} ended on its date (${utcText(row.endsAt)})`,
    event: 'it ended on its date',
    end: row.endsAt,
  });
  return { ...row, ...updated };
}

/** Ends the case's embargo if the clock passed its end (a read does this lazily; the worker does it too). */
export async function settleIfDue(db: Db, caseId: number, now: Date, publicUrl: string): Promise<void> {
  const [row] = await db.select().from(embargoes).where(eq(embargoes.caseId, caseId));
  if (!row || !(row.state === 'active' || row.state === 'revising') || !row.endsAt || row.endsAt > now)
    return;
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(embargoes).where(eq(embargoes.id, row.id)).for('update');
    await settleLocked(tx, locked, now, publicUrl);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reads.

export async function findProposal(db: Db, id: number): Promise<ProposalRow | null> {
  const [row] = await db.select().from(embargoProposals).where(eq(embargoProposals.id, id));
  return row ?? null;
}

export async function currentEmbargo(
  db: Db | Tx,
  caseId: number,
): Promise<{ id: number; state: EmbargoState; endsAt: Date | null } | null> {
  const [row] = await db
    .select({ id: embargoes.id, state: embargoes.state, endsAt: embargoes.endsAt })
    .from(embargoes)
    .where(eq(embargoes.caseId, caseId));
  return row ? { id: row.id, state: row.state as EmbargoState, endsAt: row.endsAt } : null;
}

async function proposalViews(
  db: Db,
  access: CaseAccess,
  rows: ProposalRow[],
): Promise<EmbargoProposalView[]> {
  if (rows.length === 0) return [];
  const vendors = await vendorParticipants(db, access.caseId);
  const answers = await db
    .select()
    .from(embargoAnswers)
    .where(
      inArray(
        embargoAnswers.proposalId,
        rows.map((r) => r.id),
      ),
    );
  const names = await participantNames(db, [
    ...rows.flatMap((r) => (r.participantId ? [r.participantId] : [])),
    ...answers.map((a) => a.participantId),
  ]);
  const refs = await userRefs(db, [
    ...rows.flatMap((r) => [r.proposedBy, r.decidedBy]),
    ...answers.map((a) => a.answeredBy),
  ]);
  const myVendorRows = vendors.filter((v) => access.participantIds.includes(v.id)).map((v) => v.id);
  return rows.map((p) => {
    const mine = answers.filter((a) => a.proposalId === p.id);
    // Everyone asked: the vendors of the case now, and any who answered and have since left.
    const ids = [...new Set([...vendors.map((v) => v.id), ...mine.map((a) => a.participantId)])];
    const open = p.status === 'open';
    return {
      id: p.id,
      kind: p.kind as 'start' | 'change',
      end: p.endsAt.toISOString(),
      reason: p.reason,
      status: p.status as EmbargoProposalView['status'],
      proposed_by: refOf(refs, p.proposedBy),
      proposed_for: p.participantId ? { id: p.participantId, name: names.get(p.participantId) ?? '' } : null,
      proposed: p.createdAt.toISOString(),
      answers: ids.map((id) => {
        const a = mine.find((x) => x.participantId === id);
        return {
          participant: { id, name: vendors.find((v) => v.id === id)?.name ?? names.get(id) ?? '' },
          answer: (a?.answer ?? 'none') as 'accept' | 'decline' | 'none',
          comment: a?.comment ?? '',
          answered_by: refOf(refs, a?.answeredBy),
          answered: a?.answeredAt.toISOString() ?? null,
        };
      }),
      decided_by: refOf(refs, p.decidedBy),
      decided: p.decidedAt?.toISOString() ?? null,
      decision_comment: p.decisionComment,
      can_answer:
        open &&
        can('embargo.answer', access) &&
        myVendorRows.some((id) => !mine.some((a) => a.participantId === id)),
      can_decide: open && can('embargo.manage', access),
    };
  });
}

export async function embargoView(db: Db, access: CaseAccess): Promise<EmbargoView> {
  const [row] = await db.select().from(embargoes).where(eq(embargoes.caseId, access.caseId));
  const proposals = row
    ? await db
        .select()
        .from(embargoProposals)
        .where(eq(embargoProposals.embargoId, row.id))
        .orderBy(desc(embargoProposals.id))
    : [];
  const history = await proposalViews(db, access, proposals);
  const state = (row?.state ?? 'none') as EmbargoState;
  const live = state === 'active' || state === 'revising';
  return {
    case: access.caseId,
    state,
    end: row?.endsAt?.toISOString() ?? null,
    exit_kind: (row?.exitKind ?? null) as EmbargoExitKind | null,
    exit_reason: row?.exitReason ?? '',
    exited: row?.exitedAt?.toISOString() ?? null,
    open_proposal: history.find((p) => p.status === 'open') ?? null,
    history,
    can_propose:
      (state === 'none' && can('embargo.manage', access)) ||
      (state === 'active' && can('embargo.request_change', access)),
    can_exit: live && can('embargo.manage', access),
    can_report_breach: live && can('embargo.breach', access),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Changes.

/**
 * A proposal: staff propose the first end (none → proposed) or a change (active → revising); a vendor or
 * reporter participant asks for a change of an agreed embargo (an extension request). The vendors are asked
 * to answer; a vendor asking counts as its own acceptance.
 */
export async function propose(
  db: Db,
  ctx: EmbargoContext,
  input: { end: string; reason: string },
): Promise<number> {
  const end = new Date(input.end);
  if (end <= ctx.now) throw new HttpError(400, EMBARGO_END_IN_PAST, { end: [EMBARGO_END_IN_PAST] });
  const staff = can('embargo.manage', ctx.access);
  return db.transaction(async (tx) => {
    const row = await settleLocked(tx, await lockEmbargo(tx, ctx.caseId), ctx.now, ctx.publicUrl);
    const state = row.state as EmbargoState;
    if (!staff && state === 'none') throw new HttpError(403, EMBARGO_ONLY_STAFF_PROPOSE);
    const event: EmbargoEvent = staff && state === 'none' ? 'propose' : 'propose_change';
    const to = next(state, event);
    const vendors = await vendorParticipants(tx, ctx.caseId);
    // The participant row a non-staff caller asks through: their vendor row first, else their reporter row.
    let participantId: number | null = null;
    if (!staff) {
      const mine = await tx
        .select({ id: caseParticipants.id, role: caseParticipants.role })
        .from(caseParticipants)
        .where(
          and(
            inArray(
              caseParticipants.id,
              ctx.access.participantIds.length ? [...ctx.access.participantIds] : [0],
            ),
            inArray(caseParticipants.role, ['vendor', 'reporter']),
          ),
        );
      participantId = (mine.find((m) => m.role === 'vendor') ?? mine[0])?.id ?? null;
    }
    const [proposal] = await tx
      .insert(embargoProposals)
      .values({
        embargoId: row.id,
        caseId: ctx.caseId,
        kind: event === 'propose' ? 'start' : 'change',
        endsAt: end,
        reason: input.reason,
        proposedBy: ctx.actorId,
        participantId,
      })
      .returning();
    const asker = vendors.find((v) => v.id === participantId);
    if (asker) {
      await tx.insert(embargoAnswers).values({
        proposalId: proposal.id,
        caseId: ctx.caseId,
        participantId: asker.id,
        answer: 'accept',
        comment: 'Requested this change.',
        answeredBy: ctx.actorId,
      });
    }
    await tx
      .update(embargoes)
      .set({ state: to, updatedAt: sql`now()` })
      .where(eq(embargoes.id, row.id));
    await record(
      tx,
      ctx,
      row,
      event === 'propose' ? 'proposed embargo' : 'proposed embargo change',
      'proposed',
      {
        proposal: proposal.id,
        kind: proposal.kind,
        end: end.toISOString(),
        reason: input.reason,
        state: to,
        ...(asker ? { for: { id: asker.id, name: asker.name } } : {}),
      },
      ctx.now,
    );
    await askToAnswer(tx, ctx, {
      proposalId: proposal.id,
      participantIds: vendors.filter((v) => v.id !== participantId).map((v) => v.id),
      end,
      reason: input.reason,
    });
    if (!staff) {
      await tellEveryone(tx, ctx, {
        title: `${ctx.actorName}${asker ? ` (${asker.name})` : ''} asks to change the end of the embargo of case #${ctx.caseId} to ${utcText(end)}`,
        event: `a change of the end was requested`,
        end,
        reason: input.reason,
      });
    }
    await tx.execute(sql`select pg_notify(${EMBARGO_CHANNEL}, '')`);
    return proposal.id;
  });
}

/**
 * A vendor participant's answer (for each of the caller's vendor rows that has not answered: a group's
 * members answer as the group, once). 403 for a caller who is no vendor of the case, 409 for a second answer.
 */
export async function answerProposal(
  db: Db,
  ctx: EmbargoContext,
  proposal: ProposalRow,
  input: { answer: 'accept' | 'decline'; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await settleLocked(tx, await lockEmbargo(tx, proposal.caseId), ctx.now, ctx.publicUrl);
    const [current] = await tx.select().from(embargoProposals).where(eq(embargoProposals.id, proposal.id));
    if (current.status !== 'open') throw conflict(EMBARGO_PROPOSAL_CLOSED);
    const vendors = await vendorParticipants(tx, proposal.caseId);
    const mine = vendors.filter((v) => ctx.access.participantIds.includes(v.id));
    if (mine.length === 0) throw new HttpError(403, EMBARGO_ONLY_VENDOR_ANSWERS);
    const inserted = await tx
      .insert(embargoAnswers)
      .values(
        mine.map((v) => ({
          proposalId: proposal.id,
          caseId: proposal.caseId,
          participantId: v.id,
          answer: input.answer,
          comment: input.comment,
          answeredBy: ctx.actorId,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw conflict(EMBARGO_ALREADY_ANSWERED);
    await closeAnswerRequests(
      tx,
      proposal.caseId,
      [proposal.id],
      inserted.map((a) => a.participantId),
    );
    const who = inserted.map((a) => ({
      id: a.participantId,
      name: mine.find((v) => v.id === a.participantId)!.name,
    }));
    await record(
      tx,
      ctx,
      row,
      input.answer === 'accept' ? 'accepted embargo proposal' : 'declined embargo proposal',
      'answered',
      { proposal: proposal.id, answer: input.answer, comment: input.comment, participants: who },
      ctx.now,
    );
  });
}

/**
 * The coordinator's decision: accept (the proposal takes effect; proposed/revising → active) or decline
 * (proposed → none, revising → active with the agreed end). Records who had accepted, declined or not answered.
 */
export async function decideProposal(
  db: Db,
  ctx: EmbargoContext,
  proposal: ProposalRow,
  input: { answer: 'accept' | 'decline'; comment: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await settleLocked(tx, await lockEmbargo(tx, proposal.caseId), ctx.now, ctx.publicUrl);
    const [current] = await tx.select().from(embargoProposals).where(eq(embargoProposals.id, proposal.id));
    if (current.status !== 'open') throw conflict(EMBARGO_PROPOSAL_CLOSED);
    const accept = input.answer === 'accept';
    if (accept && current.endsAt <= ctx.now) {
      throw conflict('The proposed end has passed: decline this proposal and propose a new end.');
    }
    const to = next(row.state as EmbargoState, accept ? 'accept' : 'decline');
    const vendors = await vendorParticipants(tx, proposal.caseId);
    const answers = await tx.select().from(embargoAnswers).where(eq(embargoAnswers.proposalId, proposal.id));
    const named = (ids: number[]) =>
      ids.map((id) => ({ id, name: vendors.find((v) => v.id === id)?.name ?? '' }));
    const accepted = answers.filter((a) => a.answer === 'accept').map((a) => a.participantId);
    const declined = answers.filter((a) => a.answer === 'decline').map((a) => a.participantId);
    const notAnswered = vendors.map((v) => v.id).filter((id) => !answers.some((a) => a.participantId === id));
    await tx
      .update(embargoProposals)
      .set({
        status: accept ? 'accepted' : 'declined',
        decidedBy: ctx.actorId,
        decidedAt: ctx.now,
        decisionComment: input.comment,
        decision: { accepted, declined, not_answered: notAnswered },
      })
      .where(eq(embargoProposals.id, proposal.id));
    await closeAnswerRequests(tx, proposal.caseId, [proposal.id]);
    const endsAt = accept ? current.endsAt : row.endsAt;
    await tx
      .update(embargoes)
      .set({ state: to, endsAt, updatedAt: sql`now()` })
      .where(eq(embargoes.id, row.id));
    await record(
      tx,
      ctx,
      row,
      accept ? 'agreed embargo' : 'declined embargo proposal',
      accept ? 'accepted' : 'declined',
      {
        proposal: proposal.id,
        end: current.endsAt.toISOString(),
        comment: input.comment,
        state: to,
        accepted: named(accepted),
        declined: named(declined),
        not_answered: named(notAnswered),
      },
      ctx.now,
    );
    await tellEveryone(tx, ctx, {
      title: accept
        ? `The embargo of case #${ctx.caseId} now ends ${utcText(current.endsAt)}`
        : `The proposed embargo end ${utcText(current.endsAt)} of case #${ctx.caseId} was declined`,
      event: accept ? `it now ends ${utcText(current.endsAt)}` : 'a proposed end was declined',
      end: endsAt,
      reason: input.comment,
    });
    // A new end re-arms the reminders: wake the workers (the new end's reminders may be due at once).
    await tx.execute(sql`select pg_notify(${EMBARGO_CHANNEL}, '')`);
  });
}

/**
 * Ends the case's embargo now (from active or revising; an open proposal lapses): staff with a reason
 * (`ended_early`), a participant's breach report (`broken`) — or the advisory's publication. Call inside a
 * transaction; 409 when there is no embargo in force.
 */
export async function exitEmbargo(
  tx: Tx,
  input: {
    caseId: number;
    actorId: number | null;
    reason: string;
    kind?: Exclude<EmbargoExitKind, 'ended'>;
    at?: Date;
    publicUrl?: string;
    actorName?: string;
    /** 409 when no embargo is in force (the routes); otherwise nothing happens and false is returned. */
    strict?: boolean;
  },
): Promise<boolean> {
  if (!input.strict) {
    const current = await currentEmbargo(tx, input.caseId);
    if (!current || !(current.state === 'active' || current.state === 'revising')) return false;
  }
  const kind = input.kind ?? 'ended_early';
  const at = input.at ?? new Date();
  const ctx = {
    caseId: input.caseId,
    actorId: input.actorId,
    actorName: input.actorName ?? 'CVDP',
    publicUrl: input.publicUrl ?? '',
  };
  const row = await settleLocked(tx, await lockEmbargo(tx, input.caseId), at, ctx.publicUrl);
  if (!input.strict && !(row.state === 'active' || row.state === 'revising')) return false;
  const to = next(row.state as EmbargoState, kind === 'broken' ? 'breach' : 'end_early');
  await tx
    .update(embargoes)
    .set({ state: to, exitKind: kind, exitReason: input.reason, exitedAt: at, updatedAt: sql`now()` })
    .where(eq(embargoes.id, row.id));
  await lapseOpenProposal(tx, row);
  const broken = kind === 'broken';
  await record(
    tx,
    ctx,
    row,
    broken ? 'reported embargo broken' : 'ended embargo early',
    kind,
    { state: to, end: row.endsAt?.toISOString() ?? null, [broken ? 'evidence' : 'reason']: input.reason },
    at,
  );
  await tellEveryone(tx, ctx, {
    title: broken
      ? `The embargo of case #${input.caseId} is broken: ${ctx.actorName} reported public disclosure or exploitation`
      : `The embargo of case #${input.caseId} was ended early`,
    event: broken ? 'it is broken (public disclosure or active exploitation reported)' : 'it was ended early',
    end: row.endsAt,
    reason: input.reason,
  });
  return true;
}

/** Staff end the embargo early, or a participant reports a breach: one transaction. */
export async function endNow(
  db: Db,
  ctx: EmbargoContext,
  kind: 'ended_early' | 'broken',
  reason: string,
): Promise<void> {
  await db.transaction((tx) =>
    exitEmbargo(tx, {
      caseId: ctx.caseId,
      actorId: ctx.actorId,
      actorName: ctx.actorName,
      reason,
      kind,
      at: ctx.now,
      publicUrl: ctx.publicUrl,
      strict: true,
    }),
  );
}
