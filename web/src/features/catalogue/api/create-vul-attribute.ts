// POST manage/vul/attributes/: a new attribute.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulAttribute, VulAttributeCreate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createVulAttribute = (input: VulAttributeCreate) =>
  coordinationApi.post<VulAttribute>('manage/vul/attributes/', input).then((r) => r.data);

export function useCreateVulAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createVulAttribute,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.vulAttributes() }),
  });
}
