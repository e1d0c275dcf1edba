import type { RouteObject } from 'react-router';
import { preloadCaseTab } from './case-tabs.ts';

const CasePage = async () => ({ Component: (await import('./CasePage.tsx')).CasePage });

// Runs beside the page's lazy import: the open tab's chunk is fetched at the same time as the page's, and the
// page renders once both are here, so the tab shows with it instead of through a Suspense fallback
// (case-tabs.ts says why that matters).
const loadTab = async ({ params }: { params: { tab?: string } }) => {
  await preloadCaseTab(params.tab);
  return null;
};

/** Case screens, mounted under /cvdp/ for signed-in users; each tab of a case has its address. */
export const caseRoutes: RouteObject[] = [
  { path: 'cases/:id', lazy: CasePage, loader: loadTab },
  { path: 'cases/:id/:tab', lazy: CasePage, loader: loadTab },
];
