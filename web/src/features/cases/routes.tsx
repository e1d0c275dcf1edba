import type { RouteObject } from 'react-router';

/** Case screens, mounted under /cvdp/ for signed-in users. */
export const caseRoutes: RouteObject[] = [
  { path: 'cases/:id', lazy: async () => ({ Component: (await import('./CasePage.tsx')).CasePage }) },
];
