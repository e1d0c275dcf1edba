import type { RouteObject } from 'react-router';

/** Administration screens of the advisories, mounted under /cvdp/ for administrators. */
export const advisoryAdminRoutes: RouteObject[] = [
  {
    path: 'admin/csaf/profiles',
    lazy: async () => ({ Component: (await import('./CsafProfilesPage.tsx')).CsafProfilesPage }),
  },
];
