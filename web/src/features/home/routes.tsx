import type { RouteObject } from 'react-router';

/** The start page of a signed-in user, mounted at /cvdp/. */
export const homeRoutes: RouteObject[] = [
  { path: '', lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }) },
];
