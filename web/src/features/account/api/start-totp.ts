// POST /api/user/second-factors/totp/: a new authenticator app secret (URI and QR code), unconfirmed.
import { useMutation } from '@tanstack/react-query';
import type { TotpEnrolment } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export const startTotp = () =>
  coordinationApi.post<TotpEnrolment>('api/user/second-factors/totp/', {}).then((r) => r.data);

export const useStartTotp = () => useMutation({ mutationFn: startTotp });
