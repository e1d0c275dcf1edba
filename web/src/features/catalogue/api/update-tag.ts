// PATCH manage/tag/{id}/: name and description; a new name is renamed on every case or vulnerability.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagUpdate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateTag = (id: number, input: TagUpdate) =>
  coordinationApi.patch<Tag>(`manage/tag/${id}/`, input).then((r) => r.data);

export function useUpdateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TagUpdate }) => updateTag(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.tags() }),
  });
}
