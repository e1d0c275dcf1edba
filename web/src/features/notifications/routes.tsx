import type { RouteObject } from 'react-router';

/** The notifications page, mounted under /cvdp/ for signed-in users. */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    lazy: async () => ({ Component: (await import('./NotificationsPage.tsx')).NotificationsPage }),
  },
];
