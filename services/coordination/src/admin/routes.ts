// Administration of users: approving registrations, roles, group memberships, deactivation.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { userUpdateSchema } from '@cvdp/core';
import {
  HttpError,
  groupMembers,
  groups,
  pageQuerySchema,
  parseBody,
  parseInput,
  parseQuery,
  recordActivity,
  sessions,
  toPage,
  users,
} from '@cvdp/server-kit';
import { adminUserView, groupsOf } from '../accounts/user-view.ts';

const idParams = z.object({ id: z.coerce.number().int().positive('Not found.') });
const listQuery = pageQuerySchema(50, 200).extend({ search: z.string().max(200).optional() });
const approveSchema = z
  .object({ pending: z.literal(false, 'Only pending: false (approve) is accepted.') })
  .strict();
/** "Recently joined" covers this many days. */
const NEW_USER_DAYS = 30;

export async function adminUserRoutes(app: FastifyInstance) {
  const { db } = app;
  const adminOnly = { preHandler: app.requireRole('admin') };

  async function listUsers(request: Parameters<typeof toPage>[0], where: ReturnType<typeof and>) {
    const q = parseQuery(listQuery, request.query);
    const search = q.search?.trim();
    const filter = and(
      where,
      search ? or(ilike(users.email, `%${search}%`), ilike(users.name, `%${search}%`)) : undefined,
    );
    const [{ n }] = await db.select({ n: count() }).from(users).where(filter);
    const rows = await db
      .select()
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const byUser = await groupsOf(
      db,
      rows.map((r) => r.id),
    );
    return toPage(
      request,
      q.page,
      q.page_size,
      n,
      rows.map((u) => adminUserView(u, byUser.get(u.id) ?? [])),
    );
  }

  app.get('/manage/users/pending/', adminOnly, (request) => listUsers(request, eq(users.pending, true)));

  app.get('/manage/users/new/', adminOnly, (request) =>
    listUsers(
      request,
      and(
        eq(users.pending, false),
        sql`${users.createdAt} > now() - make_interval(days => ${NEW_USER_DAYS})`,
      ),
    ),
  );

  app.get('/manage/users/', adminOnly, (request) => listUsers(request, undefined));

  app.patch('/manage/users/pending/:id/', adminOnly, async (request) => {
    const { id } = parseInput(idParams, request.params);
    parseBody(approveSchema, request.body);
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
  });

  /** Turning a registration down removes the account, so the address can register again. */
  app.delete('/manage/users/pending/:id/', adminOnly, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
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
  });

  app.get('/manage/users/:id/', adminOnly, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw new HttpError(404, 'Not found.');
    return adminUserView(user, (await groupsOf(db, [id])).get(id) ?? []);
  });

  app.patch('/manage/users/:id/', adminOnly, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseBody(userUpdateSchema, request.body);
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
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          ...(input.roles ? { roles: [...new Set(input.roles)] } : {}),
          ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
          ...(input.name ? { name: input.name } : {}),
        })
        .where(eq(users.id, id))
        .returning();
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
    return adminUserView(updated, (await groupsOf(db, [id])).get(id) ?? []);
  });
}
