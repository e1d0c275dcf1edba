// Connections to other CVDP instances (issue 14): manage/connections/ and manage/connection/{id}/, admins
// only. Our token to them is encrypted at rest (CVDP_SECRET_KEY), theirs to us kept as sha256; neither is
// ever answered, audited or logged. Every change writes activity with before/after (without tokens).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONNECTION_TEST_TIMEOUT_MS,
  DUPLICATE_CONNECTION,
  TRANSFER_PATHS,
  transferUrl,
  type ConnectionTestResult,
  DUPLICATE_INCOMING_TOKEN,
  connectionCreateSchema,
  connectionListQuery,
  connectionSchema,
  connectionTestResultSchema,
  connectionUpdateSchema,
  idParams,
} from '@cvdp/core';
import {
  HttpError,
  OutboundError,
  type OutboundHttp,
  type OutboundResponse,
  SecretKeyMissingError,
  decryptSecret,
  encryptSecret,
  mapUniqueViolations,
  noContent,
  routes,
  sha256,
} from '@cvdp/server-kit';
import {
  createConnection,
  deleteConnection,
  findConnectionRow,
  listConnections,
  recordConnectionTest,
  updateConnection,
} from './store.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
const unique = {
  connections_name_lower_idx: { field: 'name', message: DUPLICATE_CONNECTION },
  connections_incoming_token_hash_idx: { field: 'incoming_token', message: DUPLICATE_INCOMING_TOKEN },
};

export async function connectionRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const encrypt = (token: string) => {
    try {
      return encryptSecret(token, app.config.secretKey);
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
      response: { 200: z.array(connectionSchema) },
    },
    (request) => listConnections(db, request.query.all === '1' || request.query.all === 'true'),
  );

  r.post(
    '/manage/connections/',
    {
      ...admin,
      summary: 'Add a connection to another instance',
      body: connectionCreateSchema,
      response: { 201: connectionSchema },
    },
    async (request, reply) => {
      const b = request.body;
      const outgoing = encrypt(b.token);
      const created = await mapUniqueViolations(
        () =>
          createConnection(db, request.user!.id, {
            name: b.name,
            baseUrl: b.base_url,
            outgoingTokenEncrypted: outgoing,
            incomingTokenHash: sha256(b.incoming_token),
            enabled: b.enabled,
          }),
        unique,
      );
      return reply.status(201).send(created);
    },
  );

  r.patch(
    '/manage/connection/:id/',
    {
      ...admin,
      summary: 'Edit a connection (tokens replaced, never shown)',
      params: idParams,
      body: connectionUpdateSchema,
      response: { 200: connectionSchema },
    },
    (request) => {
      const b = request.body;
      const outgoing = b.token !== undefined ? encrypt(b.token) : undefined;
      return mapUniqueViolations(
        () =>
          updateConnection(db, request.user!.id, request.params.id, {
            name: b.name,
            baseUrl: b.base_url,
            enabled: b.enabled,
            outgoingTokenEncrypted: outgoing,
            incomingTokenHash: b.incoming_token !== undefined ? sha256(b.incoming_token) : undefined,
          }),
        unique,
      );
    },
  );

  r.post(
    '/manage/connection/:id/test/',
    {
      ...admin,
      summary:
        "Test a connection: call the other instance's ping/ with our token (reachable, not reachable or refused by policy)",
      params: idParams,
      response: { 200: connectionTestResultSchema },
    },
    async (request): Promise<ConnectionTestResult> => {
      const row = await findConnectionRow(db, request.params.id);
      let token: string;
      try {
        token = decryptSecret(row.outgoingTokenEncrypted, app.config.secretKey);
      } catch (e) {
        if (e instanceof SecretKeyMissingError)
          throw new HttpError(409, 'CVDP_SECRET_KEY is not set: connection tokens are encrypted with it.');
        throw new HttpError(
          409,
          'The token of this connection cannot be read (CVDP_SECRET_KEY changed?): set it again.',
        );
      }
      const result = await ping(app.outbound, row.baseUrl, token);
      await recordConnectionTest(db, request.user!.id, row.id, result);
      return result;
    },
  );

  r.delete(
    '/manage/connection/:id/',
    { ...admin, summary: 'Remove a connection', params: idParams, response: { 204: noContent } },
    async (request, reply) => {
      await deleteConnection(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
}

export const CONNECTION_UNREACHABLE =
  'Not reachable: no CVDP at this address accepted our token. Check the address, and the tokens on both sides.';
export const CONNECTION_REFUSED_BY_POLICY =
  'Refused by policy: outbound calls to this address are not allowed (an administrator of the server can allow it with CVDP_OUTBOUND_ALLOW).';

/**
 * GET <base>/cvdp/api/transfers/ping/ with our token. The answer is one of three: reachable (a CVDP that
 * accepted our token, and who it is), not reachable, or refused by the outbound policy. Nothing else about
 * the target — refused connection, timeout, status, not JSON — is told apart, so "test connection" cannot
 * be used to map what answers on an internal address and port.
 */
async function ping(outbound: OutboundHttp, baseUrl: string, token: string): Promise<ConnectionTestResult> {
  const unreachable: ConnectionTestResult = {
    ok: false,
    outcome: 'unreachable',
    detail: CONNECTION_UNREACHABLE,
  };
  let url: string;
  try {
    url = transferUrl(baseUrl, TRANSFER_PATHS.ping);
  } catch {
    return unreachable;
  }
  let res: OutboundResponse;
  try {
    res = await outbound.request(url, {
      headers: { authorization: `Token ${token}`, accept: 'application/json' },
      timeoutMs: CONNECTION_TEST_TIMEOUT_MS,
      maxResponseBytes: 64 * 1024,
    });
  } catch (e) {
    if (e instanceof OutboundError && e.kind === 'refused')
      return { ok: false, outcome: 'refused', detail: CONNECTION_REFUSED_BY_POLICY };
    return unreachable;
  }
  if (res.status !== 200) return unreachable;
  let body: { instance?: unknown; connection?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    return unreachable;
  }
  if (typeof body?.instance !== 'string' || typeof body.connection !== 'string') return unreachable;
  const instance = body.instance.slice(0, 500);
  return {
    ok: true,
    outcome: 'reachable',
    detail: `Connected to ${instance}, which knows this instance as "${body.connection.slice(0, 200)}".`,
    instance,
  };
}
