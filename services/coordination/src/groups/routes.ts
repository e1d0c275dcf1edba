// Groups (vendor or team organisations): listing, join requests, and their administration.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  groupCreateSchema,
  groupJoinRequestCreatedSchema,
  groupJoinRequestDecisionSchema,
  groupJoinRequestSchema,
  groupRequestSchema,
  groupSummarySchema,
  idParams,
} from '@cvdp/core';
import { HttpError, mapUniqueViolations, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import {
  countGroups,
  countJoinRequests,
  createGroup,
  createJoinRequest,
  decideJoinRequest,
  findGroup,
  findJoinRequest,
  groupNameTaken,
  hasOpenRequest,
  listGroups,
  listJoinRequests,
} from './store.ts';

const listQuery = pageQuery(50, 200).extend({ search: z.string().max(200).optional() });
const decisionSchema = z.object({ status: z.enum(['approved', 'rejected']) }).strict();
const requestListQuery = pageQuery(50, 200).extend({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});

export async function groupRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['groups'] };
  const groupPage = { 200: pageOf(groupSummarySchema) };

  /** The group directory: everyone signed in may browse it (to ask to join); admins manage it. */
  function directory(request: FastifyRequest, q: z.output<typeof listQuery>) {
    return paginate(
      request,
      q,
      () => countGroups(db, q.search),
      (limit, offset) => listGroups(db, q.search, limit, offset),
    );
  }

  r.get(
    '/api/groups/',
    {
      summary: 'The group directory',
      tags: ['groups'],
      access: 'user',
      query: listQuery,
      response: groupPage,
    },
    (request) => directory(request, request.query),
  );

  r.post(
    '/api/group/request/',
    {
      summary: 'Ask to join a group',
      tags: ['groups'],
      access: 'user',
      body: groupRequestSchema,
      response: { 201: groupJoinRequestCreatedSchema },
    },
    async (request, reply) => {
      const input = request.body;
      const userId = request.user!.id;
      const group = await findGroup(db, input.group);
      if (!group) throw new HttpError(400, 'Unknown group.', { group: ['Unknown group.'] });
      if (request.user!.groupIds.includes(group.id)) {
        throw new HttpError(400, 'You are already a member of this group.', {
          group: ['You are already a member of this group.'],
        });
      }
      if (await hasOpenRequest(db, group.id, userId))
        throw new HttpError(409, 'You have already asked to join this group.');
      return reply.status(201).send(await createJoinRequest(db, userId, group, input.message));
    },
  );

  r.get(
    '/manage/groups/',
    { ...admin, summary: 'Groups (administration)', query: listQuery, response: groupPage },
    (request) => directory(request, request.query),
  );

  const DUPLICATE_NAME = 'A group with this name already exists.';
  r.post(
    '/manage/groups/',
    {
      ...admin,
      summary: 'Create a group',
      body: groupCreateSchema,
      response: { 201: groupSummarySchema },
    },
    async (request, reply) => {
      const input = request.body;
      // Names are unique regardless of case (groups_name_lower_idx).
      if (await groupNameTaken(db, input.name))
        throw new HttpError(400, DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
      const created = await mapUniqueViolations(() => createGroup(db, request.user!.id, input), {
        groups_name_lower_idx: { field: 'name', message: DUPLICATE_NAME },
      });
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/manage/groups/requests/',
    {
      ...admin,
      summary: 'Requests to join a group',
      query: requestListQuery,
      response: { 200: pageOf(groupJoinRequestSchema) },
    },
    (request) => {
      const q = request.query;
      return paginate(
        request,
        q,
        () => countJoinRequests(db, q.status),
        (limit, offset) => listJoinRequests(db, q.status, limit, offset),
      );
    },
  );

  r.patch(
    '/manage/groups/requests/:id/',
    {
      ...admin,
      summary: 'Approve or reject a request to join',
      params: idParams,
      body: decisionSchema,
      response: { 200: groupJoinRequestDecisionSchema },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const req = await findJoinRequest(db, id);
      if (!req) throw new HttpError(404, 'Not found.');
      if (req.status !== 'pending') throw new HttpError(409, 'This request has already been decided.');
      await decideJoinRequest(db, request.user!.id, req, status);
      return { id, status };
    },
  );
}
