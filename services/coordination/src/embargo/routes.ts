// Embargo calls (issue 25): the case's embargo, proposals and answers, ending it early, reporting a breach,
// and its hash-chained log. Every participant of the case reads it; staff propose, decide and end; vendor
// and reporter participants ask for a change; vendor participants answer; any participant reports a breach.
// A case the caller may not see answers 404 (the case scope); an action the policy refuses, 403.
import type { FastifyInstance } from 'fastify';
import {
  EMBARGO_ONLY_STAFF_EXIT,
  EMBARGO_ONLY_STAFF_PROPOSE,
  EMBARGO_ONLY_VENDOR_ANSWERS,
  embargoAnswerSchema,
  embargoBreachSchema,
  embargoExitSchema,
  embargoLogSchema,
  embargoProposalSchema,
  embargoViewSchema,
  idParams,
} from '@cvdp/core';
import { type AuthUser, HttpError, notFound, routes } from '@cvdp/server-kit';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { readLog } from './log.ts';
import { userRefs, refOf } from '../accounts/user-refs.ts';
import {
  type EmbargoContext,
  answerProposal,
  decideProposal,
  embargoView,
  endNow,
  findProposal,
  propose,
  settleIfDue,
} from './store.ts';

const tags = ['embargo'];

export async function embargoRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const publicUrl = app.config.publicUrl ?? '';

  const context = (user: AuthUser, access: CaseAccess): EmbargoContext => ({
    access,
    caseId: access.caseId,
    actorId: user.id,
    actorName: user.name,
    publicUrl,
    now: app.clock.now(),
  });

  /** The embargo as the caller sees it, ended first if the clock passed its end. */
  const view = async (access: CaseAccess) => {
    await settleIfDue(db, access.caseId, app.clock.now(), publicUrl);
    return embargoView(db, access);
  };

  inCase.get(
    '/api/case/:id/embargo/',
    {
      summary:
        "The case's embargo: state, end (UTC), the open proposal, each vendor participant's answer, every proposal",
      tags,
      response: { 200: embargoViewSchema },
      allow: { action: 'embargo.read' },
    },
    (_request, _reply, access) => view(access),
  );

  inCase.post(
    '/api/case/:id/embargo/proposals/',
    {
      summary:
        'Propose an end {end, reason}: staff the first end or a change; vendor and reporter participants a change (an extension request)',
      tags,
      body: embargoProposalSchema,
      response: { 201: embargoViewSchema },
      allow: { action: 'embargo.request_change', message: EMBARGO_ONLY_STAFF_PROPOSE },
    },
    async (request, reply, access) => {
      await propose(db, context(request.user!, access), request.body);
      return reply.code(201).send(await view(access));
    },
  );

  r.patch(
    '/api/case/embargo/proposals/:id/',
    {
      summary:
        'Answer a proposal {answer: accept|decline, comment}: each vendor participant once (a group as the group); staff decide it (it takes effect, or not)',
      tags,
      access: 'user',
      params: idParams,
      body: embargoAnswerSchema,
      response: { 200: embargoViewSchema },
    },
    async (request) => {
      const proposal = await findProposal(db, request.params.id);
      if (!proposal) throw notFound();
      const access = await caseAccessOr404(db, request.user!, proposal.caseId);
      if (!can('embargo.read', access)) throw notFound();
      const ctx = context(request.user!, access);
      if (can('embargo.manage', access)) await decideProposal(db, ctx, proposal, request.body);
      else if (can('embargo.answer', access)) await answerProposal(db, ctx, proposal, request.body);
      else throw new HttpError(403, EMBARGO_ONLY_VENDOR_ANSWERS);
      return view(access);
    },
  );

  inCase.post(
    '/api/case/:id/embargo/exit/',
    {
      summary: 'End the embargo now, with a reason (staff)',
      tags,
      body: embargoExitSchema,
      response: { 200: embargoViewSchema },
      allow: { action: 'embargo.manage', message: EMBARGO_ONLY_STAFF_EXIT },
    },
    async (request, _reply, access) => {
      await endNow(db, context(request.user!, access), 'ended_early', request.body.reason);
      return view(access);
    },
  );

  inCase.post(
    '/api/case/:id/embargo/breach/',
    {
      summary:
        'Report public disclosure or active exploitation {evidence}: the embargo ends at once and everyone is told (any participant)',
      tags,
      body: embargoBreachSchema,
      response: { 200: embargoViewSchema },
      allow: { action: 'embargo.breach' },
    },
    async (request, _reply, access) => {
      await endNow(db, context(request.user!, access), 'broken', request.body.evidence);
      return view(access);
    },
  );

  inCase.get(
    '/api/case/:id/embargo/log/',
    {
      summary:
        "The embargo's hash-chained log, with `verified` over the whole chain and the first broken entry",
      tags,
      response: { 200: embargoLogSchema },
      allow: { action: 'embargo.read' },
    },
    async (_request, _reply, access) => {
      await settleIfDue(db, access.caseId, app.clock.now(), publicUrl);
      const { rows, verification } = await readLog(db, access.caseId);
      const refs = await userRefs(
        db,
        rows.map((r) => r.actorId),
      );
      return {
        verified: verification.verified,
        first_broken: verification.firstBroken,
        entries: rows.map((row) => ({
          seq: row.seq,
          kind: row.kind,
          actor: refOf(refs, row.actorId),
          details: row.details,
          at: row.at.toISOString(),
          prev_hash: row.prevHash,
          hash: row.hash,
        })),
      };
    },
  );
}
