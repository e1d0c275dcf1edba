// /cvdp/report: a new report. After the submit the reporter lands on their reports, told which case it
// became; Cancel goes there too.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { emptyReportForm, reportToQuestions } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSubmitReport } from './api/index.ts';
import { ReportForm } from './components/ReportForm.tsx';
import { MY_REPORTS_PATH, type ReceivedState } from './paths.ts';
import { newSubmissionKey } from './submission-key.ts';

export function NewReportPage() {
  const navigate = useNavigate();
  const submit = useSubmitReport();
  const [defaultValues] = useState(emptyReportForm);
  const [submissionKey] = useState(newSubmissionKey);
  usePageTitle('New report');
  return (
    <ReportForm
      mode="new"
      defaultValues={defaultValues}
      onCancel={() => void navigate(MY_REPORTS_PATH)}
      onSubmit={async (values, poc) => {
        // Resolves once My reports has been refreshed.
        const created = await submit.mutateAsync({
          report: reportToQuestions(values, { pocFileName: poc?.name }),
          poc,
          submissionKey,
        });
        // My reports says which case it became ("Received as case #N").
        // A report held beyond a submit limit is stored all the same; the reporter is told it will be read.
        const state: ReceivedState = { receivedCase: created.case, heldNotice: created.notice };
        await navigate(MY_REPORTS_PATH, { state });
      }}
    />
  );
}
