// POST /api/case/transfers/ (staff): sends the case to another instance.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transfer } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const startTransfer = (caseId: number, connection: number) =>
  coordinationApi.post<Transfer>('api/case/transfers/', { case: caseId, connection }).then((r) => r.data);

/** Every page of the case's transfers and the activity are read again. */
export function useStartTransfer(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (connection: number) => startTransfer(caseId, connection),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['cases', 'transfers', caseId] });
      await client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) });
    },
  });
}
