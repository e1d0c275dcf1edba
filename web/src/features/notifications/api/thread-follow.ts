// GET/PUT /api/case/thread/{id}/follow/: the caller's choice for one thread (default, follow, mute).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThreadFollow } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const url = (threadId: number) => `api/case/thread/${threadId}/follow/`;

export const useThreadFollow = (threadId: number) =>
  useQuery({
    queryKey: queryKeys.notifications.threadFollow(threadId),
    queryFn: () => coordinationApi.get<ThreadFollow>(url(threadId)).then((r) => r.data),
  });

export function useSetThreadFollow(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadFollow) =>
      coordinationApi.put<ThreadFollow>(url(threadId), body).then((r) => r.data),
    onSuccess: (saved) => client.setQueryData(queryKeys.notifications.threadFollow(threadId), saved),
  });
}
