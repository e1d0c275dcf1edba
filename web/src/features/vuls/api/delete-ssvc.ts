// DELETE /api/case/vul/{id}/ssvc/ (staff): removes the current decision (the history keeps the removal).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { VulRef } from './vul-ref.ts';

export const deleteSsvc = (vulId: number) =>
  coordinationApi.delete(`api/case/vul/${vulId}/ssvc/`).then(() => undefined);

export function useDeleteSsvc(vul: VulRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSsvc(vul.id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(vul.case) }),
  });
}
