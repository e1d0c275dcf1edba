// POST /api/case/thread/{id}/posts/: a new post, or a reply to one (`reply_to`). The thread's posts refresh
// (awaited: the new post shows when the editor is done) and so do the case's thread lists (post counts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createPost = (threadId: number, content: string, replyTo?: number) =>
  coordinationApi
    .post<Post>(`api/case/thread/${threadId}/posts/`, {
      content,
      ...(replyTo !== undefined ? { reply_to: replyTo } : {}),
    })
    .then((r) => r.data);

export function useCreatePost(threadId: number, caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ content, replyTo }: { content: string; replyTo?: number }) =>
      createPost(threadId, content, replyTo),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.threads.posts(threadId) });
      void client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
    },
  });
}
