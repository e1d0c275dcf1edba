// POST /api/auth/login/enrol/totp/ and …/confirm/: a sign-in that must enrol a second factor first gets an
// authenticator app secret, then signs in with its first code (and receives the recovery codes, once).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolledSignIn, TotpEnrolment } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const startEnrolAtSignIn = (pending_sign_in: string) =>
  coordinationApi.post<TotpEnrolment>('api/auth/login/enrol/totp/', { pending_sign_in }).then((r) => r.data);

export const useStartEnrolAtSignIn = () => useMutation({ mutationFn: startEnrolAtSignIn });

export const confirmEnrolAtSignIn = (body: { pending_sign_in: string; code: string }) =>
  coordinationApi.post<EnrolledSignIn>('api/auth/login/enrol/totp/confirm/', body).then((r) => r.data);

/** The user is set only when the page lets go of the recovery codes (see SecondStep.tsx). */
export const useConfirmEnrolAtSignIn = () => useMutation({ mutationFn: confirmEnrolAtSignIn });

export function useSetSignedInUser() {
  const client = useQueryClient();
  return (user: EnrolledSignIn['user']) => client.setQueryData(queryKeys.auth.currentUser(), user);
}
