// The coordination service (base 1): one plugin per domain. Registered after the server kit.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { adminUserRoutes } from './admin/users-routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { cweRoutes } from './cwe/routes.ts';
import { caseRoutes } from './cases/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { artifactRoutes } from './artifacts/routes.ts';

export async function coordinationService(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(adminUserRoutes);
  await app.register(groupRoutes);
  await app.register(tokenRoutes);
  await app.register(cweRoutes);
  await app.register(caseRoutes);
  await app.register(reportRoutes);
  await app.register(artifactRoutes);
}
