// PATCH /api/case/{id}/advisory/latest/ (staff): shares and/or publishes the latest revision (the date sent).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvisoryLatestPatch, AdvisoryRevision } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const patchLatest = (caseId: number, change: AdvisoryLatestPatch) =>
  coordinationApi.patch<AdvisoryRevision>(`api/case/${caseId}/advisory/latest/`, change).then((r) => r.data);

export function usePatchLatest(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdvisoryLatestPatch) => patchLatest(caseId, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) }),
  });
}
