import type { RouteObject } from 'react-router';

/** The staff dashboard, mounted under /cvdp/ for coordinators and admins; chart.js loads with it only. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).DashboardPage }),
  },
];
