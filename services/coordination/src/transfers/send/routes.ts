// Transfers, the sending side (issue 14): POST /api/case/transfers/ starts moving a case to a connected
// instance (staff; the durable worker in worker.ts does the calls) and GET /api/case/{id}/transfers/ shows
// the case's transfers with their steps, newest first (staff).
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  TRANSFER_CONNECTION_DISABLED,
  TRANSFER_CONNECTION_UNKNOWN,
  transferCreateSchema,
  type Transfer,
  transferSchema,
  type TransferTarget,
  transferTargetSchema,
} from '@cvdp/core';
import { HttpError, type Page, forbidden, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { caseAccessOr404, caseScope } from '../../cases/case-scope.ts';
import { connections } from '../../connections/tables.ts';
import { can } from '../../policy/index.ts';
import { countTransfers, listTransfers, startTransfer, transferById } from './store.ts';

export const ONLY_STAFF_TRANSFER = 'Only coordinators transfer cases.';
const tags = ['transfers'];

export async function transferSendRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  r.post(
    '/api/case/transfers/',
    {
      summary:
        'Start transferring a case to a connected instance (staff): 202 with the transfer; a background job ' +
        'sends it step by step',
      tags,
      access: 'user',
      body: transferCreateSchema,
      response: { 202: transferSchema },
    },
    async (request, reply) => {
      const body = request.body;
      const access = await caseAccessOr404(db, request.user!, body.case);
      if (!can('transfer.start', access)) throw forbidden(ONLY_STAFF_TRANSFER);
      const [connection] = await db.select().from(connections).where(eq(connections.id, body.connection));
      if (!connection)
        throw new HttpError(400, TRANSFER_CONNECTION_UNKNOWN, { connection: [TRANSFER_CONNECTION_UNKNOWN] });
      if (!connection.enabled)
        throw new HttpError(400, TRANSFER_CONNECTION_DISABLED, {
          connection: [TRANSFER_CONNECTION_DISABLED],
        });
      const row = await startTransfer(db, { caseId: body.case, connection, actorId: request.user!.id });
      return reply.status(202).send(await transferById(db, row.id));
    },
  );

  r.get(
    '/api/case/transfers/connections/',
    {
      summary: 'The enabled connections a case can be transferred to (staff; tokens never shown)',
      tags,
      access: ['coordinator', 'admin'],
      response: { 200: z.array(transferTargetSchema) },
    },
    async (): Promise<TransferTarget[]> => {
      const rows = await db
        .select({ id: connections.id, name: connections.name, base_url: connections.baseUrl })
        .from(connections)
        .where(eq(connections.enabled, true))
        .orderBy(asc(connections.name));
      return rows;
    },
  );

  inCase.get(
    '/api/case/:id/transfers/',
    {
      summary: "The case's transfers to other instances, newest first, each with its steps (staff)",
      tags,
      query: pageQuery(20, 100),
      response: { 200: pageOf(transferSchema) },
      allow: { action: 'transfer.read', message: ONLY_STAFF_TRANSFER },
    },
    async (request, _reply, access): Promise<Page<Transfer>> => {
      return paginate(
        request,
        request.query,
        () => countTransfers(db, access.caseId),
        (limit, offset) => listTransfers(db, access.caseId, limit, offset),
      );
    },
  );
}
