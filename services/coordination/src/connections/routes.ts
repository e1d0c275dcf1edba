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
      summary: "Test a connection: call the other instance's ping/ with our token",
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
      const result = await ping(row.baseUrl, token);
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

/** GET <base>/cvdp/api/transfers/ping/ with our token: what the other instance says, never the token. */
async function ping(baseUrl: string, token: string): Promise<ConnectionTestResult> {
  let url: string;
  try {
    url = transferUrl(baseUrl, TRANSFER_PATHS.ping);
  } catch {
    return { ok: false, detail: 'The base URL of this connection is not a valid URL.' };
  }
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Token ${token}`, accept: 'application/json' },
      // A redirect would carry our token elsewhere.
      redirect: 'error',
      signal: AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return {
      ok: false,
      detail: timedOut
        ? `No answer from ${url} within ${CONNECTION_TEST_TIMEOUT_MS / 1000} s.`
        : `Could not reach ${url}: ${cause?.code ?? cause?.message ?? (e as Error).message}.`,
    };
  }
  if (res.status === 401)
    return {
      ok: false,
      detail: 'The other instance refused our token (401): check the token on both sides.',
    };
  if (!res.ok) return { ok: false, detail: `The other instance answered ${res.status} ${res.statusText}.` };
  let body: { instance?: unknown; connection?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return {
      ok: false,
      detail: 'The other instance answered, but not with JSON: is this the address of a CVDP?',
    };
  }
  if (typeof body?.instance !== 'string' || typeof body.connection !== 'string')
    return { ok: false, detail: 'The answer is not a CVDP ping: is this the address of a CVDP?' };
  const instance = body.instance.slice(0, 500);
  return {
    ok: true,
    detail: `Connected to ${instance}, which knows this instance as "${body.connection.slice(0, 200)}".`,
    instance,
  };
}
