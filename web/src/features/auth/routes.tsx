import type { RouteObject } from 'react-router';

/** Sign-in screens, mounted under /cvdp/ for anyone; each page is its own chunk, loaded when opened. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: async () => ({ Component: (await import('./LoginPage.tsx')).LoginPage }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./RegisterPage.tsx')).RegisterPage }) },
  {
    path: 'awaiting-approval',
    lazy: async () => ({ Component: (await import('./AwaitingApprovalPage.tsx')).AwaitingApprovalPage }),
  },
];
