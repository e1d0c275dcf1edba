// PATCH manage/groups/requests/{id}/: approves or rejects a request to join a group.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupJoinRequestDecision } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const decideGroupRequest = (id: number, status: GroupJoinRequestDecision['status']) =>
  coordinationApi
    .patch<GroupJoinRequestDecision>(`manage/groups/requests/${id}/`, { status })
    .then((r) => r.data);

export function useDecideGroupRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: GroupJoinRequestDecision['status'] }) =>
      decideGroupRequest(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.groupRequests() }),
  });
}
