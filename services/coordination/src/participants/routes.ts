// Participant calls (SPEC §7): a case's participants, adding (form `names[]` + `role`), changing a role,
// removing, the summary, the case notice to some or all vendors — and the caller's own relation to the
// case (GET/PATCH /api/case/{id}/user/: role, muted, last seen). Reading is for whoever sees the case;
// changing participants and sending the notice is staff's (policy: participant.manage/participant.notify).
import type { FastifyInstance } from 'fastify';
import {
  CASE_ROLE_ORDER,
  type CaseUserRelation,
  caseUserRelationSchema,
  caseUserUpdateSchema,
  highestRole,
  idParams,
  participantAddSchema,
  participantListQuery,
  participantNotifySchema,
  participantSchema,
  participantsAddedSchema,
  participantsNotifiedSchema,
  participantsSummarySchema,
  participantUpdateSchema,
} from '@cvdp/core';
import {
  type AuthUser,
  forbidden,
  noContent,
  notFound,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import {
  addParticipants,
  changeRole,
  countParticipants,
  findParticipant,
  listParticipants,
  notifyParticipants,
  participantSummary,
  removeParticipant,
  setMuted,
  userState,
} from './store.ts';

const tags = ['participants'];
/** A case with hundreds of vendors pages; the tab's default page holds the usual case whole. */
const listQuery = pageQuery(100, 500).extend(participantListQuery.shape);

export async function participantRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  // `names[]=…` / `participants[]=…` from forms mean `names` / `participants`.

  const publicUrl = () => app.config.publicUrl;

  inCase.get(
    '/api/case/:id/participants/',
    {
      summary: "The case's participants (users and groups with their role); role=owner filters",
      tags,
      query: listQuery,
      response: { 200: pageOf(participantSchema) },
    },
    (request, _reply, access) =>
      paginate(
        request,
        request.query,
        () => countParticipants(db, access.caseId, request.query.role),
        (limit, offset) => listParticipants(db, access, request.query.role, limit, offset),
      ),
  );

  inCase.post(
    '/api/case/:id/participants/',
    {
      summary: 'Add users (by email) or groups (by name) with a role; an unknown name adds nobody (staff)',
      tags,
      body: participantAddSchema,
      response: { 201: participantsAddedSchema },
      allow: { action: 'participant.manage' },
    },
    async (request, reply, access) => {
      const result = await addParticipants(db, access, request.user!, request.body, publicUrl());
      return reply.code(201).send(result);
    },
  );

  inCase.get(
    '/api/case/:id/participants/summary/',
    {
      summary: 'Participants per role, and how many were notified / have seen the case',
      tags,
      response: { 200: participantsSummarySchema },
    },
    (_request, _reply, access) => participantSummary(db, access.caseId),
  );

  /** The participant and the caller's access to its case; 404 when they cannot see the case, 403 to manage. */
  async function managed(user: AuthUser, id: number) {
    const participant = await findParticipant(db, id);
    if (!participant) throw notFound();
    const access = await caseAccessOr404(db, user, participant.caseId);
    if (!can('participant.manage', access, participant)) throw forbidden();
    return access;
  }

  r.patch(
    '/api/case/participant/:id/',
    {
      summary: "Change a participant's role (staff); an active case keeps an owner",
      tags,
      access: 'user',
      params: idParams,
      body: participantUpdateSchema,
      response: { 200: participantSchema },
    },
    async (request) => {
      const access = await managed(request.user!, request.params.id);
      return changeRole(db, access, request.user!.id, request.params.id, request.body.role);
    },
  );

  r.delete(
    '/api/case/participant/:id/',
    {
      summary: 'Remove a participant: their access ends at once (staff); an active case keeps an owner',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const access = await managed(request.user!, request.params.id);
      await removeParticipant(db, access, request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );

  inCase.post(
    '/case/:id/participants/notify/',
    {
      summary: 'Send the case notice to these participants (group members included) (staff)',
      tags,
      body: participantNotifySchema,
      response: { 200: participantsNotifiedSchema },
      allow: { action: 'participant.notify' },
    },
    async (request, _reply, access) => {
      return notifyParticipants(db, access, request.user!.id, request.body.participants, publicUrl());
    },
  );

  inCase.post(
    '/case/:id/participants/notify/all/',
    {
      summary: 'Send the case notice to every vendor participant (staff)',
      tags,
      response: { 200: participantsNotifiedSchema },
      allow: { action: 'participant.notify' },
    },
    async (request, _reply, access) => {
      return notifyParticipants(db, access, request.user!.id, 'vendors', publicUrl());
    },
  );

  // ---------------------------------------------------------------------------------------------------
  // The caller's relation to the case.

  async function relation(access: CaseAccess): Promise<CaseUserRelation> {
    const state = await userState(db, access.caseId, access.userId);
    const roles = CASE_ROLE_ORDER.filter((r) => access.roles.has(r));
    return {
      case: access.caseId,
      role: highestRole(roles),
      roles,
      staff: access.staff,
      muted: state?.muted ?? false,
      last_seen: state?.lastSeenAt ? state.lastSeenAt.toISOString() : null,
    };
  }

  inCase.get(
    '/api/case/:id/user/',
    {
      summary: "The caller's relation to the case: role, muted, last seen",
      tags,
      response: { 200: caseUserRelationSchema },
    },
    (_request, _reply, access) => relation(access),
  );

  inCase.patch(
    '/api/case/:id/user/',
    {
      summary: 'Mute or unmute the case for the caller (no notifications or emails)',
      tags,
      body: caseUserUpdateSchema,
      response: { 200: caseUserRelationSchema },
    },
    async (request, _reply, access) => {
      await setMuted(db, access.caseId, access.userId, request.body.muted);
      return relation(access);
    },
  );
}
