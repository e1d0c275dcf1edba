import type { RouteObject } from 'react-router';

/** Administration screens, mounted under /cvdp/ for administrators. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/users/pending',
    lazy: async () => ({ Component: (await import('./PendingUsersPage.tsx')).PendingUsersPage }),
  },
  {
    path: 'admin/webhooks',
    lazy: async () => ({ Component: (await import('./WebhooksPage.tsx')).WebhooksPage }),
  },
  {
    path: 'admin/webhooks/:id',
    lazy: async () => ({ Component: (await import('./WebhookLogPage.tsx')).WebhookLogPage }),
  },
  { path: 'admin/users', lazy: async () => ({ Component: (await import('./UsersPage.tsx')).UsersPage }) },
];
