// DELETE manage/vul/attributes/{id}/: one no vulnerability holds a value of (else a 409 saying how many do).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteVulAttribute = (id: number) =>
  coordinationApi.delete(`manage/vul/attributes/${id}/`).then(() => undefined);

export function useDeleteVulAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVulAttribute,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.vulAttributes() }),
  });
}
