// POST manage/tags/usage/remove/: the tag off every case or vulnerability and out of the catalogue; the
// answer says how many carried it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagRemove, TagRemoved } from '@cvdp/core/catalogue/tag-usage';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshAfterTagChange } from './tag-changes.ts';

export const removeTag = (input: TagRemove) =>
  coordinationApi.post<TagRemoved>('manage/tags/usage/remove/', input).then((r) => r.data);

export function useRemoveTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeTag, onSuccess: () => refreshAfterTagChange(client) });
}
