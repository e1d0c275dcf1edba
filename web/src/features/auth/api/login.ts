// POST /api/auth/login/: signs in with email and password; the answer is the signed-in user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, loginSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the server takes (it applies loginSchema); the sign-in page sends the two fields as typed. */
export type LoginBody = z.input<typeof loginSchema>;

export const login = (body: LoginBody) =>
  coordinationApi.post<CurrentUser>('api/auth/login/', body).then((r) => r.data);

/** Every screen knows the user at once (no second call). */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => client.setQueryData(queryKeys.auth.currentUser(), user),
  });
}
