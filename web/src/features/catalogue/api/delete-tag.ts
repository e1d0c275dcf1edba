// DELETE manage/tag/{id}/: one nothing carries (else a 409 saying how many do).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteTag = (id: number) => coordinationApi.delete(`manage/tag/${id}/`).then(() => undefined);

export function useDeleteTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.tags() }),
  });
}
