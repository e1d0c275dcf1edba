// POST /api/case/{id}/approvals/ (staff): asks every vendor participant to approve the latest revision.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRequestResult } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const requestApprovals = (caseId: number) =>
  coordinationApi
    .post<ApprovalRequestResult>(`api/case/${caseId}/approvals/`, { all_vendors: true })
    .then((r) => r.data);

export function useRequestApprovals(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => requestApprovals(caseId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) }),
  });
}
