// Administration of users: approving registrations, roles, group memberships, deactivation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminUserSchema, idParams, userUpdateSchema } from '@cvdp/core';
import {
  HttpError,
  forgetCachedUser,
  noContent,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { findUser } from '../accounts/store.ts';
import {
  adminUserOf,
  approveUser,
  countUsers,
  findPendingUser,
  listUsers,
  rejectUser,
  unknownGroups,
  updateUser,
  type UserListFilter,
} from './store.ts';

const listQuery = pageQuery(50, 200).extend({ search: z.string().max(200).optional() });
const approveSchema = z
  .object({ pending: z.literal(false, 'Only pending: false (approve) is accepted.') })
  .strict();
/** "Recently joined" covers this many days. */
const NEW_USER_DAYS = 30;

export async function adminUserRoutes(app: FastifyInstance) {
  const { db } = app;

  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['administration'] };
  const userPage = { 200: pageOf(adminUserSchema) };

  function list(request: FastifyRequest, q: z.output<typeof listQuery>, filter: UserListFilter) {
    const query = { filter, newUserDays: NEW_USER_DAYS, search: q.search?.trim() };
    return paginate(
      request,
      q,
      () => countUsers(db, query),
      (limit, offset) => listUsers(db, query, limit, offset),
    );
  }

  r.get(
    '/manage/users/pending/',
    { ...admin, summary: 'Registrations awaiting approval', query: listQuery, response: userPage },
    (request) => list(request, request.query, 'pending'),
  );

  r.get(
    '/manage/users/new/',
    {
      ...admin,
      summary: `Users approved in the last ${NEW_USER_DAYS} days`,
      query: listQuery,
      response: userPage,
    },
    (request) => list(request, request.query, 'new'),
  );

  r.get(
    '/manage/users/',
    { ...admin, summary: 'Every user (search by name or email)', query: listQuery, response: userPage },
    (request) => list(request, request.query, 'all'),
  );

  r.patch(
    '/manage/users/pending/:id/',
    {
      ...admin,
      summary: 'Approve a registration',
      params: idParams,
      body: approveSchema,
      response: { 200: adminUserSchema },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findPendingUser(db, id))) throw new HttpError(404, 'No pending user with this id.');
      return approveUser(db, request.user!.id, id);
    },
  );

  /** Turning a registration down removes the account, so the address can register again. */
  r.delete(
    '/manage/users/pending/:id/',
    {
      ...admin,
      summary: 'Reject a registration (removes the account)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      if (!(await rejectUser(db, request.user!.id, request.params.id)))
        throw new HttpError(404, 'No pending user with this id.');
      return reply.status(204).send();
    },
  );

  r.get(
    '/manage/users/:id/',
    { ...admin, summary: 'One user', params: idParams, response: { 200: adminUserSchema } },
    async (request) => {
      const user = await findUser(db, request.params.id);
      if (!user) throw new HttpError(404, 'Not found.');
      return adminUserOf(db, user);
    },
  );

  r.patch(
    '/manage/users/:id/',
    {
      ...admin,
      summary: "Change a user's roles, groups, name or active flag",
      params: idParams,
      body: userUpdateSchema,
      response: { 200: adminUserSchema },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const user = await findUser(db, id);
      if (!user) throw new HttpError(404, 'Not found.');
      if (
        id === request.user!.id &&
        (input.is_active === false || (input.roles && !input.roles.includes('admin')))
      ) {
        throw new HttpError(400, 'You cannot remove your own administrator access.');
      }
      if (input.groups?.length) {
        const missing = await unknownGroups(db, input.groups);
        if (missing.length)
          throw new HttpError(400, 'Unknown group.', {
            groups: [`Unknown group id(s): ${missing.join(', ')}`],
          });
      }
      const updated = await updateUser(db, request.user!.id, user, input);
      if (!updated) return adminUserOf(db, user);
      // Roles, groups, deactivation: this replica's next request of the user sees them (others: the NOTIFY).
      forgetCachedUser(id);
      return adminUserOf(db, updated);
    },
  );
}
