// Registration, sign-in, sign-out, the current user and password changes.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_PENDING_MESSAGE, changePasswordSchema, loginSchema, registerSchema } from '@cvdp/core';
import {
  HttpError,
  burnPasswordCheck,
  clearSessionCookie,
  createSession,
  destroyOtherSessions,
  destroySession,
  forgetCachedUser,
  hashPassword,
  issueCsrfCookie,
  mapUniqueViolations,
  readSessionCookie,
  recordActivity,
  revokeAllApiTokens,
  routes,
  setSessionCookie,
  users,
  verifyPassword,
} from '@cvdp/server-kit';
import { clearFailures, recordFailure, tooManyFailures, WINDOW_MINUTES } from './login-throttle.ts';
import { currentUserView, groupsOf } from './user-view.ts';

export async function accountRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const auth = { tags: ['accounts'], rateLimitPerMinute: config.authRateLimitPerMinute };
  const EMAIL_TAKEN = 'An account with this email already exists.';

  r.post(
    '/api/auth/register/',
    { ...auth, summary: 'Register (the account waits for approval)', access: 'public', body: registerSchema },
    async (request, reply) => {
      const input = request.body;
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
      if (existing) throw new HttpError(400, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      const passwordHash = await hashPassword(input.password);
      // Two registrations of one address at once both pass the check above; the unique index decides.
      const user = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [created] = await tx
              .insert(users)
              .values({
                email: input.email,
                name: input.name,
                passwordHash,
                roles: ['reporter'],
                pending: true,
              })
              .returning();
            await recordActivity(tx, {
              actorId: created.id,
              verb: 'registered',
              objectType: 'user',
              objectId: created.id,
            });
            return created;
          }),
        { users_email_lower_idx: { field: 'email', message: EMAIL_TAKEN } },
      );
      return reply.status(201).send({
        id: user.id,
        email: user.email,
        name: user.name,
        pending: true,
        detail: ACCOUNT_PENDING_MESSAGE,
      });
    },
  );

  r.post(
    '/api/auth/login/',
    { ...auth, summary: 'Sign in (sets the session cookie)', access: 'public', body: loginSchema },
    async (request, reply) => {
      const input = request.body;
      if (await tooManyFailures(db, input.email)) {
        throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${WINDOW_MINUTES} minutes.`);
      }
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
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
      await clearFailures(db, input.email);
      const sessionId = await createSession(
        db,
        user.id,
        config.sessionIdleSeconds,
        request.headers['user-agent'],
      );
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      setSessionCookie(reply, sessionId, config);
      // A fresh CSRF token per session: one seen before sign-in is worth nothing after.
      issueCsrfCookie(reply, config.secureCookies, sessionId);
      const groups = (await groupsOf(db, [user.id])).get(user.id) ?? [];
      return currentUserView(user, groups);
    },
  );

  r.post(
    '/api/auth/logout/',
    { summary: 'Sign out', tags: ['accounts'], access: 'public' },
    async (request, reply) => {
      const sessionId = readSessionCookie(request, config);
      if (sessionId) await destroySession(db, sessionId);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/user/',
    { summary: 'The signed-in user', tags: ['accounts'], access: 'user' },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.id, request.user!.id));
      const groups = (await groupsOf(db, [user.id])).get(user.id) ?? [];
      return currentUserView(user, groups);
    },
  );

  r.post(
    '/api/user/password/',
    {
      ...auth,
      summary: 'Change my password (ends my other sessions)',
      access: 'user',
      body: changePasswordSchema,
    },
    async (request, reply) => {
      const input = request.body;
      const [user] = await db.select().from(users).where(eq(users.id, request.user!.id));
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw new HttpError(400, 'The current password is not correct.', {
          current_password: ['The current password is not correct.'],
        });
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await destroyOtherSessions(tx, user.id, request.sessionId ?? undefined);
        // A changed password also ends what the old one handed out: every API token.
        await revokeAllApiTokens(tx, user.id);
        await recordActivity(tx, {
          actorId: user.id,
          verb: 'changed password',
          objectType: 'user',
          objectId: user.id,
        });
      });
      // After the commit: a read of the other sessions between destroyOtherSessions and it is dropped too.
      forgetCachedUser(user.id);
      return reply.status(204).send();
    },
  );
}
