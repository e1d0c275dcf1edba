import type { RouteObject } from 'react-router';

/** Report screens (SPEC §2), mounted under /cvdp/ for signed-in users; each loads when opened. */
export const reportRoutes: RouteObject[] = [
  { path: 'report', lazy: async () => ({ Component: (await import('./NewReportPage.tsx')).NewReportPage }) },
  { path: 'reports', lazy: async () => ({ Component: (await import('./MyReportsPage.tsx')).MyReportsPage }) },
  {
    path: 'cases/:id/report/edit',
    lazy: async () => ({ Component: (await import('./EditReportPage.tsx')).EditReportPage }),
  },
];
