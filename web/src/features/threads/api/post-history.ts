// GET /case/thread/post/diff/{id}/: every version of an edited post and the patches between them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostHistory } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchPostHistory = (postId: number) =>
  coordinationApi.get<PostHistory>(`case/thread/post/diff/${postId}/`).then((r) => r.data);

export const postHistoryQuery = (postId: number) =>
  queryOptions({ queryKey: queryKeys.threads.history(postId), queryFn: () => fetchPostHistory(postId) });

export const usePostHistory = (postId: number) => useQuery(postHistoryQuery(postId));
