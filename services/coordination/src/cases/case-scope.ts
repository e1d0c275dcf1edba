// The case scope: every route under a case (`/api/case/{id}/…`, `/api/cases/{id}/`) is declared through
// it. It parses the id (int4-bounded; anything else is a 404), requires a signed-in caller, loads the case
// and the caller's access to it once (staff flag, roles held directly or through groups) and answers 404 —
// exactly as for a missing case — when the caller may not see it; a route that declares the action it
// takes (`allow`) answers 403 to a caller the policy refuses it. Both happen before the body is read or
// validated: a caller without the right learns nothing from the body they sent. The handler receives that
// access.
//
// Routes about one object inside a case (an artifact by uuid, later a thread or a post) load the object,
// then its case's access with `caseAccessOr404`, and check their action with the policy's `can`.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodObject, ZodType, z } from 'zod';
import { idParam } from '@cvdp/core';
import { type AuthUser, type Db, defineRoute, forbidden, notFound, type RouteSpec } from '@cvdp/server-kit';
import { z as zod } from 'zod';
import { type CaseAccess, can, loadCaseAccess, type PolicyAction } from '../policy/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the case scope for case-bound routes. */
    caseAccess: CaseAccess | null;
  }
  interface FastifyContextConfig {
    /** The policy action a case-bound route takes (CaseSpec.allow), for the route-wide tests. */
    caseAction?: PolicyAction;
  }
}

/** `{ id }` of the case in the path. */
export const caseParams = zod.object({ id: idParam });

/** The caller's access to the case, or 404 when the case does not exist or they may not see it. */
export async function caseAccessOr404(db: Db, user: AuthUser, caseId: number): Promise<CaseAccess> {
  const access = await loadCaseAccess(db, user, caseId);
  if (!access || !can('case.read', access)) throw notFound();
  return access;
}

type CaseSpec<
  Q extends ZodType | undefined,
  B extends ZodType | undefined,
  P extends ZodObject | undefined,
> = Omit<RouteSpec<ZodType, Q, B>, 'access' | 'params'> & {
  /** More path params beside the case id. */
  params?: P;
  /**
   * The action the route takes in the case, checked with the policy table before the body is read: a
   * caller who may see the case but not take it gets 403 with `message`. Checks that need a row inside
   * the case (a post's author, a thread's restriction) stay in the handler.
   */
  allow?: { action: PolicyAction; message?: string };
};

type Out<S> = S extends ZodType ? z.output<S> : unknown;

type CaseRequest<P, Q, B> = FastifyRequest<{
  Params: { id: number } & (P extends ZodType ? z.output<P> : unknown);
  Querystring: Out<Q>;
  Body: Out<B>;
}>;

type CaseHandler<P, Q, B> = (
  request: CaseRequest<P, Q, B>,
  reply: FastifyReply,
  access: CaseAccess,
) => Promise<unknown>;

type CaseShorthand = <
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
  P extends ZodObject | undefined = undefined,
>(
  url: string,
  spec: CaseSpec<Q, B, P>,
  handler: CaseHandler<P, Q, B>,
) => void;

export interface CaseRoutes {
  get: CaseShorthand;
  post: CaseShorthand;
  put: CaseShorthand;
  patch: CaseShorthand;
  delete: CaseShorthand;
}

export function caseScope(app: FastifyInstance): CaseRoutes {
  if (!app.hasRequestDecorator('caseAccess')) app.decorateRequest('caseAccess', null);
  const at =
    (method: HTTPMethods): CaseShorthand =>
    (url, spec, handler) => {
      if (!url.includes('/:id/')) throw new Error(`case-bound route ${url} has no :id`);
      const params = spec.params ? caseParams.extend(spec.params.shape) : caseParams;
      defineRoute(
        app,
        method,
        url,
        {
          ...spec,
          params,
          access: 'user',
          beforeBody: [
            async (request) => {
              const id = caseParams.shape.id.safeParse((request.params as { id?: unknown }).id);
              if (!id.success) throw notFound();
              const access = await caseAccessOr404(app.db, request.user!, id.data);
              if (spec.allow && !can(spec.allow.action, access)) throw forbidden(spec.allow.message);
              request.caseAccess = access;
            },
          ],
          ...(spec.allow ? { config: { caseAction: spec.allow.action } } : {}),
        },
        (request, reply) => handler(request as never, reply, request.caseAccess!),
      );
    };
  return { get: at('GET'), post: at('POST'), put: at('PUT'), patch: at('PATCH'), delete: at('DELETE') };
}
