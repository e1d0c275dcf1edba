// DELETE manage/case/options/resolution/{id}/: one no closed case uses (else a 409 saying how many do).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteResolution = (id: number) =>
  coordinationApi.delete(`manage/case/options/resolution/${id}/`).then(() => undefined);

export function useDeleteResolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteResolution,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.resolutions() }),
  });
}
