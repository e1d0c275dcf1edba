// POST /api/case/{id}/merge/: attaches this triage case's report to case `into` and closes this one as a
// duplicate (the reporter is told).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergeAnswer, MergeReport } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const mergeReport = (caseId: number, body: MergeReport) =>
  coordinationApi.post<MergeAnswer>(`api/case/${caseId}/merge/`, body).then((r) => r.data);

export function useMergeReport(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeReport) => mergeReport(caseId, body),
    // Not awaited: the refreshed case is closed and its duplicates panel leaves, so the caller's own
    // onSuccess (its confirmation toast) must run before the refetch ends, not after.
    onSuccess: (answer) => {
      void Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(answer.into) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.callerMetadata(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.desk.all() }),
      ]);
    },
  });
}
