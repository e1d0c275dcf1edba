// POST /api/triage/bulk/: one action on several reports in triage; the answer says what happened to each.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkTriage, BulkTriageAnswer } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const bulkTriage = (body: BulkTriage) =>
  coordinationApi.post<BulkTriageAnswer>('api/triage/bulk/', body).then((r) => r.data);

export function useBulkTriage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkTriage,
    // Every list of the desk (the queue, all cases) and any case page open in the cache.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.desk.all() }),
        client.invalidateQueries({ queryKey: ['cases'] }),
      ]),
  });
}
