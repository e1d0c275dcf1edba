// POST /api/auth/login/: signs in with email and password; the answer is the signed-in user, or (202) a
// pending sign-in when a second step is due (a second factor, or enrolling one the account must have).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, LoginChallenge, loginSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the server takes (it applies loginSchema); the sign-in page sends the two fields as typed. */
export type LoginBody = z.input<typeof loginSchema>;

export const isLoginChallenge = (answer: CurrentUser | LoginChallenge): answer is LoginChallenge =>
  'pending_sign_in' in answer;

export const login = (body: LoginBody) =>
  coordinationApi.post<CurrentUser | LoginChallenge>('api/auth/login/', body).then((r) => r.data);

/** Every screen knows the user at once (no second call); a challenge leaves the user unknown. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isLoginChallenge(answer)) client.setQueryData(queryKeys.auth.currentUser(), answer);
    },
  });
}
