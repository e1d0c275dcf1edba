// POST api/case/{id}/report/edit/ (SPEC §7): the edited report becomes the case's working copy.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditedReport } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { reportFormData, type ReportUpload } from '../report-form-data.ts';

export interface EditReportVars {
  caseId: number;
  upload: ReportUpload;
}

export const editReport = ({ caseId, upload }: EditReportVars) =>
  coordinationApi
    .post<EditedReport>(`api/case/${caseId}/report/edit/`, reportFormData(upload))
    .then((r) => r.data);

export function useEditReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editReport,
    // The case page shows the report and its files; My reports shows its title and dates.
    onSuccess: (_edited, { caseId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.artifacts(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.reports.mine.all() }),
      ]),
  });
}
