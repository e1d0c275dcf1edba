// DELETE /api/assignments/{id}/: records already assigned stay assigned.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteAssignment = (id: number) =>
  scoringApi.delete(`api/assignments/${id}/`).then(() => undefined);

export function useDeleteAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.assignments() }),
  });
}
