// The receiving side of transfers (issue 14, SPEC §7 "Transfers to another instance"): cvdp/api/transfers/…,
// called by another instance with `Authorization: Token <token>` — one of our enabled connections' incoming
// tokens (sha256). The kit resolves no session or API token for these routes (ownAuth); this plugin's
// onRequest hook checks the connection token before anything is read, so a wrong, revoked or missing token,
// or a disabled connection, is a 401 whatever the body. Every POST needs an Idempotency-Key (store.ts: a
// repeat answers the first answer and writes nothing). The token is never logged or answered.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_REQUIRED,
  TRANSFER_THREAD_BODY_LIMIT,
  TRANSFER_TOKEN_INVALID,
  TRANSFER_TOKEN_MISSING,
  TRANSFER_VEX_FILE_NAME,
  TRANSFER_VEX_INVALID,
  idParams,
  transferAdvisoryAnswerSchema,
  transferAdvisorySchema,
  transferArtifactAnswerSchema,
  type TransferPing,
  transferPingSchema,
  transferReportAnswerSchema,
  transferReportSchema,
  transferStatusSchema,
  transferThreadAnswerSchema,
  transferThreadSchema,
  transferVulsAnswerSchema,
  transferVulsSchema,
} from '@cvdp/core';
import { HttpError, parseTokenHeader, routes, sha256 } from '@cvdp/server-kit';
import type { ZodType } from 'zod';
import { readFileUpload } from '../../artifacts/upload-form.ts';
import { csafFailureMessages, validateCsaf } from '../../csaf/validate.ts';
import { markdownRenderer } from '../../posts/render.ts';
import {
  type ConnectionRow,
  type StoredFileInput,
  connectionByTokenHash,
  once,
  receiveAdvisory,
  receiveFile,
  receiveReport,
  receiveThread,
  receiveVuls,
  touchConnection,
} from './store.ts';

const ROOT = '/cvdp/api/transfers';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const common = { access: 'public' as const, ownAuth: true, tags: ['transfers'] };
/** A POST's answers: 201 the first time, 200 with the same answer for a repeat of its Idempotency-Key. */
const onceAnswers = <T extends ZodType>(answer: T) => ({ response: { 200: answer, 201: answer } });

export async function transferReceiveRoutes(app: FastifyInstance) {
  const { db, storage, config } = app;
  const { render } = markdownRenderer(config.publicUrl);
  const callers = new WeakMap<FastifyRequest, { connection: ConnectionRow; key: string }>();

  // Only this plugin's routes (an encapsulated plugin): who is calling, before the body is even read.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.ownAuth) return;
    const token = parseTokenHeader(request.headers.authorization);
    if (!token) throw new HttpError(401, TRANSFER_TOKEN_MISSING);
    const connection = await connectionByTokenHash(db, sha256(token));
    if (!connection) throw new HttpError(401, TRANSFER_TOKEN_INVALID);
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (request.method === 'POST' && (typeof key !== 'string' || !KEY_PATTERN.test(key)))
      throw new HttpError(400, IDEMPOTENCY_KEY_REQUIRED, {
        [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_KEY_REQUIRED],
      });
    callers.set(request, { connection, key: typeof key === 'string' ? key : '' });
  });
  const caller = (request: FastifyRequest) => callers.get(request)!;
  /** What a repeat must match: the route, its case and the payload as parsed. */
  const hashOf = (request: FastifyRequest, payload: unknown) =>
    sha256(JSON.stringify([request.routeOptions.url, request.params, payload]));

  const r = routes(app);

  r.get(
    `${ROOT}/ping/`,
    {
      ...common,
      summary: 'Another instance checks its connection to us',
      response: { 200: transferPingSchema },
    },
    async (request) => {
      const { connection } = caller(request);
      await touchConnection(db, connection.id);
      const answer: TransferPing = { instance: config.publicUrl ?? 'CVDP', connection: connection.name };
      return answer;
    },
  );

  r.post(
    `${ROOT}/report/`,
    {
      ...common,
      summary: 'Receive a case and its report (a new case in triage)',
      body: transferReportSchema,
      ...onceAnswers(transferReportAnswerSchema),
    },
    async (request, reply) => {
      const { connection, key } = caller(request);
      const result = await once(db, connection, key, hashOf(request, request.body), (tx) =>
        receiveReport(tx, connection, request.body),
      );
      return reply.status(result.status).send(result.answer);
    },
  );

  r.post(
    `${ROOT}/case/:id/thread/`,
    {
      ...common,
      summary: 'Receive a thread with its posts and replies',
      params: idParams,
      body: transferThreadSchema,
      bodyLimit: TRANSFER_THREAD_BODY_LIMIT,
      ...onceAnswers(transferThreadAnswerSchema),
    },
    async (request, reply) => {
      const { connection, key } = caller(request);
      const result = await once(db, connection, key, hashOf(request, request.body), (tx) =>
        receiveThread(tx, connection, request.params.id, request.body, render),
      );
      return reply.status(result.status).send(result.answer);
    },
  );

  r.post(
    `${ROOT}/case/:id/vuls/`,
    {
      ...common,
      summary: 'Receive vulnerabilities (CVSS and SSVC recomputed here)',
      params: idParams,
      body: transferVulsSchema,
      ...onceAnswers(transferVulsAnswerSchema),
    },
    async (request, reply) => {
      const { connection, key } = caller(request);
      const result = await once(db, connection, key, hashOf(request, request.body), (tx) =>
        receiveVuls(tx, connection, request.params.id, request.body.vuls),
      );
      return reply.status(result.status).send(result.answer);
    },
  );

  r.post(
    `${ROOT}/case/:id/advisory/`,
    {
      ...common,
      summary: 'Receive an advisory revision',
      params: idParams,
      body: transferAdvisorySchema,
      ...onceAnswers(transferAdvisoryAnswerSchema),
    },
    async (request, reply) => {
      const { connection, key } = caller(request);
      const result = await once(db, connection, key, hashOf(request, request.body), (tx) =>
        receiveAdvisory(tx, connection, request.params.id, request.body),
      );
      return reply.status(result.status).send(result.answer);
    },
  );

  /** A file already in storage becomes the case's under the key; a refusal or a repeat removes it again. */
  async function keepFile(request: FastifyRequest, id: number, file: StoredFileInput, vex: boolean) {
    const { connection, key } = caller(request);
    try {
      const result = await once(db, connection, key, hashOf(request, [file.fileName, file.sha256]), (tx) =>
        receiveFile(tx, connection, id, file, vex ? 'received VEX' : 'received file'),
      );
      if (result.repeated) await storage.delete(file.key);
      return result;
    } catch (error) {
      await storage.delete(file.key);
      throw error;
    }
  }

  r.post(
    `${ROOT}/case/:id/artifacts/`,
    {
      ...common,
      summary: 'Receive a file (multipart, field "file")',
      params: idParams,
      multipart: true,
      ...onceAnswers(transferArtifactAnswerSchema),
    },
    async (request, reply) => {
      const upload = await readFileUpload(request, storage, config.maxUploadBytes);
      const result = await keepFile(request, request.params.id, upload, false);
      return reply.status(result.status).send(result.answer);
    },
  );

  r.post(
    `${ROOT}/case/:id/status/`,
    {
      ...common,
      summary: 'Receive the case status as a CSAF VEX document (kept as vex.json)',
      params: idParams,
      body: transferStatusSchema,
      ...onceAnswers(transferArtifactAnswerSchema),
    },
    async (request, reply) => {
      const validation = await validateCsaf(request.body.vex);
      if (!validation.valid) {
        const failures = Object.entries(csafFailureMessages(validation)).map(
          ([test, messages]) => [`vex.${test}`, messages] as const,
        );
        throw new HttpError(400, TRANSFER_VEX_INVALID, Object.fromEntries(failures));
      }
      const bytes = Buffer.from(JSON.stringify(request.body.vex, null, 2));
      const stored = await storage.put(Readable.from([bytes]), { maxBytes: config.maxUploadBytes });
      const result = await keepFile(
        request,
        request.params.id,
        { ...stored, fileName: TRANSFER_VEX_FILE_NAME, contentType: 'application/json' },
        true,
      );
      return reply.status(result.status).send(result.answer);
    },
  );
}
