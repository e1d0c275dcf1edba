// POST /api/user/second-factors/{id}/remove/: removes one of my factors (my password or a code as proof).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FactorProofInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const removeSecondFactor = ({ id, ...proof }: FactorProofInput & { id: number }) =>
  coordinationApi.post(`api/user/second-factors/${id}/remove/`, proof);

export function useRemoveSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeSecondFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.secondFactors() }),
  });
}
