// DELETE /api/case/thread/post/{id}/: its author or staff remove a post (a "Post removed" marker stays). The
// thread's posts refresh whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deletePost = (postId: number) =>
  coordinationApi.delete(`api/case/thread/post/${postId}/`).then(() => undefined);

export function useDeletePost(postId: number, threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.threads.posts(threadId) }),
  });
}
