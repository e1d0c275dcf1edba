// The end of every sign-in: a session, its cookie, a fresh CSRF token, the last-login time and the current
// user's answer. The password route ends with it, and so does a second step (second-factors/).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser, LoginChallenge } from '@cvdp/core';
import { createSession, issueCsrfCookie, setSessionCookie } from '@cvdp/server-kit';
import { groupsOfUser, recordSignIn, type UserRow } from './store.ts';
import { currentUserView } from './user-view.ts';

export type { UserRow } from './store.ts';

/**
 * Asked after the password was accepted: a challenge (answered 202) when the account must pass a second
 * step first, else null. Given by app.ts (second factors are a higher domain than accounts).
 */
export type SecondStepCheck = (user: UserRow, request: FastifyRequest) => Promise<LoginChallenge | null>;

export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<CurrentUser> {
  const { db, config } = app;
  const sessionId = await createSession(
    db,
    user.id,
    config.sessionIdleSeconds,
    request.headers['user-agent'],
  );
  await recordSignIn(db, user.id);
  setSessionCookie(reply, sessionId, config);
  // A fresh CSRF token per session: one seen before sign-in is worth nothing after.
  issueCsrfCookie(reply, config.secureCookies, sessionId);
  return currentUserView(user, await groupsOfUser(db, user.id));
}
