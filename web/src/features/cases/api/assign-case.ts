// POST /api/case/{id}/assign/: assigns a coordinator by id, or the next user of an auto-assignment role by
// its name (round robin on the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseAssignment } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshAssignments } from './refresh.ts';

export const assignCase = (id: number, to: { user: number } | { role: string }) =>
  coordinationApi.post<CaseAssignment>(`api/case/${id}/assign/`, to).then((r) => r.data);

export function useAssignCase(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (to: { user: number } | { role: string }) => assignCase(caseId, to),
    onSuccess: () => refreshAssignments(client, caseId),
  });
}
