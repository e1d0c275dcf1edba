import type { RouteObject } from 'react-router';

/** The audit log, mounted under /cvdp/ for administrators (its own chunk). */
export const auditRoutes: RouteObject[] = [
  {
    path: 'admin/audit',
    lazy: async () => ({ Component: (await import('./AuditLogPage.tsx')).AuditLogPage }),
  },
];
