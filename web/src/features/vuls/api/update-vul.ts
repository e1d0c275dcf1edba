// PATCH /api/vul/{id}/ (staff): a change to one vulnerability (any of its fields; attributes merge).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulPatchInput, Vulnerability } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateVul = (vulId: number, change: VulPatchInput) =>
  coordinationApi.patch<Vulnerability>(`api/vul/${vulId}/`, change).then((r) => r.data);

/** The case's vulnerability queries are read again before the caller's onSuccess runs. */
export function useUpdateVul(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vulId, change }: { vulId: number; change: VulPatchInput }) => updateVul(vulId, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(caseId) }),
  });
}
