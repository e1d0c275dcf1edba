// The case page's tabs, each its own chunk: the page shell (header and tab bar) does not carry the other
// tabs' code, and the route's loader asks for the open tab's chunk together with the page's (routes.tsx), so
// the two load side by side rather than one after the other.
import { lazy, type ComponentProps, type ComponentType } from 'react';
import { loadAdvisoryTab } from '../advisories/index.ts';
import { loadArtifactsTab, loadThreadsTab } from '../threads/index.ts';

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
  threads: () => loadThreadsTab().then((m) => ({ default: m.ThreadsTab })),
  artifacts: () => loadArtifactsTab().then((m) => ({ default: m.ArtifactsTab })),
  vulnerabilities: () => import('../vuls/index.ts').then((m) => ({ default: m.VulnerabilitiesTab })),
  // The threads' and advisories' tabs are named by their feature's index (a feature's public face), which
  // only says how to load them: the tabs themselves still load when they open.
  advisory: () => loadAdvisoryTab().then((m) => ({ default: m.AdvisoryTab })),
};
type Loaded<T extends CaseTab> = Awaited<ReturnType<(typeof tabModules)[T]>>['default'];
type TabComponentsOf = { [T in CaseTab]: ComponentType<ComponentProps<Loaded<T>>> };

/**
 * The tabs whose chunk has arrived, rendered as they are. React.lazy suspends on its first render even when
 * the chunk is already loaded (its import resolves a moment later), and React then holds back revealing the
 * boundary's content for up to 300 ms after its fallback showed (FALLBACK_THROTTLE_MS): the thread view's
 * calls started that much later (bench/thread-view.bench.ts). The route's loader waits for the open tab's
 * chunk, so the tab renders with the page, without a fallback.
 */
const loadedTabs: Partial<TabComponentsOf> = {};

const loadTab = <T extends CaseTab>(tab: T) =>
  (tabModules[tab]() as Promise<{ default: Loaded<T> }>).then((m) => {
    // (Each key holds its own tab's component; TypeScript cannot follow T through the record.)
    (loadedTabs as Record<T, Loaded<T>>)[tab] = m.default;
    return m;
  });

/** Each tab as a lazy component: used when the route's loader did not run (tests) or its load failed. */
const lazyTabs: TabComponentsOf = {
  report: lazy(() => loadTab('report')),
  participants: lazy(() => loadTab('participants')),
  activity: lazy(() => loadTab('activity')),
  threads: lazy(() => loadTab('threads')),
  artifacts: lazy(() => loadTab('artifacts')),
  vulnerabilities: lazy(() => loadTab('vulnerabilities')),
  advisory: lazy(() => loadTab('advisory')),
};

/** What tabComponent answered first for each tab, answered ever after: were a tab rendered lazily and then as
 * itself, React would see another component type and mount the tab afresh (its state and effects again). */
const chosenTabs: Partial<TabComponentsOf> = {};

/** The tab's component: itself when its chunk is loaded, else a lazy one (rendered inside a Suspense). */
export function tabComponent<T extends CaseTab>(tab: T): TabComponentsOf[T] {
  const chosen = chosenTabs[tab] ?? loadedTabs[tab] ?? lazyTabs[tab];
  (chosenTabs as Record<T, TabComponentsOf[T]>)[tab] = chosen;
  return chosen;
}

const isTab = (tab: string): tab is CaseTab => tab in tabModules;

/**
 * Loads a tab's chunk (the report when no tab is named); resolves once it is loaded, or failed (the lazy
 * component then tries again and its failure shows as the route's error).
 */
export function preloadCaseTab(tab: string | undefined): Promise<void> {
  const name = tab ?? 'report';
  if (!isTab(name)) return Promise.resolve();
  return loadTab(name).then(
    () => undefined,
    () => undefined,
  );
}
