// POST /api/auth/login/passkey/options/ then …/passkey/: the second step with a passkey. The browser's part
// (navigator.credentials.get through SimpleWebAuthn) runs in between; its library loads only when used, so
// the sign-in page does not carry it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@cvdp/core';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function passkeySignIn(pending_sign_in: string) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await coordinationApi
    .post<PublicKeyCredentialRequestOptionsJSON>('api/auth/login/passkey/options/', { pending_sign_in })
    .then((r) => r.data);
  const response = await startAuthentication({ optionsJSON: options });
  return coordinationApi
    .post<CurrentUser>('api/auth/login/passkey/', { pending_sign_in, response })
    .then((r) => r.data);
}

export function usePasskeySignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: passkeySignIn,
    onSuccess: (user) => client.setQueryData(queryKeys.auth.currentUser(), user),
  });
}
