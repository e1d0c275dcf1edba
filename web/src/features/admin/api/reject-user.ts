// DELETE manage/users/pending/{id}/: turns a registration down.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const rejectUser = (id: number) => coordinationApi.delete(`manage/users/pending/${id}/`);

export function useRejectUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectUser,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.pendingUsers.all() }),
  });
}
