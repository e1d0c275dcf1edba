// POST /api/case/{id}/release/ (staff): a report held beyond a submit limit joins the triage queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseAnswer } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const releaseHeld = (caseId: number) =>
  coordinationApi.post<ReleaseAnswer>(`api/case/${caseId}/release/`).then((r) => r.data);

export function useReleaseHeld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseHeld,
    onSuccess: (answer) =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(answer.case) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(answer.case) }),
        client.invalidateQueries({ queryKey: queryKeys.desk.all() }),
      ]),
  });
}
