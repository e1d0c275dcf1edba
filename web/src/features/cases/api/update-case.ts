// PATCH /api/cases/{id}/: a change to the case (status, resolution, title, dates, tags).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseDetail, CaseUpdate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateCase = (id: number, change: CaseUpdate) =>
  coordinationApi.patch<CaseDetail>(`api/cases/${id}/`, change).then((r) => r.data);

/**
 * The answer is the case; the caller's permissions (they follow the status) and the activity are read again.
 * The refresh is not awaited, so a dialog closes (the call site's onSuccess) as soon as the case shows the change.
 */
export function useUpdateCase(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CaseUpdate) => updateCase(caseId, change),
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.cases.detail(caseId), updated);
      void Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.callerMetadata(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
      ]);
    },
  });
}
