// POST manage/tags/{kind}/: a new tag of that kind.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagKind } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createTag = (kind: TagKind, input: { name: string; description: string }) =>
  coordinationApi.post<Tag>(`manage/tags/${kind}/`, input).then((r) => r.data);

export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: TagKind; input: { name: string; description: string } }) =>
      createTag(kind, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.tags() }),
  });
}
