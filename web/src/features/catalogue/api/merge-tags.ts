// POST manage/tags/usage/merge/: every carrier of the source carries the target (once); the source is gone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagMerge, TagUsage } from '@cvdp/core/catalogue/tag-usage';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshAfterTagChange } from './tag-changes.ts';

export const mergeTags = (input: TagMerge) =>
  coordinationApi.post<TagUsage>('manage/tags/usage/merge/', input).then((r) => r.data);

export function useMergeTags() {
  const client = useQueryClient();
  return useMutation({ mutationFn: mergeTags, onSuccess: () => refreshAfterTagChange(client) });
}
