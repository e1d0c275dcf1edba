// Administration of users: approving registrations, roles, group memberships, deactivation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idParams, userUpdateSchema } from '@cvdp/core';
import {
  HttpError,
  forgetCachedUser,
  groupMembers,
  groups,
  pageQuery,
  paginate,
  recordActivity,
  routes,
  sessions,
  users,
} from '@cvdp/server-kit';
import { adminUserView, groupsOf } from '../accounts/user-view.ts';
import { likePattern } from '../accounts/like-pattern.ts';

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

  function listUsers(request: FastifyRequest, q: z.output<typeof listQuery>, where: SQL | undefined) {
    const search = q.search?.trim();
    const filter = and(
      where,
      search
        ? or(ilike(users.email, likePattern(search)), ilike(users.name, likePattern(search)))
        : undefined,
    );
    return paginate(
      request,
      q,
      async () => (await db.select({ n: count() }).from(users).where(filter))[0].n,
      async (limit, offset) => {
        const rows = await db
          .select()
          .from(users)
          .where(filter)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset);
        const byUser = await groupsOf(
          db,
          rows.map((u) => u.id),
        );
        return rows.map((u) => adminUserView(u, byUser.get(u.id) ?? []));
      },
    );
  }

  r.get(
    '/manage/users/pending/',
    { ...admin, summary: 'Registrations awaiting approval', query: listQuery },
    (request) => listUsers(request, request.query, eq(users.pending, true)),
  );

  r.get(
    '/manage/users/new/',
    { ...admin, summary: `Users approved in the last ${NEW_USER_DAYS} days`, query: listQuery },
    (request) =>
      listUsers(
        request,
        request.query,
        and(
          eq(users.pending, false),
          sql`${users.createdAt} > now() - make_interval(days => ${NEW_USER_DAYS})`,
        ),
      ),
  );

  r.get(
    '/manage/users/',
    { ...admin, summary: 'Every user (search by name or email)', query: listQuery },
    (request) => listUsers(request, request.query, undefined),
  );

  r.patch(
    '/manage/users/pending/:id/',
    { ...admin, summary: 'Approve a registration', params: idParams, body: approveSchema },
    async (request) => {
      const { id } = request.params;
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.pending, true)));
      if (!user) throw new HttpError(404, 'No pending user with this id.');
      const [updated] = await db.transaction(async (tx) => {
        const result = await tx
          .update(users)
          .set({ pending: false, approvedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'approved',
          objectType: 'user',
          objectId: id,
          before: { pending: true },
          after: { pending: false },
        });
        return result;
      });
      return adminUserView(updated, []);
    },
  );

  /** Turning a registration down removes the account, so the address can register again. */
  r.delete(
    '/manage/users/pending/:id/',
    { ...admin, summary: 'Reject a registration (removes the account)', params: idParams },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(users)
          .where(and(eq(users.id, id), eq(users.pending, true)))
          .returning({ id: users.id, email: users.email });
        if (rows.length) {
          await recordActivity(tx, {
            actorId: request.user!.id,
            verb: 'rejected registration',
            objectType: 'user',
            objectId: id,
            before: { email: rows[0].email },
          });
        }
        return rows;
      });
      if (!deleted.length) throw new HttpError(404, 'No pending user with this id.');
      return reply.status(204).send();
    },
  );

  r.get('/manage/users/:id/', { ...admin, summary: 'One user', params: idParams }, async (request) => {
    const { id } = request.params;
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw new HttpError(404, 'Not found.');
    return adminUserView(user, (await groupsOf(db, [id])).get(id) ?? []);
  });

  r.patch(
    '/manage/users/:id/',
    {
      ...admin,
      summary: "Change a user's roles, groups, name or active flag",
      params: idParams,
      body: userUpdateSchema,
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const [user] = await db.select().from(users).where(eq(users.id, id));
      if (!user) throw new HttpError(404, 'Not found.');
      if (
        id === request.user!.id &&
        (input.is_active === false || (input.roles && !input.roles.includes('admin')))
      ) {
        throw new HttpError(400, 'You cannot remove your own administrator access.');
      }
      if (input.groups?.length) {
        const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, input.groups));
        const missing = input.groups.filter((g) => !found.some((f) => f.id === g));
        if (missing.length)
          throw new HttpError(400, 'Unknown group.', {
            groups: [`Unknown group id(s): ${missing.join(', ')}`],
          });
      }
      const before = {
        roles: user.roles,
        is_active: user.isActive,
        groups: ((await groupsOf(db, [id])).get(id) ?? []).map((g) => g.id),
      };
      const changes = {
        ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(input.name ? { name: input.name } : {}),
      };
      // Nothing to change is a no-op, not an error (and writes no activity).
      if (Object.keys(changes).length === 0 && input.groups === undefined) {
        return adminUserView(user, (await groupsOf(db, [id])).get(id) ?? []);
      }
      const updated = await db.transaction(async (tx) => {
        // Only groups may change: then there is no user column to set (an empty SET is an SQL error).
        const [row] = Object.keys(changes).length
          ? await tx.update(users).set(changes).where(eq(users.id, id)).returning()
          : [user];
        if (input.groups) {
          await tx.delete(groupMembers).where(eq(groupMembers.userId, id));
          if (input.groups.length) {
            await tx
              .insert(groupMembers)
              .values([...new Set(input.groups)].map((groupId) => ({ groupId, userId: id })));
          }
        }
        // A deactivated user is signed out everywhere at once.
        if (input.is_active === false) await tx.delete(sessions).where(eq(sessions.userId, id));
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'updated',
          objectType: 'user',
          objectId: id,
          before,
          after: input,
        });
        return row;
      });
      // Roles, groups, deactivation: this replica's next request of the user sees them (others: the NOTIFY).
      forgetCachedUser(id);
      return adminUserView(updated, (await groupsOf(db, [id])).get(id) ?? []);
    },
  );
}
