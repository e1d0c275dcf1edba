// CSRF by double submit: a readable `csrftoken` cookie that every unsafe request repeats in X-CSRFToken.
// Token-authenticated requests carry no ambient credentials, so they are exempt.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { newSecret, safeEqual } from './secrets.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function issueCsrfCookie(reply: FastifyReply, secure: boolean, value = newSecret(24)) {
  reply.setCookie(CSRF_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
  return value;
}

export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (!request.cookies[CSRF_COOKIE]) issueCsrfCookie(reply, secure);
}

export function checkCsrf(request: FastifyRequest) {
  if (!UNSAFE.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw new HttpError(403, 'CSRF Failed: CSRF token missing or incorrect.');
  }
}
