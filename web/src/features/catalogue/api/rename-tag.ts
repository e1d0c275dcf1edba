// POST manage/tags/usage/rename/: a tag's new name (and description) on its catalogue row and every case
// or vulnerability carrying it; 409 when another tag has the name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagRename, TagUsage } from '@cvdp/core/catalogue/tag-usage';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshAfterTagChange } from './tag-changes.ts';

export const renameTag = (input: TagRename) =>
  coordinationApi.post<TagUsage>('manage/tags/usage/rename/', input).then((r) => r.data);

export function useRenameTag() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renameTag, onSuccess: () => refreshAfterTagChange(client) });
}
