// PATCH manage/vul/attributes/{id}/: any of the fields (the result is checked whole).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulAttribute, VulAttributeUpdate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateVulAttribute = (id: number, input: VulAttributeUpdate) =>
  coordinationApi.patch<VulAttribute>(`manage/vul/attributes/${id}/`, input).then((r) => r.data);

export function useUpdateVulAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: VulAttributeUpdate }) => updateVulAttribute(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.vulAttributes() }),
  });
}
