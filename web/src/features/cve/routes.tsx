import type { RouteObject } from 'react-router';

/** The CVE accounts screens, mounted under /cvdp/ for scorers and administrators. */
export const cveRoutes: RouteObject[] = [
  {
    path: 'cve/accounts',
    lazy: async () => ({ Component: (await import('./CveAccountsPage.tsx')).CveAccountsPage }),
  },
  {
    path: 'cve/accounts/:id/reservations',
    lazy: async () => ({ Component: (await import('./CveReservationsPage.tsx')).CveReservationsPage }),
  },
];
