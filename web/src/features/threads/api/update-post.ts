// PATCH /api/case/thread/post/{id}/: its author edits a post's content, or staff pin or unpin it. The post's
// history then has a new version; the thread's posts refresh whatever the answer (a refusal may mean the
// post changed meanwhile).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PostChange = { content: string } | { pinned: boolean };

export const updatePost = (postId: number, change: PostChange) =>
  coordinationApi.patch<Post>(`api/case/thread/post/${postId}/`, change).then((r) => r.data);

export function useUpdatePost(postId: number, threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PostChange) => updatePost(postId, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.threads.history(postId) }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.threads.posts(threadId) }),
  });
}
