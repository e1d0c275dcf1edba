// PATCH /api/case/{id}/user/: mutes (or unmutes) the case's notifications for the caller.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseUserRelation } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const setCaseMuted = (id: number, muted: boolean) =>
  coordinationApi.patch<CaseUserRelation>(`api/case/${id}/user/`, { muted }).then((r) => r.data);

/** The answer is the new relation: no second call. */
export function useSetCaseMuted(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => setCaseMuted(caseId, muted),
    onSuccess: (relation) => client.setQueryData(queryKeys.cases.relation(caseId), relation),
  });
}
