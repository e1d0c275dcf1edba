// DELETE /api/vul/{id}/ (staff): the vulnerability goes, with its scores, SSVC history and vendor statuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { VulRef } from './vul-ref.ts';

export const deleteVul = (vulId: number) => coordinationApi.delete(`api/vul/${vulId}/`).then(() => undefined);

/**
 * The refresh is not awaited: the screen leaves the deleted vulnerability (the caller's onSuccess) at once,
 * instead of showing it as missing while the case's lists are read again.
 */
export function useDeleteVul(vul: VulRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVul(vul.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.vuls.all(vul.case) });
    },
  });
}
