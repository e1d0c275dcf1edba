// DELETE manage/connection/{id}/
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteConnection = (id: number) =>
  coordinationApi.delete(`manage/connection/${id}/`).then(() => undefined);

export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() }),
  });
}
