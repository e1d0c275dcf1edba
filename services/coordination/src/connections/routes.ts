// Connections to other CVDP instances (issue 14): manage/connections/ and manage/connection/{id}/, admins
// only. Our token to them is encrypted at rest (CVDP_SECRET_KEY), theirs to us kept as sha256; neither is
// ever answered, audited or logged. Every change writes activity with before/after (without tokens).
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import {
  DUPLICATE_CONNECTION,
  DUPLICATE_INCOMING_TOKEN,
  connectionCreateSchema,
  connectionListQuery,
  connectionUpdateSchema,
  idParams,
  type Connection,
} from '@cvdp/core';
import { HttpError, mapUniqueViolations, notFound, recordActivity, routes, sha256 } from '@cvdp/server-kit';
import { SecretKeyMissingError, encryptApiKey } from '../cve/secret-box.ts';
import { connections } from './tables.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
type Row = typeof connections.$inferSelect;

const view = (c: Row): Connection => ({
  id: c.id,
  name: c.name,
  base_url: c.baseUrl,
  enabled: c.enabled,
  last_contact: c.lastContactAt?.toISOString() ?? null,
  created: c.createdAt.toISOString(),
});
/** What the activity log keeps: no token, only whether one changed. */
const audit = (c: Row) => ({ name: c.name, base_url: c.baseUrl, enabled: c.enabled });
const unique = {
  connections_name_lower_idx: { field: 'name', message: DUPLICATE_CONNECTION },
  connections_incoming_token_hash_idx: { field: 'incoming_token', message: DUPLICATE_INCOMING_TOKEN },
};

export async function connectionRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const encrypt = (token: string) => {
    try {
      return encryptApiKey(token, app.config.secretKey);
    } catch (e) {
      if (e instanceof SecretKeyMissingError)
        throw new HttpError(409, 'CVDP_SECRET_KEY is not set: connection tokens are encrypted with it.');
      throw e;
    }
  };

  r.get(
    '/manage/connections/',
    {
      ...admin,
      summary: 'Connections to other instances (enabled ones; ?all=1 for all)',
      query: connectionListQuery,
    },
    async (request): Promise<Connection[]> => {
      const all = request.query.all === '1' || request.query.all === 'true';
      const rows = await db
        .select()
        .from(connections)
        .where(all ? undefined : eq(connections.enabled, true))
        .orderBy(asc(connections.id));
      return rows.map(view);
    },
  );

  r.post(
    '/manage/connections/',
    { ...admin, summary: 'Add a connection to another instance', body: connectionCreateSchema },
    async (request, reply) => {
      const b = request.body;
      const outgoing = encrypt(b.token);
      const row = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(connections)
              .values({
                name: b.name,
                baseUrl: b.base_url,
                outgoingTokenEncrypted: outgoing,
                incomingTokenHash: sha256(b.incoming_token),
                enabled: b.enabled,
              })
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'added connection',
              objectType: 'connection',
              objectId: row.id,
              after: audit(row),
            });
            return row;
          }),
        unique,
      );
      return reply.status(201).send(view(row));
    },
  );

  r.patch(
    '/manage/connection/:id/',
    {
      ...admin,
      summary: 'Edit a connection (tokens replaced, never shown)',
      params: idParams,
      body: connectionUpdateSchema,
    },
    async (request): Promise<Connection> => {
      const b = request.body;
      const outgoing = b.token !== undefined ? encrypt(b.token) : undefined;
      return mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(connections)
              .where(eq(connections.id, request.params.id))
              .for('update');
            if (!before) throw notFound('No connection with this id.');
            const [after] = await tx
              .update(connections)
              .set({
                name: b.name,
                baseUrl: b.base_url,
                enabled: b.enabled,
                outgoingTokenEncrypted: outgoing,
                incomingTokenHash: b.incoming_token !== undefined ? sha256(b.incoming_token) : undefined,
              })
              .where(eq(connections.id, before.id))
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'changed connection',
              objectType: 'connection',
              objectId: before.id,
              before: audit(before),
              after: {
                ...audit(after),
                ...(b.token !== undefined ? { token_replaced: true } : {}),
                ...(b.incoming_token !== undefined ? { incoming_token_replaced: true } : {}),
              },
            });
            return view(after);
          }),
        unique,
      );
    },
  );

  r.delete(
    '/manage/connection/:id/',
    { ...admin, summary: 'Remove a connection', params: idParams },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(connections).where(eq(connections.id, request.params.id)).returning();
        if (!row) throw notFound('No connection with this id.');
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'removed connection',
          objectType: 'connection',
          objectId: row.id,
          before: audit(row),
        });
      });
      return reply.status(204).send();
    },
  );
}
