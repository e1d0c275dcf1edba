import type { RouteObject } from 'react-router';
import { preloadCaseTab } from './case-tabs.ts';

const CasePage = async () => ({ Component: (await import('./CasePage.tsx')).CasePage });

// Runs beside the page's lazy import: the open tab's chunk is fetched at the same time as the page's.
const loadTab = ({ params }: { params: { tab?: string } }) => {
  preloadCaseTab(params.tab);
  return null;
};

/** Case screens, mounted under /cvdp/ for signed-in users; each tab of a case has its address. */
export const caseRoutes: RouteObject[] = [
  { path: 'cases/:id', lazy: CasePage, loader: loadTab },
  { path: 'cases/:id/:tab', lazy: CasePage, loader: loadTab },
];
