// The one error shape of the API: { detail, errors? } with the right status. User mistakes never become 500s.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  detail: string;
  errors?: FieldErrors;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, what);
export const forbidden = (why = 'You do not have permission to perform this action.') =>
  new HttpError(403, why);

/** Turns a zod error into field messages: the path joined with dots names the field. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * PostgreSQL refuses some text outright (a NUL character, invalid UTF-8): that is bad input, not a fault
 * of ours. Drizzle wraps the driver's error, so the code may sit on the cause.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
function isUnstorableText(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if (UNSTORABLE_TEXT_CODES.has((e as { code?: string }).code ?? '')) return true;
  }
  return false;
}

/** What a route's zod schemas refused, as field messages ('/groups/0' → 'groups.0'). */
function schemaFieldErrors(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of validation) {
    const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    (errors[key] ??= []).push(v.message ?? 'Invalid value.');
  }
  return errors;
}

const VALIDATION_DETAIL: Record<string, string> = {
  body: 'Invalid input.',
  querystring: 'Invalid query parameters.',
  headers: 'Invalid headers.',
};

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | HttpError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as FastifyError).validationContext ?? 'body';
        // A path that names no possible object (a bad id) is simply not found, like a missing one.
        if (context === 'params') return send(reply, 404, { detail: 'Not found.' });
        return send(reply, 400, {
          detail: VALIDATION_DETAIL[context] ?? 'Invalid input.',
          errors: schemaFieldErrors(error.validation),
        });
      }
      if (error instanceof HttpError) {
        return send(reply, error.statusCode, {
          detail: error.detail,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (error instanceof ZodError) {
        return send(reply, 400, { detail: 'Invalid input.', errors: zodFieldErrors(error) });
      }
      if (isUnstorableText(error)) {
        return send(reply, 400, {
          detail: 'The text contains characters that cannot be stored (such as NUL).',
        });
      }
      const status = error.statusCode ?? 500;
      if (error.validation) {
        return send(reply, 400, { detail: error.message });
      }
      if (
        status === 413 ||
        error.code === 'FST_REQ_FILE_TOO_LARGE' ||
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ) {
        return send(reply, 413, { detail: 'The upload is too large.' });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, …) keep their status and message.
        return send(reply, status, { detail: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, { detail: 'Internal server error.' });
    },
  );
}
