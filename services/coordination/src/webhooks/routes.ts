// Webhook endpoints (issue 29 item 4): manage/webhooks/ and manage/webhook/{id}/, administrators only.
// The signing secret is generated here, answered once (on creation) and stored encrypted with the kit's
// secret box; afterwards only its hint is shown. "Send a test event" sends a `ping` delivery at once and
// answers what came back; it is in the delivery log like every other.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParams,
  webhookCreateSchema,
  webhookDeliveryQuery,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointSchema,
  webhookTestResultSchema,
  webhookUpdateSchema,
  type WebhookTestResult,
} from '@cvdp/core';
import {
  HttpError,
  SecretKeyMissingError,
  encryptSecret,
  noContent,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { refusedByPolicy } from './address-check.ts';
import { attemptDelivery } from './send.ts';
import { newWebhookSecret, secretHint } from './signature.ts';
import {
  countDeliveries,
  createEndpoint,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  findEndpointRow,
  insertTestDelivery,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
} from './store.ts';
import { recordAttempt, WEBHOOK_DEFAULTS } from './worker.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
const deliveriesQuery = pageQuery(20, 100).extend(webhookDeliveryQuery.shape);

export async function webhookRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);

  const checkAddress = async (url: string | undefined) => {
    if (url === undefined) return;
    const refused = await refusedByPolicy(app.outbound.policy, url);
    if (refused) throw new HttpError(400, refused, { url: [refused] });
  };

  r.get(
    '/manage/webhooks/',
    { ...admin, summary: 'Webhook endpoints', response: { 200: z.array(webhookEndpointSchema) } },
    () => listEndpoints(db),
  );

  r.post(
    '/manage/webhooks/',
    {
      ...admin,
      summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once',
      body: webhookCreateSchema,
      response: { 201: webhookEndpointCreatedSchema },
    },
    async (request, reply) => {
      const b = request.body;
      await checkAddress(b.url);
      const secret = newWebhookSecret();
      let secretEncrypted: string;
      try {
        secretEncrypted = encryptSecret(secret, config.secretKey);
      } catch (e) {
        if (e instanceof SecretKeyMissingError)
          throw new HttpError(409, 'CVDP_SECRET_KEY is not set: webhook secrets are encrypted with it.');
        throw e;
      }
      const created = await createEndpoint(db, request.user!.id, {
        url: b.url,
        description: b.description,
        events: b.events,
        active: b.active,
        secretEncrypted,
        secretHint: secretHint(secret),
      });
      return reply.status(201).send({ ...created, secret });
    },
  );

  r.get(
    '/manage/webhook/:id/',
    { ...admin, summary: 'One webhook endpoint', params: idParams, response: { 200: webhookEndpointSchema } },
    (request) => findEndpoint(db, request.params.id),
  );

  r.patch(
    '/manage/webhook/:id/',
    {
      ...admin,
      summary: 'Edit a webhook endpoint (address, events, active or paused); the secret stays',
      params: idParams,
      body: webhookUpdateSchema,
      response: { 200: webhookEndpointSchema },
    },
    async (request) => {
      await findEndpointRow(db, request.params.id);
      await checkAddress(request.body.url);
      return updateEndpoint(db, request.user!.id, request.params.id, request.body);
    },
  );

  r.delete(
    '/manage/webhook/:id/',
    {
      ...admin,
      summary: 'Remove a webhook endpoint and its delivery log',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteEndpoint(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/manage/webhook/:id/deliveries/',
    {
      ...admin,
      summary: "The endpoint's delivery log, newest first: each delivery's last answer (?status=)",
      params: idParams,
      query: deliveriesQuery,
      response: { 200: pageOf(webhookDeliverySchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countDeliveries(db, request.params.id, request.query.status),
        (limit, offset) => listDeliveries(db, request.params.id, request.query.status, limit, offset),
      ),
  );

  r.post(
    '/manage/webhook/:id/test/',
    {
      ...admin,
      summary: 'Send a test event (ping) now, paused or not, and answer what came back',
      params: idParams,
      response: { 200: webhookTestResultSchema },
    },
    async (request): Promise<WebhookTestResult> => {
      const endpoint = await findEndpointRow(db, request.params.id);
      const now = app.clock.now();
      const row = await insertTestDelivery(
        db,
        endpoint,
        now,
        new Date(now.getTime() + WEBHOOK_DEFAULTS.leaseMs),
      );
      const outcome = await attemptDelivery(
        app.outbound,
        { ...row, url: endpoint.url, secretEncrypted: endpoint.secretEncrypted },
        { secretKey: config.secretKey, publicUrl: config.publicUrl, now },
      );
      await recordAttempt(db, row.id, outcome, app.clock.now(), null);
      const answer =
        outcome.responseStatus === null ? '' : `: the endpoint answered ${outcome.responseStatus}`;
      return {
        ok: outcome.ok,
        detail: outcome.ok
          ? `Test event delivered${answer}.`
          : `Test event not delivered${answer || `: ${outcome.error}`}.`,
        delivery: await findDelivery(db, row.id),
      };
    },
  );
}
