// Software priorities and standing assignments (SPEC §7 base 2): GET/POST /api/priorities/, DELETE
// /api/priorities/{id}/, GET/POST /api/assignments/, DELETE /api/assignments/{id}/. Scorers and admins.
import type { FastifyInstance } from 'fastify';
import { idParams } from '@cvdp/core';
import { z } from 'zod';
import { noContent, routes } from '@cvdp/server-kit';
import {
  priorityCreateSchema,
  softwarePrioritySchema,
  standingAssignmentCreateSchema,
  standingAssignmentSchema,
} from '@cvdp/core/scoring/work';
import { SCORING_ROLES } from '../records/routes.ts';
import {
  addPriority,
  addStandingAssignment,
  deletePriority,
  deleteStandingAssignment,
  listPriorities,
  listStandingAssignments,
} from './store.ts';

export async function workRoutes(app: FastifyInstance) {
  const r = routes(app);
  const db = app.db;
  const priorities = { tags: ['priorities'], access: SCORING_ROLES };
  const assignments = { tags: ['assignments'], access: SCORING_ROLES };

  r.get(
    '/api/priorities/',
    {
      ...priorities,
      summary: 'Software priorities, highest weight first',
      response: { 200: z.array(softwarePrioritySchema) },
    },
    () => listPriorities(db),
  );
  r.post(
    '/api/priorities/',
    {
      ...priorities,
      summary:
        "Add a priority (vendor[/product] or CPE pattern, weight); the queue's priorities are recomputed",
      body: priorityCreateSchema,
      response: { 201: softwarePrioritySchema },
    },
    async (request, reply) => reply.status(201).send(await addPriority(db, request.user!.id, request.body)),
  );
  r.delete(
    '/api/priorities/:id/',
    {
      ...priorities,
      summary: "Remove a priority; the queue's priorities are recomputed",
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deletePriority(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/assignments/',
    {
      ...assignments,
      summary: 'Standing assignments (a scorer takes a vendor or a CWE)',
      response: { 200: z.array(standingAssignmentSchema) },
    },
    () => listStandingAssignments(db),
  );
  r.post(
    '/api/assignments/',
    {
      ...assignments,
      summary: 'Add a standing assignment: newly ingested records of the vendor or CWE go to the scorer',
      body: standingAssignmentCreateSchema,
      response: { 201: standingAssignmentSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await addStandingAssignment(db, request.user!.id, request.body)),
  );
  r.delete(
    '/api/assignments/:id/',
    {
      ...assignments,
      summary: 'Remove a standing assignment',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteStandingAssignment(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
