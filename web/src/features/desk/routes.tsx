import type { RouteObject } from 'react-router';

/** Desk screens for any signed-in user, mounted under /cvdp/; each loads when opened. */
export const deskRoutes: RouteObject[] = [
  { path: 'my-cases', lazy: async () => ({ Component: (await import('./MyCasesPage.tsx')).MyCasesPage }) },
  { path: 'cases', lazy: async () => ({ Component: (await import('./AllCasesPage.tsx')).AllCasesPage }) },
  { path: 'search', lazy: async () => ({ Component: (await import('./SearchPage.tsx')).SearchPage }) },
];

/** Desk screens for staff (coordinators, admins). */
export const deskStaffRoutes: RouteObject[] = [
  { path: 'triage', lazy: async () => ({ Component: (await import('./TriagePage.tsx')).TriagePage }) },
];
