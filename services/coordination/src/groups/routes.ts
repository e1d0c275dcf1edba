// Groups (vendor or team organisations): listing, join requests, and their administration.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import { groupCreateSchema, groupRequestSchema } from '@cvdp/core';
import {
  HttpError,
  groupMembers,
  groupRequests,
  groups,
  pageQuerySchema,
  parseBody,
  parseInput,
  parseQuery,
  recordActivity,
  toPage,
  users,
} from '@cvdp/server-kit';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const listQuery = pageQuerySchema(50, 200).extend({ search: z.string().max(200).optional() });
const decisionSchema = z.object({ status: z.enum(['approved', 'rejected']) }).strict();
const requestListQuery = pageQuerySchema(50, 200).extend({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});

const groupView = (g: typeof groups.$inferSelect) => ({ id: g.id, name: g.name, kind: g.kind });

export async function groupRoutes(app: FastifyInstance) {
  const { db } = app;
  const signedIn = { preHandler: app.requireUser };
  const adminOnly = { preHandler: app.requireRole('admin') };

  /** The group directory: everyone signed in may browse it (to ask to join); admins manage it. */
  async function listGroups(request: FastifyRequest) {
    const q = parseQuery(listQuery, request.query);
    const where = q.search ? ilike(groups.name, `%${q.search}%`) : undefined;
    const [{ n }] = await db.select({ n: count() }).from(groups).where(where);
    const rows = await db
      .select()
      .from(groups)
      .where(where)
      .orderBy(asc(groups.name))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    return toPage(request, q.page, q.page_size, n, rows.map(groupView));
  }

  app.get('/api/groups/', signedIn, listGroups);

  app.post('/api/group/request/', signedIn, async (request, reply) => {
    const input = parseBody(groupRequestSchema, request.body);
    const userId = request.user!.id;
    const [group] = await db.select().from(groups).where(eq(groups.id, input.group));
    if (!group) throw new HttpError(400, 'Unknown group.', { group: ['Unknown group.'] });
    if (request.user!.groupIds.includes(group.id)) {
      throw new HttpError(400, 'You are already a member of this group.', {
        group: ['You are already a member of this group.'],
      });
    }
    const [open] = await db
      .select({ id: groupRequests.id })
      .from(groupRequests)
      .where(
        and(
          eq(groupRequests.groupId, group.id),
          eq(groupRequests.userId, userId),
          eq(groupRequests.status, 'pending'),
        ),
      );
    if (open) throw new HttpError(409, 'You have already asked to join this group.');
    const [row] = await db.transaction(async (tx) => {
      const created = await tx
        .insert(groupRequests)
        .values({ groupId: group.id, userId, message: input.message })
        .returning();
      await recordActivity(tx, {
        actorId: userId,
        verb: 'requested to join',
        objectType: 'group',
        objectId: group.id,
      });
      return created;
    });
    return reply.status(201).send({
      id: row.id,
      group: groupView(group),
      status: row.status,
      created: row.createdAt.toISOString(),
    });
  });

  app.get('/manage/groups/', adminOnly, listGroups);

  app.post('/manage/groups/', adminOnly, async (request, reply) => {
    const input = parseBody(groupCreateSchema, request.body);
    const [dupe] = await db.select({ id: groups.id }).from(groups).where(ilike(groups.name, input.name));
    if (dupe)
      throw new HttpError(400, 'A group with this name already exists.', {
        name: ['A group with this name already exists.'],
      });
    const [row] = await db.transaction(async (tx) => {
      const created = await tx.insert(groups).values(input).returning();
      await recordActivity(tx, {
        actorId: request.user!.id,
        verb: 'created',
        objectType: 'group',
        objectId: created[0].id,
        after: input,
      });
      return created;
    });
    return reply.status(201).send(groupView(row));
  });

  app.get('/manage/groups/requests/', adminOnly, async (request) => {
    const q = parseQuery(requestListQuery, request.query);
    const where = eq(groupRequests.status, q.status);
    const [{ n }] = await db.select({ n: count() }).from(groupRequests).where(where);
    const rows = await db
      .select({ r: groupRequests, g: groups, u: { id: users.id, email: users.email, name: users.name } })
      .from(groupRequests)
      .innerJoin(groups, eq(groups.id, groupRequests.groupId))
      .innerJoin(users, eq(users.id, groupRequests.userId))
      .where(where)
      .orderBy(desc(groupRequests.createdAt))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    return toPage(
      request,
      q.page,
      q.page_size,
      n,
      rows.map(({ r, g, u }) => ({
        id: r.id,
        group: groupView(g),
        user: u,
        message: r.message,
        status: r.status,
        created: r.createdAt.toISOString(),
      })),
    );
  });

  app.patch('/manage/groups/requests/:id/', adminOnly, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { status } = parseBody(decisionSchema, request.body);
    const [req] = await db.select().from(groupRequests).where(eq(groupRequests.id, id));
    if (!req) throw new HttpError(404, 'Not found.');
    if (req.status !== 'pending') throw new HttpError(409, 'This request has already been decided.');
    await db.transaction(async (tx) => {
      await tx
        .update(groupRequests)
        .set({ status, decidedAt: new Date(), decidedBy: request.user!.id })
        .where(eq(groupRequests.id, id));
      if (status === 'approved') {
        await tx
          .insert(groupMembers)
          .values({ groupId: req.groupId, userId: req.userId })
          .onConflictDoNothing();
      }
      await recordActivity(tx, {
        actorId: request.user!.id,
        verb: status,
        objectType: 'group_request',
        objectId: id,
      });
    });
    return { id, status };
  });
}
