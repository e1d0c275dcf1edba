// A case: its header (status, owners, dates, tags, the caller's actions) and its tabs — the report's working
// copy (with what changed since the original, for coordinators), participants, activity, files, and places
// for threads, vulnerabilities and the advisory that later issues fill. The tab is in the address.
import { Suspense, useEffect, useRef } from 'react';
import { NavLink, useParams } from 'react-router';
import type { CaseDetail, CasePermissions } from '@cvdp/core';
import { isNotFound } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useCaseCallerMetadata } from '../../lib/case-caller-metadata.ts';
import { useCase } from './api/index.ts';
import { CaseHeader } from './components/CaseHeader.tsx';
import { CASE_TABS, type CaseTab, tabComponent } from './case-tabs.ts';

export { CASE_TABS, type CaseTab };

const TAB_LABELS: Record<CaseTab, string> = {
  report: 'Report',
  participants: 'Participants',
  activity: 'Activity',
  threads: 'Threads',
  artifacts: 'Artifacts',
  vulnerabilities: 'Vulnerabilities',
  advisory: 'Advisory',
};

export const caseTabPath = (caseId: number, tab: CaseTab) =>
  tab === 'report' ? `/cvdp/cases/${caseId}` : `/cvdp/cases/${caseId}/${tab}`;

const isCaseTab = (value: string): value is CaseTab => (CASE_TABS as readonly string[]).includes(value);

export function CasePage() {
  const params = useParams();
  // An address that names no case (/cases/abc/, an id past int4) or no tab is not asked about at all.
  const caseId = parseRouteId(params.id);
  const tab = params.tab ?? 'report';
  return caseId === null || !isCaseTab(tab) ? <NotFoundPage /> : <CaseView caseId={caseId} tab={tab} />;
}

function TabContent({
  caseId,
  c,
  tab,
  permissions,
}: {
  caseId: number;
  c: CaseDetail | undefined;
  tab: CaseTab;
  permissions: CasePermissions | null;
}) {
  if (tab === 'report') {
    // The one tab that shows the case itself: it waits for it (the header shows the spinner meanwhile).
    const Report = tabComponent('report');
    return c ? <Report c={c} /> : null;
  }
  if (tab === 'participants') {
    const Participants = tabComponent('participants');
    return <Participants caseId={caseId} permissions={permissions} />;
  }
  const Tab = tabComponent(tab);
  return <Tab caseId={caseId} />;
}

/** The case's tabs; at 390 px the bar scrolls sideways and the open tab is brought into view. */
function CaseTabBar({ caseId, tabs, tab }: { caseId: number; tabs: CaseTab[]; tab: CaseTab }) {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('.active');
    if (active && bar.current) bar.current.scrollLeft = active.offsetLeft - bar.current.offsetLeft;
  }, [tab, tabs.length]);
  // Bootstrap's tab bar written out (react-bootstrap's Nav would bring a chunk with Popper and the people
  // picker into every case page).
  return (
    <nav
      ref={bar}
      className="nav nav-tabs mb-3 flex-nowrap overflow-x-auto overflow-y-hidden"
      aria-label="Case sections"
    >
      {tabs.map((t) => (
        <div className="nav-item" key={t}>
          <NavLink
            to={caseTabPath(caseId, t)}
            end
            // /cases/5/report is the Report tab too, though its link is /cases/5.
            className={({ isActive }) => `nav-link text-nowrap${isActive || t === tab ? ' active' : ''}`}
            aria-current={t === tab ? 'page' : undefined}
          >
            {TAB_LABELS[t]}
          </NavLink>
        </div>
      ))}
    </nav>
  );
}

function CaseView({ caseId, tab }: { caseId: number; tab: CaseTab }) {
  const query = useCase(caseId);
  const metadata = useCaseCallerMetadata(caseId);
  usePageTitle(tab === 'report' ? `Case #${caseId}` : `${TAB_LABELS[tab]} · Case #${caseId}`);

  // The server answers 404 both for a case that does not exist and for one the user may not open.
  if (isNotFound(query.error)) return <NotFoundPage />;
  if (query.error) return <ErrorAlert error={query.error} prefix="An error occurred: " />;
  const c = query.data;
  // Without the permissions (still loading, or refused) no action shows; the server checks them anyway.
  const permissions = metadata.data?.permissions ?? null;
  const tabs = CASE_TABS.filter((t) => t !== 'activity' || permissions?.view_activity);

  // The tabs and their content do not wait for the case: a tab's own calls (threads, posts, files…) start
  // beside the case's, and its chunk was already asked for by the route (routes.tsx).
  return (
    <article>
      {c ? <CaseHeader c={c} permissions={permissions} /> : <PageSpinner label="Loading the case…" />}
      <CaseTabBar caseId={caseId} tabs={tabs} tab={tab} />
      <Suspense fallback={<PageSpinner label={`Loading ${TAB_LABELS[tab]}…`} />}>
        <TabContent caseId={caseId} c={c} tab={tab} permissions={permissions} />
      </Suspense>
    </article>
  );
}
