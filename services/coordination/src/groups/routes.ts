// Groups (vendor or team organisations): listing, join requests, and their administration.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type GroupSummary, groupCreateSchema, groupRequestSchema, idParams } from '@cvdp/core';
import {
  HttpError,
  groupMembers,
  groups,
  mapUniqueViolations,
  pageQuery,
  paginate,
  recordActivity,
  routes,
  users,
} from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';
import { groupRequests } from './tables.ts';

const listQuery = pageQuery(50, 200).extend({ search: z.string().max(200).optional() });
const decisionSchema = z.object({ status: z.enum(['approved', 'rejected']) }).strict();
const requestListQuery = pageQuery(50, 200).extend({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});

const groupView = (g: typeof groups.$inferSelect): GroupSummary => ({ id: g.id, name: g.name, kind: g.kind });

export async function groupRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['groups'] };

  /** The group directory: everyone signed in may browse it (to ask to join); admins manage it. */
  function listGroups(request: FastifyRequest, q: z.output<typeof listQuery>) {
    const where = q.search ? ilike(groups.name, likePattern(q.search)) : undefined;
    return paginate(
      request,
      q,
      async () => (await db.select({ n: count() }).from(groups).where(where))[0].n,
      async (limit, offset) =>
        (
          await db.select().from(groups).where(where).orderBy(asc(groups.name)).limit(limit).offset(offset)
        ).map(groupView),
    );
  }

  r.get(
    '/api/groups/',
    { summary: 'The group directory', tags: ['groups'], access: 'user', query: listQuery },
    (request) => listGroups(request, request.query),
  );

  r.post(
    '/api/group/request/',
    { summary: 'Ask to join a group', tags: ['groups'], access: 'user', body: groupRequestSchema },
    async (request, reply) => {
      const input = request.body;
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
    },
  );

  r.get('/manage/groups/', { ...admin, summary: 'Groups (administration)', query: listQuery }, (request) =>
    listGroups(request, request.query),
  );

  const DUPLICATE_NAME = 'A group with this name already exists.';
  r.post(
    '/manage/groups/',
    { ...admin, summary: 'Create a group', body: groupCreateSchema },
    async (request, reply) => {
      const input = request.body;
      // Names are unique regardless of case (groups_name_lower_idx); compared exactly, not as a pattern.
      const [dupe] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(sql`lower(${groups.name}) = lower(${input.name})`);
      if (dupe) throw new HttpError(400, DUPLICATE_NAME, { name: [DUPLICATE_NAME] });
      const [row] = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const created = await tx.insert(groups).values(input).returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'created',
              objectType: 'group',
              objectId: created[0].id,
              after: input,
            });
            return created;
          }),
        { groups_name_lower_idx: { field: 'name', message: DUPLICATE_NAME } },
      );
      return reply.status(201).send(groupView(row));
    },
  );

  r.get(
    '/manage/groups/requests/',
    { ...admin, summary: 'Requests to join a group', query: requestListQuery },
    (request) => {
      const q = request.query;
      const where = eq(groupRequests.status, q.status);
      return paginate(
        request,
        q,
        async () => (await db.select({ n: count() }).from(groupRequests).where(where))[0].n,
        async (limit, offset) =>
          (
            await db
              .select({
                r: groupRequests,
                g: groups,
                u: { id: users.id, email: users.email, name: users.name },
              })
              .from(groupRequests)
              .innerJoin(groups, eq(groups.id, groupRequests.groupId))
              .innerJoin(users, eq(users.id, groupRequests.userId))
              .where(where)
              .orderBy(desc(groupRequests.createdAt), desc(groupRequests.id))
              .limit(limit)
              .offset(offset)
          ).map(({ r, g, u }) => ({
            id: r.id,
            group: groupView(g),
            user: u,
            message: r.message,
            status: r.status,
            created: r.createdAt.toISOString(),
          })),
      );
    },
  );

  r.patch(
    '/manage/groups/requests/:id/',
    { ...admin, summary: 'Approve or reject a request to join', params: idParams, body: decisionSchema },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
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
    },
  );
}
