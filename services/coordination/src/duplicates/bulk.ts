// Bulk triage: one action on several reports of the triage queue — activate, assign (a coordinator or an
// auto-assignment role), merge into a case, close with a resolution and a message to each reporter, release
// a held report into the queue. Each
// report is checked and changed in its own transaction, exactly as the one-case call would do it, so one
// refusal (not in triage any more, an unknown resolution…) never undoes or blocks the others; the answer
// says what happened to each.
import type { FastifyInstance } from 'fastify';
import { type BulkTriage, type BulkTriageAnswer, CASE_STATUS, caseStatusLabel } from '@cvdp/core';
import { type AuthUser, HttpError, forbidden } from '@cvdp/server-kit';
import { assignCase } from '../assignments/store.ts';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { updateCase } from '../cases/store.ts';
import { releaseHeld } from '../held/store.ts';
import { notify, participantUserIds } from '../notifications/notify.ts';
import { type CaseAccess, type PolicyAction, can } from '../policy/index.ts';
import { mergeReport } from './merge.ts';
import { triageMessageText } from './messages.ts';

type Services = Pick<FastifyInstance, 'db' | 'config'>;

export const notInTriage = (status: number) =>
  `Not in triage: the case is ${caseStatusLabel(status).toLowerCase()}.`;

const ACTION_POLICY: Record<BulkTriage['action'], PolicyAction> = {
  activate: 'case.edit',
  assign: 'assignment.manage',
  merge: 'report.merge',
  close: 'case.edit',
  release: 'report.release',
};

/** A status change of one report's case with what its participants are told (as PATCH /api/cases/{id}/). */
async function changeStatus(
  { db, config }: Services,
  user: AuthUser,
  access: CaseAccess,
  change: { status: 1 | 2; resolution?: number; message?: string },
) {
  await db.transaction(async (tx) => {
    const outcome = await updateCase(tx, user.id, access.caseId, {
      status: change.status,
      ...(change.resolution !== undefined ? { resolution: change.resolution } : {}),
    });
    if (!outcome.statusVerb) return;
    await notify(tx, {
      caseId: access.caseId,
      kind: 'status_changed',
      actorId: user.id,
      userIds: await participantUserIds(tx, access.caseId),
      title: `${user.name} ${outcome.statusVerb} case #${access.caseId}`,
      body: change.message ?? '',
      vars: { status: caseStatusLabel(outcome.case.status), reason: change.message ?? '' },
      publicUrl: config.publicUrl,
    });
  });
}

async function actOn(services: Services, user: AuthUser, caseId: number, input: BulkTriage): Promise<string> {
  const access = await caseAccessOr404(services.db, user, caseId);
  if (!can(ACTION_POLICY[input.action], access)) throw forbidden();
  if (access.case.status !== CASE_STATUS.PENDING) throw new HttpError(409, notInTriage(access.case.status));
  switch (input.action) {
    case 'activate':
      await changeStatus(services, user, access, { status: CASE_STATUS.ACTIVE });
      return 'Activated.';
    case 'close':
      await changeStatus(services, user, access, {
        status: CASE_STATUS.CLOSED,
        resolution: input.resolution,
        message: input.message,
      });
      return 'Closed.';
    case 'assign': {
      const { assignment, created } = await assignCase(
        services.db,
        access,
        user,
        { user: input.user, role: input.role },
        services.config.publicUrl,
      );
      return created
        ? `Assigned to ${assignment.user.name}.`
        : `Already assigned to ${assignment.user.name}.`;
    }
    case 'release':
      await releaseHeld(services.db, user, caseId);
      return 'Released into the triage queue.';
    case 'merge': {
      const merged = await mergeReport(
        services.db,
        user,
        caseId,
        { into: input.into!, message: input.message },
        services.config.publicUrl,
      );
      return `Merged into case #${merged.into}.`;
    }
  }
}

/** What `detail` says for a refusal: the error's message and, if it names fields, their messages. */
function refusal(error: HttpError): string {
  const fields = Object.values(error.errors ?? {}).flat();
  const extra = fields.filter((m) => m !== error.detail);
  return [error.detail, ...extra].join(' ');
}

export async function bulkTriage(
  services: Services,
  user: AuthUser,
  input: BulkTriage,
): Promise<BulkTriageAnswer> {
  // A message template's text is read once, before any report is touched (an unknown one refuses them all).
  if (input.template !== undefined && input.message === undefined)
    input = { ...input, message: await triageMessageText(services.db, input.template) };
  const results: BulkTriageAnswer['results'] = [];
  for (const caseId of new Set(input.cases)) {
    try {
      results.push({ case: caseId, ok: true, detail: await actOn(services, user, caseId, input) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ case: caseId, ok: false, detail: refusal(error) });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { action: input.action, done, refused: results.length - done, results };
}
