// A case: its report's working copy, its files, and for coordinators a way to read the original report.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { fetchCase } from './api.ts';
import { caseStatus } from './case-status.ts';
import { CaseFiles } from './components/CaseFiles.tsx';
import { OriginalReport } from './components/OriginalReport.tsx';
import { ReportAnswers } from './components/ReportAnswers.tsx';

export function CasePage() {
  // An address that names no case (/cases/abc/, an id past int4) is not asked about at all.
  const caseId = parseRouteId(useParams().id);
  return caseId === null ? <NotFoundPage /> : <CaseView caseId={caseId} />;
}

function CaseView({ caseId }: { caseId: number }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const query = useQuery({ queryKey: queryKeys.cases.detail(caseId), queryFn: () => fetchCase(caseId) });
  usePageTitle(`Case #${caseId}`);

  if (query.isPending) return <PageSpinner label="Loading the case…" />;
  // The server answers 404 both for a case that does not exist and for one the user may not open.
  if (isNotFound(query.error)) return <NotFoundPage />;
  if (query.error) return <ErrorAlert error={query.error} prefix="An error occurred: " />;
  const c = query.data;
  const status = caseStatus(c.status);

  return (
    <article>
      <header className="mb-3">
        <h1 className="h3">{c.title}</h1>
        <p className="text-body-secondary mb-2">
          Case #{c.id} · <ContrastBadge bg={status.variant}>{status.label}</ContrastBadge> · Created{' '}
          {formatDate(c.created)} · Updated {formatDate(c.updated)}
          {c.owner && ` · Owner ${c.owner.name}`}
        </p>
        <div className="d-flex gap-2">
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
      </header>

      <section aria-labelledby="case-report-title">
        <h2 id="case-report-title" className="h5">
          Report
        </h2>
        {c.report ? (
          <>
            <p className="text-body-secondary small">
              Submitted {formatDate(c.report.created)}
              {c.report.submitted_by && ` by ${c.report.submitted_by.name}`}
              {c.report.edited && ` · edited ${formatDate(c.report.updated)}`}
            </p>
            <ReportAnswers report={c.report.report} label="Report" />
          </>
        ) : (
          <p className="text-body-secondary">This case has no report.</p>
        )}
      </section>

      {showOriginal && <OriginalReport caseId={c.id} />}
      <CaseFiles caseId={c.id} />
    </article>
  );
}
