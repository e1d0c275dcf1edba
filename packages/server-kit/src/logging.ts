// Structured logs (pino). Credentials never reach the log: cookies, tokens and passwords are redacted.
import type { FastifyServerOptions } from 'fastify';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.current_password',
      ],
      censor: '[redacted]',
    },
  };
}
