// The Fastify instance every service process starts from, so the three entry points (platform, each
// service alone) cannot drift apart on proxy trust, body limits or logging.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { loggerOptions } from '../logging.ts';

/** JSON bodies above this are refused with 413; files go through multipart with their own limit. */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

export function createServer(config: Config, options: { logger?: boolean } = {}): FastifyInstance {
  return Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    // Only behind a proxy that sets X-Forwarded-*: otherwise a client could claim any address.
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
  });
}
