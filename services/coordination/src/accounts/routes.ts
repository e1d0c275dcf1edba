// Registration, sign-in, sign-out, the current user and password changes.
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PENDING_MESSAGE,
  changePasswordSchema,
  currentUserSchema,
  loginChallengeSchema,
  loginSchema,
  registerSchema,
  registrationResultSchema,
  sessionSchema,
} from '@cvdp/core';
import {
  HttpError,
  burnPasswordCheck,
  clearSessionCookie,
  destroySession,
  forgetCachedUser,
  hashPassword,
  noContent,
  readSessionCookie,
  routes,
  uniqueViolation,
  verifyPassword,
} from '@cvdp/server-kit';
import { clearFailures, recordFailure, signInRetryAfter, tooManyFailuresError } from './login-throttle.ts';
import { changePassword, createPendingUser, findUser, findUserByEmail, groupsOfUser } from './store.ts';
import { tellOwnerOfRegistration } from './registration-notice.ts';
import { currentUserView } from './user-view.ts';
import { type SecondStepCheck, startSession } from './start-session.ts';

export async function accountRoutes(app: FastifyInstance, opts: { secondStep?: SecondStepCheck } = {}) {
  const { db, config } = app;
  const r = routes(app);
  const auth = { tags: ['accounts'], rateLimitPerMinute: config.authRateLimitPerMinute };

  r.post(
    '/api/auth/register/',
    {
      ...auth,
      summary:
        'Register (the account waits for approval; a taken address gets the same answer and its owner an email)',
      access: 'public',
      body: registerSchema,
      response: { 201: registrationResultSchema },
    },
    async (request, reply) => {
      const input = request.body;
      // Hashed first, whatever happens next: both answers below then take about as long.
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      let created = false;
      if (!existing) {
        // Two registrations of one address at once both pass the check above; the unique index decides,
        // and the loser is answered like any registration of a taken address.
        created = await createPendingUser(db, { email: input.email, name: input.name, passwordHash }).then(
          () => true,
          (error: unknown) => {
            if (uniqueViolation(error) === 'users_email_lower_idx') return false;
            throw error;
          },
        );
      }
      // A taken address is answered exactly like a new one (nothing tells a stranger that an account
      // exists); its owner is told by email instead.
      if (!created) await tellOwnerOfRegistration(db, input.email, config.publicUrl);
      return reply.status(201).send({
        email: input.email,
        name: input.name,
        pending: true,
        detail: ACCOUNT_PENDING_MESSAGE,
      });
    },
  );

  r.post(
    '/api/auth/login/',
    {
      ...auth,
      summary: 'Sign in (sets the session cookie)',
      access: 'public',
      body: loginSchema,
      response: { 200: currentUserSchema, 202: loginChallengeSchema },
    },
    async (request, reply) => {
      const input = request.body;
      // Before the password: an address out of tries learns nothing more, right password or not.
      const retryAfter = await signInRetryAfter(db, input.email, request.ip);
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        throw tooManyFailuresError(retryAfter);
      }
      const user = await findUserByEmail(db, input.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) {
        await recordFailure(db, input.email, request.ip);
        throw new HttpError(400, 'Unable to sign in with the provided email and password.');
      }
      if (user.pending) {
        throw new HttpError(401, ACCOUNT_PENDING_MESSAGE);
      }
      if (!user.isActive) {
        throw new HttpError(401, 'This account has been deactivated.');
      }
      await clearFailures(db, input.email, request.ip);
      // A second factor (or the requirement to enrol one) holds the session back: 202 and a pending sign-in.
      const challenge = await opts.secondStep?.(user, request);
      if (challenge) return reply.status(202).send(challenge);
      return startSession(app, request, reply, user);
    },
  );

  r.post(
    '/api/auth/logout/',
    { summary: 'Sign out', tags: ['accounts'], access: 'public', response: { 204: noContent } },
    async (request, reply) => {
      const sessionId = readSessionCookie(request, config);
      if (sessionId) await destroySession(db, sessionId);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/user/',
    {
      summary: 'The signed-in user',
      tags: ['accounts'],
      access: 'user',
      response: { 200: currentUserSchema },
    },
    async (request) => {
      const user = (await findUser(db, request.user!.id))!;
      return currentUserView(user, await groupsOfUser(db, user.id));
    },
  );

  r.get(
    '/api/session/',
    {
      summary: 'Who is signed in: the user, or null for a visitor (GET /api/user/ answers a visitor 401)',
      tags: ['accounts'],
      access: 'public',
      response: { 200: sessionSchema },
    },
    async (request) => {
      if (!request.user) return { user: null };
      const user = (await findUser(db, request.user.id))!;
      return { user: currentUserView(user, await groupsOfUser(db, user.id)) };
    },
  );

  r.post(
    '/api/user/password/',
    {
      ...auth,
      summary: 'Change my password (ends my other sessions)',
      access: 'user',
      body: changePasswordSchema,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const input = request.body;
      const user = (await findUser(db, request.user!.id))!;
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new HttpError(400, 'The current password is not correct.', {
          current_password: ['The current password is not correct.'],
        });
      }
      const passwordHash = await hashPassword(input.new_password);
      // A changed password also ends what the old one handed out: other sessions, every API token.
      await changePassword(db, user.id, passwordHash, request.sessionId ?? undefined);
      // After the commit: a read of the other sessions between destroyOtherSessions and it is dropped too.
      forgetCachedUser(user.id);
      return reply.status(204).send();
    },
  );
}
