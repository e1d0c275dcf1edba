// A user's own second factors (the account page): list them, enrol an authenticator app, make new recovery
// codes, remove a factor. Removing or replacing needs the password or a current code, so a session left open
// on someone's desk cannot quietly turn the second factor off.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CODE_WRONG,
  FACTOR_REQUIRED_KEEP_ONE,
  PASSWORD_WRONG,
  factorProofSchema,
  idParams,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
} from '@cvdp/core';
import { type Config, HttpError, type Tx, noContent, routes, verifyPassword } from '@cvdp/server-kit';
import { and, eq } from 'drizzle-orm';
import { findUser, type UserRow } from '../accounts/store.ts';
import { recordFactorEvent } from './events.ts';
import { beginTotp, confirmTotp, unconfirmedTotp } from './enrol.ts';
import { recoveryCodes, secondFactors } from './tables.ts';
import {
  confirmedFactors,
  factorView,
  readPolicy,
  replaceRecoveryCodes,
  requirementFor,
  unusedRecoveryCodes,
  useTotpCode,
} from './store.ts';

/**
 * What every route of a user's own factors shares (here and passkey-routes.ts): the signed-in user, and the
 * sign-in rate limit, since each one checks a password, a code or a passkey.
 */
export const ownFactorRoute = (config: Pick<Config, 'authRateLimitPerMinute'>) => ({
  access: 'user' as const,
  tags: ['second factors'],
  rateLimitPerMinute: config.authRateLimitPerMinute,
});

export async function secondFactorRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const mine = ownFactorRoute(config);
  const me = async (id: number) => (await findUser(db, id))!;

  /** The password or a current code, checked inside the change's transaction (a code is spent by it). */
  async function prove(tx: Tx, user: UserRow, proof: { password?: string; code?: string }) {
    if (proof.code !== undefined) {
      if (!(await useTotpCode(tx, config.secretKey, user.id, proof.code)))
        throw new HttpError(400, CODE_WRONG, { code: [CODE_WRONG] });
    } else if (!(await verifyPassword(user.passwordHash, proof.password!))) {
      throw new HttpError(400, PASSWORD_WRONG, { password: [PASSWORD_WRONG] });
    }
  }

  r.get(
    '/api/user/second-factors/',
    {
      ...mine,
      summary: 'My second factors, recovery codes left, and whether my role requires one',
      response: { 200: secondFactorStatusSchema },
    },
    async (request) => {
      const user = await me(request.user!.id);
      const requirement = requirementFor(await readPolicy(db), user);
      return {
        factors: (await confirmedFactors(db, user.id)).map(factorView),
        recovery_codes_left: await unusedRecoveryCodes(db, user.id),
        required: requirement.required,
        required_by: requirement.by?.toISOString() ?? null,
      };
    },
  );

  r.post(
    '/api/user/second-factors/totp/',
    {
      ...mine,
      summary: 'Start enrolling an authenticator app: its secret, otpauth:// URI and QR code',
      body: z.object({}).strict(),
      response: { 200: totpEnrolmentSchema },
    },
    async (request) => beginTotp(db, config.secretKey, await me(request.user!.id)),
  );

  r.post(
    '/api/user/second-factors/totp/:id/confirm/',
    {
      ...mine,
      summary: "Confirm an authenticator app with its first code (the first factor's recovery codes, once)",
      params: idParams,
      body: totpConfirmSchema,
      response: { 200: recoveryCodesSchema },
    },
    async (request) => {
      const user = await me(request.user!.id);
      const factor = await unconfirmedTotp(db, user.id, request.params.id);
      if (!factor) throw new HttpError(404, 'Not found.');
      const done = await db.transaction((tx) =>
        confirmTotp(tx, config.secretKey, user, factor, request.body.code, request.body.name),
      );
      if (!done) throw new HttpError(400, CODE_WRONG, { code: [CODE_WRONG] });
      return { recovery_codes: done.codes };
    },
  );

  r.post(
    '/api/user/second-factors/recovery-codes/',
    {
      ...mine,
      summary: 'New recovery codes (the old ones stop working); needs my password or a code',
      body: factorProofSchema,
      response: { 200: recoveryCodesSchema },
    },
    async (request) => {
      const user = await me(request.user!.id);
      return db.transaction(async (tx) => {
        if ((await confirmedFactors(tx, user.id)).length === 0) {
          const message = 'Add a second factor first.';
          throw new HttpError(409, message);
        }
        await prove(tx, user, request.body);
        const codes = await replaceRecoveryCodes(tx, user.id);
        await recordFactorEvent(tx, user, 'recovery_codes.replaced');
        return { recovery_codes: codes };
      });
    },
  );

  r.post(
    '/api/user/second-factors/:id/remove/',
    {
      ...mine,
      summary: 'Remove one of my second factors; needs my password or a code',
      params: idParams,
      body: factorProofSchema,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const user = await me(request.user!.id);
      await db.transaction(async (tx) => {
        const factors = await confirmedFactors(tx, user.id);
        const factor = factors.find((f) => f.id === request.params.id);
        if (!factor) throw new HttpError(404, 'Not found.');
        if (factors.length === 1 && requirementFor(await readPolicy(tx), user).required)
          throw new HttpError(409, FACTOR_REQUIRED_KEEP_ONE);
        await prove(tx, user, request.body);
        await tx
          .delete(secondFactors)
          .where(and(eq(secondFactors.id, factor.id), eq(secondFactors.userId, user.id)));
        // Without a factor, recovery codes would be a second factor of nothing: they go with the last one.
        if (factors.length === 1) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await recordFactorEvent(tx, user, 'second_factor.removed', {
          factor: factor.id,
          kind: factor.kind,
          name: factor.name,
        });
      });
      return reply.status(204).send();
    },
  );
}
