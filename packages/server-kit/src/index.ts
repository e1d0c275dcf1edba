// @cvdp/server-kit: what both services share — config, database, sessions, CSRF, tokens, errors, paging.
export * from './config.ts';
export * from './db/database.ts';
export * from './db/rows.ts';
export * from './db/prepared-once.ts';
export * from './db/word-stats.ts';
export * from './db/large-counts.ts';
export * from './db/notifications-listener.ts';
export * from './db/woken-loop.ts';
export * from './db/schema/index.ts';
export * from './http/errors.ts';
export * from './http/validation.ts';
export * from './http/pagination.ts';
export * from './http/create-server.ts';
export * from './http/routes.ts';
export * from './http/responses.ts';
export * from './http/text-safety.ts';
export * from './http/unique-violation.ts';
export * from './http/api-docs.ts';
export * from './auth/auth-user.ts';
export * from './auth/passwords.ts';
export * from './auth/secrets.ts';
export * from './auth/secret-box.ts';
export * from './auth/sessions.ts';
export * from './auth/session-cache.ts';
export * from './auth/api-tokens.ts';
export * from './auth/csrf.ts';
export * from './activity.ts';
export * from './clock.ts';
export * from './coalesced.ts';
export * from './logging.ts';
export * from './storage/index.ts';
export * from './outbound/index.ts';
export {
  serverKitPlugin,
  NOT_SIGNED_IN,
  defaultStorage,
  type ServerKitOptions,
} from './server-kit-plugin.ts';
export * from './command.ts';
export * from './heap-flags.ts';
export * from './secret-key.ts';
