// A case: its header (status, owners, dates, tags, the caller's actions) and its tabs — the report's working
// copy (with what changed since the original, for coordinators), participants, activity, files, and places
// for threads, vulnerabilities and the advisory that later issues fill. The tab is in the address.
import { Suspense, lazy, useState } from 'react';
import { Button, Nav } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, useParams } from 'react-router';
import type { CaseDetail, CasePermissions } from '@cvdp/core';
import { isNotFound } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { fetchCase, fetchCaseCallerMetadata } from './api.ts';
import { ActivityTab } from './components/ActivityTab.tsx';
import { CaseFiles } from './components/CaseFiles.tsx';
import { CaseHeader } from './components/CaseHeader.tsx';
import { OriginalReport } from './components/OriginalReport.tsx';
import { ParticipantsTab } from './components/ParticipantsTab.tsx';
import { ReportAnswers } from './components/ReportAnswers.tsx';
import { ArtifactsTab, ThreadsTab } from '../threads/index.ts';

// The Vulnerabilities tab (its CVSS badges, forms and grid) loads when it is opened, not with every case page.
const VulnerabilitiesTab = lazy(() =>
  import('../vuls/index.ts').then((m) => ({ default: m.VulnerabilitiesTab })),
);

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

const TAB_LABELS: Record<CaseTab, string> = {
  report: 'Report',
  participants: 'Participants',
  activity: 'Activity',
  threads: 'Threads',
  artifacts: 'Artifacts',
  vulnerabilities: 'Vulnerabilities',
  advisory: 'Advisory',
};

/** What the tabs later issues fill say until then. */
export const EMPTY_TAB_TEXT: Record<'advisory', string> = {
  advisory: 'The advisory for this case, its revisions and publication will appear here. There is none yet.',
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

function ReportTab({ c }: { c: CaseDetail }) {
  const [showOriginal, setShowOriginal] = useState(false);
  return (
    <section aria-labelledby="case-report-title">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id="case-report-title" className="h5 mb-0 me-auto">
          Report
        </h2>
        {c.report?.can_edit && (
          <Link className="btn btn-outline-primary btn-sm" to={`/cvdp/cases/${c.id}/report/edit/`}>
            Edit report
          </Link>
        )}
        {c.report?.can_view_original && (
          <Button variant="outline-warning" size="sm" onClick={() => setShowOriginal((v) => !v)}>
            {showOriginal ? 'Hide original report' : 'View original report'}
          </Button>
        )}
      </div>
      {c.report ? (
        <>
          <p className="text-body-secondary small">
            Submitted {formatDate(c.report.created)}
            {c.report.submitted_by && ` by ${c.report.submitted_by.name}`}
            {c.report.edited && ` · edited ${formatDate(c.report.updated)}`}
          </p>
          {showOriginal && <OriginalReport caseId={c.id} edited={c.report.report} />}
          <div className={showOriginal ? 'mt-4' : undefined}>
            <ReportAnswers report={c.report.report} label="Report" />
          </div>
        </>
      ) : (
        <p className="text-body-secondary">This case has no report.</p>
      )}
      <CaseFiles caseId={c.id} />
    </section>
  );
}

function EmptyTab({ tab }: { tab: keyof typeof EMPTY_TAB_TEXT }) {
  return (
    <section aria-labelledby={`case-${tab}-title`}>
      <h2 id={`case-${tab}-title`} className="h5">
        {TAB_LABELS[tab]}
      </h2>
      <p className="text-body-secondary">{EMPTY_TAB_TEXT[tab]}</p>
    </section>
  );
}

function TabContent({
  c,
  tab,
  permissions,
}: {
  c: CaseDetail;
  tab: CaseTab;
  permissions: CasePermissions | null;
}) {
  switch (tab) {
    case 'report':
      return <ReportTab c={c} />;
    case 'participants':
      return <ParticipantsTab caseId={c.id} permissions={permissions} />;
    case 'activity':
      return <ActivityTab caseId={c.id} />;
    case 'threads':
      return <ThreadsTab caseId={c.id} />;
    case 'artifacts':
      return <ArtifactsTab caseId={c.id} />;
    case 'vulnerabilities':
      return (
        <Suspense fallback={<PageSpinner label="Loading the vulnerabilities…" />}>
          <VulnerabilitiesTab caseId={c.id} />
        </Suspense>
      );
    default:
      return <EmptyTab tab={tab} />;
  }
}

function CaseView({ caseId, tab }: { caseId: number; tab: CaseTab }) {
  const query = useQuery({ queryKey: queryKeys.cases.detail(caseId), queryFn: () => fetchCase(caseId) });
  const metadata = useQuery({
    queryKey: queryKeys.cases.callerMetadata(caseId),
    queryFn: () => fetchCaseCallerMetadata(caseId),
  });
  usePageTitle(tab === 'report' ? `Case #${caseId}` : `${TAB_LABELS[tab]} · Case #${caseId}`);

  if (query.isPending) return <PageSpinner label="Loading the case…" />;
  // The server answers 404 both for a case that does not exist and for one the user may not open.
  if (isNotFound(query.error)) return <NotFoundPage />;
  if (query.error) return <ErrorAlert error={query.error} prefix="An error occurred: " />;
  const c = query.data;
  // Without the permissions (still loading, or refused) no action shows; the server checks them anyway.
  const permissions = metadata.data?.permissions ?? null;
  const tabs = CASE_TABS.filter((t) => t !== 'activity' || permissions?.view_activity);

  return (
    <article>
      <CaseHeader c={c} permissions={permissions} />
      <Nav
        variant="tabs"
        className="mb-3 flex-nowrap overflow-x-auto overflow-y-hidden"
        aria-label="Case sections"
      >
        {tabs.map((t) => (
          <Nav.Item key={t}>
            <Nav.Link as={NavLink} to={caseTabPath(c.id, t)} end active={t === tab} className="text-nowrap">
              {TAB_LABELS[t]}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <TabContent c={c} tab={tab} permissions={permissions} />
    </article>
  );
}
