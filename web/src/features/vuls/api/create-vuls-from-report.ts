// POST /api/case/{id}/vuls/from-report/ (staff): one vulnerability per answer of the case's report (those
// already created are skipped); the answer says how many of each.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulsFromReport } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createVulsFromReport = (caseId: number) =>
  coordinationApi.post<VulsFromReport>(`api/case/${caseId}/vuls/from-report/`, {}).then((r) => r.data);

/** The case's vulnerability queries are read again before the answer is shown. */
export function useCreateVulsFromReport(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createVulsFromReport(caseId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(caseId) }),
  });
}
