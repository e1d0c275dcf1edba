// POST /api/auth/login/second-factor/: the second step of a pending sign-in (an app's code or a recovery
// code); the answer is the signed-in user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SecondStepInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const secondStep = (body: SecondStepInput) =>
  coordinationApi.post<CurrentUser>('api/auth/login/second-factor/', body).then((r) => r.data);

export function useSecondStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: secondStep,
    onSuccess: (user) => client.setQueryData(queryKeys.auth.currentUser(), user),
  });
}
