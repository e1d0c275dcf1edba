// POST /api/case/{id}/advisory/ (staff): a new revision of the advisory (the previous ones are kept).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvisoryRevision, AdvisoryRevisionInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const saveRevision = (caseId: number, input: AdvisoryRevisionInput) =>
  coordinationApi.post<AdvisoryRevision>(`api/case/${caseId}/advisory/`, input).then((r) => r.data);

/** Refreshes everything of the advisory (revisions, diffs, approvals) before the caller's onSuccess runs. */
export function useSaveRevision(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdvisoryRevisionInput) => saveRevision(caseId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) }),
  });
}
