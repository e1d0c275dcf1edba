// One way to declare a route: method, path, who may call it, and zod schemas for params, query and body.
// Fastify validates with the schemas before the handler runs (a bad id in the path is a 404, bad query or
// body a 400 naming the field — see errors.ts), the handler gets typed input, and the OpenAPI description
// at /api/docs/ is generated from the same schemas.
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodType, z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorResponse, type ResponseSchemas } from './responses.ts';
import type { Role } from '../auth/auth-user.ts';
import { foldBracketKeys } from './form-arrays.ts';

/** Who may call a route at all: anyone, anyone signed in, or holders of one of the roles. */
export type RouteAccess = 'public' | 'user' | readonly Role[];

/** Coordinators and admins: "staff" in DESIGN §6. */
export const STAFF: readonly Role[] = ['coordinator', 'admin'];

export interface RouteSpec<
  P extends ZodType | undefined,
  Q extends ZodType | undefined,
  B extends ZodType | undefined,
> {
  /** One line for the OpenAPI description; reads like SPEC §7's call table. */
  summary: string;
  access: RouteAccess;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * What the route answers, by status (http/responses.ts): every route declares its success answer(s). The
   * schema documents the answer in the OpenAPI description and is what serialization writes: a key the
   * schema does not name is dropped, so a column added to a row cannot leak into an answer. A 4xx answer is
   * the API's one error shape, added by the kit.
   */
  response: ResponseSchemas;
  /** The body is multipart/form-data, read by the handler (files stream to storage). */
  multipart?: boolean;
  /** Per-route rate limit (requests per minute from one address). */
  rateLimitPerMinute?: number;
  /** Checks that run after access and validation. */
  preHandler?: preHandlerAsyncHookHandler[];
  /**
   * Checks of the caller's right that need more than `access` (the case scope: may they see this case, and
   * take this action in it). They run right after `access`, before the body is read or validated, so a
   * caller without the right gets 403/404 whatever they sent. Only the raw path params are known here.
   */
  beforeBody?: onRequestAsyncHookHandler[];
  /** Facts about the route for the route-wide tests that walk the route table (fastify's route config). */
  config?: Partial<FastifyContextConfig>;
  /**
   * The route authenticates its caller itself (another instance's connection token, checked in its
   * preHandler): the kit resolves no session or API token for it and checks no CSRF (no cookie is read).
   * Its `access` must be 'public'.
   */
  ownAuth?: boolean;
  /** A larger (or smaller) JSON body limit than the server's, in bytes. */
  bodyLimit?: number;
  tags?: string[];
}

type Out<S> = S extends ZodType ? z.output<S> : unknown;

export type RouteRequest<P, Q, B> = FastifyRequest<{ Params: Out<P>; Querystring: Out<Q>; Body: Out<B> }>;
export type RouteHandler<P, Q, B> = (request: RouteRequest<P, Q, B>, reply: FastifyReply) => Promise<unknown>;

/**
 * Who may call the route, checked in the route's onRequest hook: after the kit has resolved the caller and
 * checked CSRF, before the body is read, parsed or validated. A caller without the right gets 401/403
 * whatever they sent — never a 400 that tells them about the body of a call they may not make.
 */
function accessCheck(app: FastifyInstance, access: RouteAccess): onRequestAsyncHookHandler[] {
  if (access === 'public') return [];
  const check = access === 'user' ? app.requireUser : app.requireRole(...access);
  return [check];
}

/** Installs the zod validator and serializer; called once by the server kit. */
export function installRouteSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See RouteSpec.ownAuth. */
    ownAuth?: boolean;
    /** Who may call the route (RouteSpec.access), for the route-wide tests that walk the route table. */
    access?: RouteAccess;
  }
}

export function defineRoute<
  P extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  spec: RouteSpec<P, Q, B>,
  handler: RouteHandler<P, Q, B>,
) {
  if (spec.ownAuth && spec.access !== 'public')
    throw new Error(`${url}: a route with ownAuth has access 'public'`);
  app.route({
    method,
    url,
    schema: {
      summary: spec.summary,
      ...(spec.tags ? { tags: spec.tags } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(spec.response ? { response: { ...spec.response, '4xx': errorResponse } } : {}),
    },
    config: {
      ...(spec.rateLimitPerMinute
        ? { rateLimit: { max: spec.rateLimitPerMinute, timeWindow: '1 minute' } }
        : {}),
      ...(spec.ownAuth ? { ownAuth: true } : {}),
      ...spec.config,
      access: spec.access,
    },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    // A call that takes a body may be sent with none (an empty PATCH): the schema then sees {}. Forms'
    // `names[]` lists are folded into `names`, so a form and JSON mean the same.
    ...(spec.body
      ? {
          preValidation: async (request: FastifyRequest) => {
            request.body = request.body === undefined ? {} : foldBracketKeys(request.body);
          },
        }
      : {}),
    onRequest: [...accessCheck(app, spec.access), ...(spec.beforeBody ?? [])],
    preHandler: spec.preHandler ?? [],
    handler: handler as unknown as RouteHandlerMethod,
  });
}

type Shorthand = <
  P extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
>(
  url: string,
  spec: RouteSpec<P, Q, B>,
  handler: RouteHandler<P, Q, B>,
) => void;

export interface Routes {
  get: Shorthand;
  post: Shorthand;
  put: Shorthand;
  patch: Shorthand;
  delete: Shorthand;
}

/** `const r = routes(app); r.get('/api/…/', { summary, access, query }, handler)`. */
export function routes(app: FastifyInstance): Routes {
  const at =
    (method: HTTPMethods): Shorthand =>
    (url, spec, handler) =>
      defineRoute(app, method, url, spec, handler);
  return { get: at('GET'), post: at('POST'), put: at('PUT'), patch: at('PATCH'), delete: at('DELETE') };
}
