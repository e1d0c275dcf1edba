// The sign-in's second step: a code of an enrolled app or a recovery code for a pending sign-in (the
// password was right), and, when an administrator requires a factor the account lacks, enrolling one before
// anything else. Wrong codes count against the pending sign-in (dropped after a few) and against the account
// through the sign-in throttle, so the second step cannot be guessed at from many pending sign-ins either.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CODE_WRONG,
  PASSKEY_FAILED,
  PENDING_SIGN_IN_EXPIRED,
  RECOVERY_CODE_WRONG,
  type SecondStepMethod,
  currentUserSchema,
  enrolledSignInSchema,
  passkeyOptionsSchema,
  passkeySignInSchema,
  pendingSignInSchema,
  pendingTotpConfirmSchema,
  secondStepSchema,
  totpEnrolmentSchema,
} from '@cvdp/core';
import { eq } from 'drizzle-orm';
import { HttpError, routes } from '@cvdp/server-kit';
import { type SecondStepCheck, startSession } from '../accounts/start-session.ts';
import { findUser } from '../accounts/store.ts';
import { recordFactorEvent } from './events.ts';
import { beginTotp, confirmTotp, unconfirmedTotp } from './enrol.ts';
import { authenticationOptions, relyingParty, verifyAuthentication } from './passkeys.ts';
import {
  endPending,
  failPending,
  findPending,
  type PendingRow,
  setPendingChallenge,
  startPending,
} from './pending.ts';
import { secondFactors } from './tables.ts';
import { checkSecondStepThrottle, clearSecondStepFailures, recordSecondStepFailure } from './throttle.ts';
import {
  confirmedFactors,
  readPolicy,
  requirementFor,
  unusedRecoveryCodes,
  useRecoveryCode,
  useTotpCode,
} from './store.ts';

/** Thrown inside a transaction to roll it back when the code was wrong. */
class WrongCode extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** For app.ts: what the password route asks once the password is right. */
export function secondStepCheck(app: FastifyInstance): SecondStepCheck {
  const { db } = app;
  return async (user) => {
    const factors = await confirmedFactors(db, user.id);
    if (factors.length) {
      const methods: SecondStepMethod[] = [];
      if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
      if (factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
      if ((await unusedRecoveryCodes(db, user.id)) > 0) methods.push('recovery_code');
      return startPending(db, user.id, methods, false);
    }
    const requirement = requirementFor(await readPolicy(db), user);
    if (requirement.by && requirement.by.getTime() <= Date.now()) return startPending(db, user.id, [], true);
    return null;
  };
}

export async function secondStepRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const auth = {
    tags: ['accounts'],
    access: 'public' as const,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  };

  /** The pending sign-in and its user, still allowed to sign in; else a 400 naming pending_sign_in. */
  async function live(request: FastifyRequest, reply: FastifyReply, token: string, enrolling: boolean) {
    const pending = await findPending(db, token);
    const user = pending && (await findUser(db, pending.userId));
    if (!pending || !user || pending.enrolRequired !== enrolling || user.pending || !user.isActive) {
      throw new HttpError(400, PENDING_SIGN_IN_EXPIRED, { pending_sign_in: [PENDING_SIGN_IN_EXPIRED] });
    }
    await checkSecondStepThrottle(db, user.id, request.ip, reply);
    return { pending, user };
  }

  /** Runs the step's transaction; a wrong code rolls it back and is counted. */
  async function attempt<T>(request: FastifyRequest, pending: PendingRow, step: () => Promise<T>) {
    try {
      return await step();
    } catch (e) {
      if (!(e instanceof WrongCode)) throw e;
      await failPending(db, pending);
      await recordSecondStepFailure(db, pending.userId, request.ip);
      throw new HttpError(400, e.message, { [e.field]: [e.message] });
    }
  }

  const gone = () =>
    new HttpError(400, PENDING_SIGN_IN_EXPIRED, { pending_sign_in: [PENDING_SIGN_IN_EXPIRED] });

  r.post(
    '/api/auth/login/second-factor/',
    {
      ...auth,
      summary:
        'Second step of a sign-in: a code of an authenticator app, or a recovery code (sets the session cookie)',
      body: secondStepSchema,
      response: { 200: currentUserSchema },
    },
    async (request, reply) => {
      const { pending_sign_in, code, recovery_code } = request.body;
      const { pending, user } = await live(request, reply, pending_sign_in, false);
      await attempt(request, pending, () =>
        db.transaction(async (tx) => {
          // Ended first, in the same transaction: two requests with one pending sign-in never both sign in.
          if (!(await endPending(tx, pending))) throw gone();
          if (code !== undefined) {
            const factor = await useTotpCode(tx, config.secretKey, user.id, code);
            if (!factor) throw new WrongCode('code', CODE_WRONG);
            await recordFactorEvent(tx, user, 'second_factor.used', {
              factor: factor.id,
              kind: 'totp',
              name: factor.name,
            });
          } else {
            if (!(await useRecoveryCode(tx, user.id, recovery_code!)))
              throw new WrongCode('recovery_code', RECOVERY_CODE_WRONG);
            const left = await unusedRecoveryCodes(tx, user.id);
            await recordFactorEvent(tx, user, 'recovery_code.used', { left });
          }
        }),
      );
      await clearSecondStepFailures(db, user.id, request.ip);
      return startSession(app, request, reply, user);
    },
  );

  r.post(
    '/api/auth/login/enrol/totp/',
    {
      ...auth,
      summary: 'A sign-in that must enrol a second factor first: a new authenticator app secret',
      body: pendingSignInSchema,
      response: { 200: totpEnrolmentSchema },
    },
    async (request, reply) => {
      const { user } = await live(request, reply, request.body.pending_sign_in, true);
      return beginTotp(db, config.secretKey, user);
    },
  );

  r.post(
    '/api/auth/login/enrol/totp/confirm/',
    {
      ...auth,
      summary: "Confirm the app's first code: signed in, with the recovery codes (shown once)",
      body: pendingTotpConfirmSchema,
      response: { 200: enrolledSignInSchema },
    },
    async (request, reply) => {
      const { pending_sign_in, code, name } = request.body;
      const { pending, user } = await live(request, reply, pending_sign_in, true);
      const factor = await unconfirmedTotp(db, user.id);
      if (!factor) {
        const message = 'Start the enrolment first.';
        throw new HttpError(400, message, { code: [message] });
      }
      const result = await attempt(request, pending, () =>
        db.transaction(async (tx) => {
          if (!(await endPending(tx, pending))) throw gone();
          const done = await confirmTotp(tx, config.secretKey, user, factor, code, name);
          if (!done) throw new WrongCode('code', CODE_WRONG);
          return done;
        }),
      );
      await clearSecondStepFailures(db, user.id, request.ip);
      const me = await startSession(app, request, reply, user);
      return { user: me, recovery_codes: result.codes ?? [] };
    },
  );

  const passkeysOf = async (userId: number) =>
    (await confirmedFactors(db, userId)).filter((f) => f.kind === 'passkey');

  r.post(
    '/api/auth/login/passkey/options/',
    {
      ...auth,
      summary: "Second step with a passkey: the options for the browser's navigator.credentials.get()",
      body: pendingSignInSchema,
      response: { 200: passkeyOptionsSchema },
    },
    async (request, reply) => {
      const { pending, user } = await live(request, reply, request.body.pending_sign_in, false);
      const passkeys = await passkeysOf(user.id);
      if (passkeys.length === 0) throw new HttpError(400, PASSKEY_FAILED, { response: [PASSKEY_FAILED] });
      const options = await authenticationOptions(relyingParty(config, request).rpID, passkeys);
      await setPendingChallenge(db, pending, options.challenge);
      return options;
    },
  );

  r.post(
    '/api/auth/login/passkey/',
    {
      ...auth,
      summary: "Second step with a passkey: the browser's answer (sets the session cookie)",
      body: passkeySignInSchema,
      response: { 200: currentUserSchema },
    },
    async (request, reply) => {
      const { pending, user } = await live(request, reply, request.body.pending_sign_in, false);
      const passkeys = await passkeysOf(user.id);
      await attempt(request, pending, async () => {
        const verified =
          pending.challenge &&
          (await verifyAuthentication(
            request.body.response,
            pending.challenge,
            relyingParty(config, request),
            passkeys,
          ));
        if (!verified) throw new WrongCode('response', PASSKEY_FAILED);
        await db.transaction(async (tx) => {
          if (!(await endPending(tx, pending))) throw gone();
          await tx
            .update(secondFactors)
            .set({ signCount: verified.newCounter, lastUsedAt: new Date() })
            .where(eq(secondFactors.id, verified.factor.id));
          await recordFactorEvent(tx, user, 'second_factor.used', {
            factor: verified.factor.id,
            kind: 'passkey',
            name: verified.factor.name,
          });
        });
      });
      await clearSecondStepFailures(db, user.id, request.ip);
      return startSession(app, request, reply, user);
    },
  );
}
