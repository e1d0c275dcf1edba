// GET and PUT /manage/second-factors/: whether staff roles must have a second factor, after a grace period.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorPolicy, SecondFactorPolicyInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchSecondFactorPolicy = () =>
  coordinationApi.get<SecondFactorPolicy>('manage/second-factors/').then((r) => r.data);
export const secondFactorPolicyQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.secondFactorPolicy(), queryFn: fetchSecondFactorPolicy });
export const useSecondFactorPolicy = () => useQuery(secondFactorPolicyQuery());

export const saveSecondFactorPolicy = (body: SecondFactorPolicyInput) =>
  coordinationApi.put<SecondFactorPolicy>('manage/second-factors/', body).then((r) => r.data);

export function useSaveSecondFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSecondFactorPolicy,
    onSuccess: (policy) => client.setQueryData(queryKeys.admin.secondFactorPolicy(), policy),
  });
}
