import type { RouteObject } from 'react-router';

/** The signed-in user's own settings, mounted under /cvdp/. */
export const accountRoutes: RouteObject[] = [
  { path: 'account', lazy: async () => ({ Component: (await import('./AccountPage.tsx')).AccountPage }) },
];
