// The case page's tabs, each its own chunk: the page shell (header and tab bar) does not carry the other
// tabs' code, and the route asks for the open tab's chunk together with the page's (routes.tsx), so the two
// load side by side rather than one after the other.
import { lazy } from 'react';
import { loadAdvisoryTab } from '../advisories/index.ts';

export const CASE_TABS = [
  'report',
  'participants',
  'activity',
  'threads',
  'artifacts',
  'vulnerabilities',
  'advisory',
] as const;
export type CaseTab = (typeof CASE_TABS)[number];

const tabModules = {
  report: () => import('./components/ReportTab.tsx').then((m) => ({ default: m.ReportTab })),
  participants: () =>
    import('./components/ParticipantsTab.tsx').then((m) => ({ default: m.ParticipantsTab })),
  activity: () => import('./components/ActivityTab.tsx').then((m) => ({ default: m.ActivityTab })),
  threads: () => import('../threads/index.ts').then((m) => ({ default: m.ThreadsTab })),
  artifacts: () => import('../threads/index.ts').then((m) => ({ default: m.ArtifactsTab })),
  vulnerabilities: () => import('../vuls/index.ts').then((m) => ({ default: m.VulnerabilitiesTab })),
  // The advisories feature's index is in the first chunk already (the app's routes import it), so its
  // loader is imported as it is; the tab itself still loads only when it opens.
  advisory: () => loadAdvisoryTab().then((m) => ({ default: m.AdvisoryTab })),
};

export const TabComponents = {
  report: lazy(tabModules.report),
  participants: lazy(tabModules.participants),
  activity: lazy(tabModules.activity),
  threads: lazy(tabModules.threads),
  artifacts: lazy(tabModules.artifacts),
  vulnerabilities: lazy(tabModules.vulnerabilities),
  advisory: lazy(tabModules.advisory),
};

/** Starts loading a tab's chunk (the browser keeps it; React.lazy's own import then finds it loaded). */
export function preloadCaseTab(tab: string | undefined) {
  const load = tabModules[(tab ?? 'report') as keyof typeof tabModules];
  if (load) void load().catch(() => undefined);
}
