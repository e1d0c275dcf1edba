// POST /api/user/second-factors/recovery-codes/: new recovery codes (the old stop working), shown once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FactorProofInput, RecoveryCodes } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const replaceRecoveryCodes = (proof: FactorProofInput) =>
  coordinationApi.post<RecoveryCodes>('api/user/second-factors/recovery-codes/', proof).then((r) => r.data);

export function useReplaceRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replaceRecoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.secondFactors() }),
  });
}
