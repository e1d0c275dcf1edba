// Assignment calls (SPEC §7): assign a coordinator to a case (form `user`, or `role` to auto-assign round
// robin), unassign (form `users[]`, `reason`), my assignments, a case's assignments, and the auto-assignment
// roles administrators keep (manage/autoassignment/). Assignment is internal workflow: staff only
// (policy: assignment.read / assignment.manage).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  assignSchema,
  autoAssignmentCreateSchema,
  autoAssignmentRoleSchema,
  autoAssignmentUpdateSchema,
  caseAssignmentSchema,
  idParams,
  unassignSchema,
} from '@cvdp/core';
import { STAFF, noContent, notFound, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { callerOf } from '../policy/index.ts';
import {
  assignCase,
  caseAssignmentsOf,
  countMyAssignments,
  countRoles,
  createRole,
  deleteRole,
  listMyAssignments,
  listRoles,
  unassignCase,
  updateRole,
} from './store.ts';

const tags = ['assignments'];

export async function assignmentRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  // `users[]=…` from forms means `users`.

  inCase.post(
    '/api/case/:id/assign/',
    {
      summary: 'Assign a coordinator (user), or the next member of an auto-assignment role (role) (staff)',
      tags,
      body: assignSchema,
      response: { 200: caseAssignmentSchema, 201: caseAssignmentSchema },
      allow: { action: 'assignment.manage' },
    },
    async (request, reply, access) => {
      const result = await assignCase(db, access, request.user!, request.body, app.config.publicUrl);
      return reply.code(result.created ? 201 : 200).send(result.assignment);
    },
  );

  inCase.post(
    '/api/case/:id/unassign/',
    {
      summary: "End these users' assignments on the case, with a reason (staff)",
      tags,
      body: unassignSchema,
      response: { 200: z.array(caseAssignmentSchema) },
      allow: { action: 'assignment.manage' },
    },
    async (request, _reply, access) => {
      return unassignCase(db, access, request.user!.id, request.body);
    },
  );

  inCase.get(
    '/api/case/:id/user/assignments/',
    {
      summary: "The case's current assignments (staff)",
      tags,
      response: { 200: z.array(caseAssignmentSchema) },
      allow: { action: 'assignment.read' },
    },
    async (_request, _reply, access) => {
      return caseAssignmentsOf(db, access.caseId);
    },
  );

  r.get(
    '/api/user/assignments/',
    {
      summary: "The caller's current assignments, newest first",
      tags,
      access: 'user',
      query: pageQuery(50, 200),
      response: { 200: pageOf(caseAssignmentSchema) },
    },
    (request) => {
      const caller = callerOf(request.user!);
      return paginate(
        request,
        request.query,
        () => countMyAssignments(db, caller),
        (limit, offset) => listMyAssignments(db, caller, limit, offset),
      );
    },
  );

  // ---------------------------------------------------------------------------------------------------
  // manage/autoassignment/ (administrators).

  const admin = { access: ['admin'] as const, tags: ['administration', ...tags] };

  r.get(
    '/manage/autoassignment/',
    {
      ...admin,
      // Coordinators read the roles to auto-assign a case by one; only admins change them.
      access: STAFF,
      summary: 'Auto-assignment roles, with their users in turn order and who is next',
      query: pageQuery(50, 200),
      response: { 200: pageOf(autoAssignmentRoleSchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countRoles(db),
        (limit, offset) => listRoles(db, limit, offset),
      ),
  );

  r.post(
    '/manage/autoassignment/',
    {
      ...admin,
      summary: 'Create an auto-assignment role (users: coordinators, in turn order)',
      body: autoAssignmentCreateSchema,
      response: { 201: autoAssignmentRoleSchema },
    },
    async (request, reply) => reply.code(201).send(await createRole(db, request.user!.id, request.body)),
  );

  r.patch(
    '/manage/autoassignment/:id/',
    {
      ...admin,
      summary: 'Add a user (add_user), remove one (remove_user) or rename (name)',
      params: idParams,
      body: autoAssignmentUpdateSchema,
      response: { 200: autoAssignmentRoleSchema },
    },
    async (request) => {
      const role = await updateRole(db, request.user!.id, request.params.id, request.body);
      if (!role) throw notFound();
      return role;
    },
  );

  r.delete(
    '/manage/autoassignment/:id/',
    {
      ...admin,
      summary: 'Remove an auto-assignment role (assignments made through it stay)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      if (!(await deleteRole(db, request.user!.id, request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
