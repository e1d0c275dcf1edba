// POST /api/case/{id}/vuls/ (staff): a new vulnerability of the case.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulCreateInput, Vulnerability } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createVul = (caseId: number, input: VulCreateInput) =>
  coordinationApi.post<Vulnerability>(`api/case/${caseId}/vuls/`, input).then((r) => r.data);

/** The case's vulnerability queries are read again before the caller's onSuccess runs. */
export function useCreateVul(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VulCreateInput) => createVul(caseId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(caseId) }),
  });
}
