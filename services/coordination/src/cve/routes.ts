// CVE accounts (manage/cve/account/) and reservations (manage/cve/reserve/), SPEC §7: scorers and
// administrators only. API keys are write-only: encrypted at rest, never answered, logged or audited.
import type { FastifyInstance } from 'fastify';
import { idParams } from '@cvdp/core';
import { z } from 'zod';
import {
  cveAccountCreateSchema,
  cveAccountListQuery,
  cveAccountPatchSchema,
  cveAccountSchema,
  cveReservationPatchSchema,
  cveReservationSchema,
  cveReserveAnswerSchema,
  cveReserveListQuery,
  cveReserveSchema,
  CVE_ENVIRONMENTS,
  CVE_SERVICES_URLS,
} from '@cvdp/core/cve/index';
import {
  defineRoute,
  HttpError,
  noContent,
  pageOf,
  pageQuery,
  paginate,
  routes,
  type Role,
} from '@cvdp/server-kit';
import {
  accountView,
  assignReservation,
  clientFor,
  countAccounts,
  countReservations,
  createAccount,
  deleteAccount,
  findAccount,
  findReservation,
  listAccounts,
  listReservations,
  reservationView,
  storeReservations,
  updateAccount,
} from './store.ts';
import { CveServicesError } from './client.ts';
import { MISSING_SECRET_KEY } from './cve-failure.ts';
import { cveFailure } from './cve-failure.ts';
import { cveRecordRoutes } from './record-routes.ts';
import { publishedCveRoutes } from './published-routes.ts';
import { cveAccountFormSchema } from './responses.ts';

/** Who manages CVE accounts and reservations. */
export const CVE_MANAGERS: readonly Role[] = ['scorer', 'admin'];

const tags = ['cve'];
const reserveListQuery = pageQuery(50, 200).extend(cveReserveListQuery.shape);

export async function cveRoutes(app: FastifyInstance) {
  const { db } = app;
  const secretKey = () => app.config.secretKey;
  const r = routes(app);
  const managers = { access: CVE_MANAGERS, tags };
  await cveRecordRoutes(app);
  await publishedCveRoutes(app);

  // Stored keys cannot be read without CVDP_SECRET_KEY: refuse to start rather than fail on first use.
  app.addHook('onReady', async () => {
    if (!secretKey() && (await countAccounts(db)) > 0) throw new Error(MISSING_SECRET_KEY);
  });

  r.get(
    '/manage/cve/account/',
    {
      ...managers,
      summary: 'CVE Services accounts (?active=true: the active ones)',
      query: cveAccountListQuery,
      response: { 200: z.array(cveAccountSchema) },
    },
    async (request) => {
      const a = request.query.active;
      const rows = await listAccounts(db, a === undefined ? undefined : a === 'true' || a === '1');
      return rows.map(accountView);
    },
  );

  defineRoute(
    app,
    'OPTIONS',
    '/manage/cve/account/',
    {
      ...managers,
      summary: 'The CVE account form: fields and environment choices',
      response: { 200: cveAccountFormSchema },
    },
    async () => ({
      name: 'CVE account',
      actions: {
        POST: {
          org_short_name: {
            type: 'string',
            required: true,
            label: 'Organisation short name',
            min_length: 2,
            max_length: 32,
          },
          username: { type: 'string', required: true, label: 'CVE Services user', max_length: 254 },
          api_key: { type: 'string', required: true, write_only: true, label: 'API key', max_length: 512 },
          environment: {
            type: 'choice',
            required: false,
            default: 'test',
            label: 'Environment',
            choices: CVE_ENVIRONMENTS.map((value) => ({
              value,
              display_name:
                value === 'custom'
                  ? 'Custom (base URL)'
                  : `${value[0].toUpperCase()}${value.slice(1)} (${CVE_SERVICES_URLS[value]})`,
            })),
          },
          base_url: { type: 'url', required: false, label: 'Base URL (custom environment)', max_length: 500 },
          active: { type: 'boolean', required: false, default: true, label: 'Active' },
        },
      },
    }),
  );

  r.post(
    '/manage/cve/account/',
    {
      ...managers,
      summary: 'Add a CVE Services account',
      body: cveAccountCreateSchema,
      response: { 201: cveAccountSchema },
    },
    async (request, reply) => {
      try {
        const row = await createAccount(db, request.user!.id, request.body, secretKey());
        reply.code(201);
        return accountView(row);
      } catch (e) {
        return cveFailure(e);
      }
    },
  );

  r.get(
    '/manage/cve/account/:id/',
    {
      ...managers,
      summary: 'A CVE Services account',
      params: idParams,
      response: { 200: cveAccountSchema },
    },
    async (request) => {
      const row = await findAccount(db, request.params.id);
      if (!row) throw new HttpError(404, 'No CVE account with this id.');
      return accountView(row);
    },
  );

  r.patch(
    '/manage/cve/account/:id/',
    {
      ...managers,
      summary: 'Change a CVE Services account (api_key replaces the key)',
      params: idParams,
      body: cveAccountPatchSchema,
      response: { 200: cveAccountSchema },
    },
    async (request) => {
      try {
        return accountView(
          await updateAccount(db, request.user!.id, request.params.id, request.body, secretKey()),
        );
      } catch (e) {
        return cveFailure(e);
      }
    },
  );

  r.delete(
    '/manage/cve/account/:id/',
    {
      ...managers,
      summary: 'Remove a CVE Services account and its reservations',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteAccount(db, request.user!.id, request.params.id);
      reply.code(204);
      return null;
    },
  );

  r.get(
    '/manage/cve/reserve/',
    {
      ...managers,
      summary: 'Reserved CVE ids (account__id: one account’s)',
      query: reserveListQuery,
      response: { 200: pageOf(cveReservationSchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countReservations(db, request.query.account__id),
        async (limit, offset) =>
          (await listReservations(db, request.query.account__id, limit, offset)).map(reservationView),
      ),
  );

  // One reservation per account at a time (CVE Services refuses concurrent ones with RESERVATION_IN_PROGRESS).
  const inFlight = new Map<number, Promise<unknown>>();

  r.post(
    '/manage/cve/reserve/',
    {
      ...managers,
      summary: 'Reserve CVE ids through an account (amount 1–1000)',
      body: cveReserveSchema,
      response: { 201: cveReserveAnswerSchema },
    },
    async (request, reply) => {
      const { account: accountId, amount, year, batch_type } = request.body;
      const account = await findAccount(db, accountId);
      if (!account)
        throw new HttpError(400, 'No CVE account with this id.', {
          account: ['No CVE account with this id.'],
        });
      if (!account.active)
        throw new HttpError(400, 'This CVE account is not active.', {
          account: ['This CVE account is not active.'],
        });
      const run = async () => {
        try {
          const answer = await clientFor(account, secretKey(), app.outbound).reserve({
            amount,
            year: year ?? new Date().getUTCFullYear(),
            batchType: batch_type,
          });
          return answer;
        } catch (e) {
          if (e instanceof CveServicesError)
            request.log.warn(
              { cveServices: { status: e.status, code: e.code, message: e.serviceMessage } },
              'CVE reservation failed',
            );
          return cveFailure(e);
        }
      };
      const previous = inFlight.get(account.id) ?? Promise.resolve();
      const mine = previous.catch(() => undefined).then(run);
      inFlight.set(account.id, mine);
      try {
        const answer = await mine;
        const rows = await storeReservations(db, request.user!.id, account, answer.cve_ids);
        reply.code(201);
        return {
          results: rows.map(reservationView),
          partial: answer.partial ?? false,
          remaining_quota: answer.meta?.remaining_quota ?? null,
        };
      } finally {
        if (inFlight.get(account.id) === mine) inFlight.delete(account.id);
      }
    },
  );

  r.get(
    '/manage/cve/reserve/:id/',
    {
      ...managers,
      summary: 'A reserved CVE id',
      params: idParams,
      response: { 200: cveReservationSchema },
    },
    async (request) => {
      const row = await findReservation(db, request.params.id);
      if (!row) throw new HttpError(404, 'No CVE reservation with this id.');
      return reservationView(row);
    },
  );

  r.patch(
    '/manage/cve/reserve/:id/',
    {
      ...managers,
      summary: 'Give a reserved CVE id to a vulnerability (vul), or take it back (null)',
      params: idParams,
      body: cveReservationPatchSchema,
      response: { 200: cveReservationSchema },
    },
    async (request) =>
      reservationView(await assignReservation(db, request.user!.id, request.params.id, request.body.vul)),
  );
}
