// The OpenAPI description of a service, generated from its routes' zod schemas, served with Swagger UI at
// `<service>/api/docs/` (JSON at `api/docs/json`) for staff: other instances and machine clients read it.
// Registered by each service before its routes, inside the service's own context, so the platform process
// serves one document per service.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STAFF } from './routes.ts';

export interface ApiDocsOptions {
  title: string;
  description: string;
  /** Roles that may read the docs; staff by default. */
  roles?: typeof STAFF;
}

export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions) {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, description: options.description, version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'cvdp_session' },
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <key>' },
        },
      },
      security: [{ session: [] }, { token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const allowed = app.requireRole(...(options.roles ?? STAFF));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      preHandler: (request, reply, done) => {
        allowed.call(app, request, reply).then(() => done(), done);
      },
    },
  });
}

/** The docs as a plugin that decorates the service's own context (so the service's routes are collected). */
export const apiDocsPlugin = fp(registerApiDocs, { name: 'cvdp-api-docs' });
