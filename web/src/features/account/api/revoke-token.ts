// DELETE /api/user/tokens/{id}/: revokes one of the signed-in user's tokens.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const revokeToken = (id: number) => coordinationApi.delete(`api/user/tokens/${id}/`);

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.tokens() }),
  });
}
