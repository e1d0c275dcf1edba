// OpenAPI for base 1 at /api/docs/ (staff), generated from the route schemas.
import { apiDocsPlugin } from '@cvdp/server-kit';

export const coordinationDocs = {
  title: 'CVDP coordination service (base 1)',
  description: 'Reports, cases and everything in them. Lists are {count, next, previous, results}.',
};

export { apiDocsPlugin };
