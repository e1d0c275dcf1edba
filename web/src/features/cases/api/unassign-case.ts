// POST /api/case/{id}/unassign/: ends the assignments of these users.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshAssignments } from './refresh.ts';

export const unassignCase = (id: number, users: number[], reason = '') =>
  coordinationApi.post<unknown>(`api/case/${id}/unassign/`, { users, reason }).then((r) => r.data);

/** One user at a time (the dialog's Unassign button). */
export function useUnassignCase(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: number) => unassignCase(caseId, [user]),
    onSuccess: () => refreshAssignments(client, caseId),
  });
}
