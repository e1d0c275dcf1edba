// POST /api/user/second-factors/passkey/options/ then …/passkey/: registers a passkey. The browser's part
// (navigator.credentials.create through SimpleWebAuthn) runs in between; its library loads only when used.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@cvdp/core';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function registerPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const options = await coordinationApi
    .post<PublicKeyCredentialCreationOptionsJSON>('api/user/second-factors/passkey/options/', {})
    .then((r) => r.data);
  const response = await startRegistration({ optionsJSON: options });
  return coordinationApi
    .post<RecoveryCodes>('api/user/second-factors/passkey/', { response, name })
    .then((r) => r.data);
}

export function useRegisterPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.secondFactors() }),
  });
}
