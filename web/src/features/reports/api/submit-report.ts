// POST api/report/ (SPEC §7): a new report; the reporter's list of reports then holds it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmittedReport } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { reportFormData, type ReportUpload } from '../report-form-data.ts';

export const submitReport = (upload: ReportUpload) =>
  coordinationApi.post<SubmittedReport>('api/report/', reportFormData(upload)).then((r) => r.data);

export function useSubmitReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitReport,
    // Returned, so mutateAsync resolves once My reports has been refreshed.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reports.mine.all() }),
  });
}
