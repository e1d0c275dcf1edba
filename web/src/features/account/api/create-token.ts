// POST /api/user/tokens/: a new API token; the answer is the only one that carries its key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenWithKey } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createToken = (name: string) =>
  coordinationApi.post<ApiTokenWithKey>('api/user/tokens/', { name }).then((r) => r.data);

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.tokens() }),
  });
}
