// POST /api/case/thread/post/{id}/react/: toggles the caller's reaction on a post. The thread's posts refresh
// whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, Reaction } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const reactToPost = (postId: number, reaction: Reaction) =>
  coordinationApi.post<Post>(`api/case/thread/post/${postId}/react/`, { reaction }).then((r) => r.data);

export function useReactToPost(postId: number, threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reaction: Reaction) => reactToPost(postId, reaction),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.threads.posts(threadId) }),
  });
}
