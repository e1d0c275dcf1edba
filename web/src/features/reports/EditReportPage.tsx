// /cvdp/cases/{id}/report/edit/: the case's report behind a spinner, then the prefilled form. After the
// edit (or Cancel) the user goes back to the case.
import { useNavigate, useParams } from 'react-router';
import { questionsToReportForm, reportPocFileName, reportToQuestions } from '@cvdp/core';
import { isNotFound } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useEditReport, useReportToEdit } from './api/index.ts';
import { ReportForm } from './components/ReportForm.tsx';
import { ReportIntro } from './components/ReportIntro.tsx';
import { casePath } from './paths.ts';

export function EditReportPage() {
  // An address that names no case is not asked about at all.
  const caseId = parseRouteId(useParams().id);
  return caseId === null ? <NotFoundPage /> : <EditReport caseId={caseId} />;
}

function EditReport({ caseId }: { caseId: number }) {
  const navigate = useNavigate();
  // Loaded fresh for each opening and never refetched while the form is open (api/report-to-edit.ts).
  const query = useReportToEdit(caseId);
  const edit = useEditReport();

  usePageTitle(`Edit report · Case #${caseId}`);

  if (query.isPending) return <PageSpinner label="Loading the report…" />;
  if (isNotFound(query.error)) return <NotFoundPage />;
  if (query.error || !query.data.report) {
    return (
      <>
        <ReportIntro mode="edit" />
        <ErrorAlert
          error={query.error ?? new Error('This case has no report.')}
          prefix="An error occurred: "
        />
      </>
    );
  }
  const current = query.data.report.report;
  const currentPoc = reportPocFileName(current);
  return (
    <ReportForm
      mode="edit"
      defaultValues={questionsToReportForm(current)}
      currentPocName={currentPoc}
      onCancel={() => void navigate(casePath(caseId))}
      onSubmit={async (values, poc) => {
        // Resolves once the case and My reports have been refreshed.
        await edit.mutateAsync({
          caseId,
          upload: { report: reportToQuestions(values, { pocFileName: poc?.name ?? currentPoc }), poc },
        });
        await navigate(casePath(caseId));
      }}
    />
  );
}
