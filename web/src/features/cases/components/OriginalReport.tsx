// The report as first submitted, for coordinators (the server refuses everyone else).
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { fetchOriginalReport } from '../api.ts';
import { ReportAnswers } from './ReportAnswers.tsx';

export function OriginalReport({ caseId }: { caseId: number }) {
  const original = useQuery({
    queryKey: queryKeys.cases.originalReport(caseId),
    queryFn: () => fetchOriginalReport(caseId),
  });
  return (
    <section
      className="mt-4 border-start border-warning border-3 ps-3"
      aria-labelledby="original-report-title"
    >
      <h2 id="original-report-title" className="h5">
        Original report
      </h2>
      <ErrorAlert error={original.error} prefix="An error occurred: " />
      {original.isPending && <PageSpinner label="Loading the original report…" />}
      {original.data && (
        <>
          <p className="text-body-secondary small">
            Submitted {formatDate(original.data.created)}
            {original.data.submitted_by && ` by ${original.data.submitted_by.name}`}
            {original.data.edits.length > 0 &&
              `; edited ${original.data.edits.length} time${original.data.edits.length === 1 ? '' : 's'} since`}
            .
          </p>
          <ReportAnswers report={original.data.report} label="Original report" />
        </>
      )}
    </section>
  );
}
