// POST /api/user/second-factors/totp/{id}/confirm/: the app's first code; the first factor's recovery codes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpConfirmInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const confirmTotp = ({ id, ...body }: TotpConfirmInput & { id: number }) =>
  coordinationApi
    .post<RecoveryCodes>(`api/user/second-factors/totp/${id}/confirm/`, body)
    .then((r) => r.data);

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.secondFactors() }),
  });
}
