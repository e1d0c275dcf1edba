import type { RouteObject } from 'react-router';

const CasePage = async () => ({ Component: (await import('./CasePage.tsx')).CasePage });

/** Case screens, mounted under /cvdp/ for signed-in users; each tab of a case has its address. */
export const caseRoutes: RouteObject[] = [
  { path: 'cases/:id', lazy: CasePage },
  { path: 'cases/:id/:tab', lazy: CasePage },
];
