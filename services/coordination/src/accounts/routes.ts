// Registration, sign-in, sign-out, the current user and password changes.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_PENDING_MESSAGE, changePasswordSchema, loginSchema, registerSchema } from '@cvdp/core';
import {
  HttpError,
  SESSION_COOKIE,
  burnPasswordCheck,
  createSession,
  destroyOtherSessions,
  destroySession,
  hashPassword,
  issueCsrfCookie,
  parseBody,
  recordActivity,
  users,
  verifyPassword,
} from '@cvdp/server-kit';
import { clearFailures, recordFailure, tooManyFailures, WINDOW_MINUTES } from './login-throttle.ts';
import { currentUserView, groupsOf } from './user-view.ts';

export async function accountRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const authRateLimit = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post('/api/auth/register/', { config: authRateLimit }, async (request, reply) => {
    const input = parseBody(registerSchema, request.body);
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (existing) {
      throw new HttpError(400, 'An account with this email already exists.', {
        email: ['An account with this email already exists.'],
      });
    }
    const passwordHash = await hashPassword(input.password);
    const [user] = await db
      .insert(users)
      .values({ email: input.email, name: input.name, passwordHash, roles: ['reporter'], pending: true })
      .returning();
    await recordActivity(db, { actorId: user.id, verb: 'registered', objectType: 'user', objectId: user.id });
    return reply.status(201).send({
      id: user.id,
      email: user.email,
      name: user.name,
      pending: true,
      detail: ACCOUNT_PENDING_MESSAGE,
    });
  });

  app.post('/api/auth/login/', { config: authRateLimit }, async (request, reply) => {
    const input = parseBody(loginSchema, request.body);
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
    reply.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
    });
    // A fresh CSRF token per session: one seen before sign-in is worth nothing after.
    issueCsrfCookie(reply, config.secureCookies);
    const groups = (await groupsOf(db, [user.id])).get(user.id) ?? [];
    return currentUserView(user, groups);
  });

  app.post('/api/auth/logout/', async (request, reply) => {
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) await destroySession(db, sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.status(204).send();
  });

  app.get('/api/user/', { preHandler: app.requireUser }, async (request) => {
    const [user] = await db.select().from(users).where(eq(users.id, request.user!.id));
    const groups = (await groupsOf(db, [user.id])).get(user.id) ?? [];
    return currentUserView(user, groups);
  });

  app.post(
    '/api/user/password/',
    { preHandler: app.requireUser, config: authRateLimit },
    async (request, reply) => {
      const input = parseBody(changePasswordSchema, request.body);
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
        await recordActivity(tx, {
          actorId: user.id,
          verb: 'changed password',
          objectType: 'user',
          objectId: user.id,
        });
      });
      return reply.status(204).send();
    },
  );
}
