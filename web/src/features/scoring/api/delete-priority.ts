// DELETE /api/priorities/{id}/: the queue's priorities are recomputed without it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deletePriority = (id: number) =>
  scoringApi.delete(`api/priorities/${id}/`).then(() => undefined);

export function useDeletePriority() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePriority,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.priorities() }),
  });
}
