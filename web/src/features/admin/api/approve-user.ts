// PATCH manage/users/pending/{id}/ {pending: false}: lets a registration in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const approveUser = (id: number) =>
  coordinationApi.patch(`manage/users/pending/${id}/`, { pending: false });

export function useApproveUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.pendingUsers.all() }),
  });
}
