// The Report tab of a case: the report's working copy, the original beside it for coordinators, its files.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import type { CaseDetail } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { DuplicatesPanel } from './DuplicatesPanel.tsx';
import { HeldNotice } from './HeldNotice.tsx';
import { CaseFiles } from './CaseFiles.tsx';
import { OriginalReport } from './OriginalReport.tsx';
import { ReportAnswers } from './ReportAnswers.tsx';

export function ReportTab({ c }: { c: CaseDetail }) {
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
          // Body-coloured text: the warning yellow on white is too faint to read (axe: color-contrast).
          <Button
            variant="outline-warning"
            className="text-body"
            size="sm"
            onClick={() => setShowOriginal((v) => !v)}
          >
            {showOriginal ? 'Hide original report' : 'View original report'}
          </Button>
        )}
      </div>
      {c.held && <HeldNotice caseId={c.id} held={c.held} />}
      {c.report ? (
        <>
          <p className="text-body-secondary small">
            Submitted {formatDate(c.report.created)}
            {c.report.submitted_by && ` by ${c.report.submitted_by.name}`}
            {c.report.edited && ` · edited ${formatDate(c.report.updated)}`}
          </p>
          {/* Staff (who may read the original) see a report in triage's likely duplicates. */}
          {c.status === 0 && c.report.can_view_original && <DuplicatesPanel caseId={c.id} canMerge />}
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
