// GET /api/case/thread/{id}/posts/?pinned=1: the thread's pinned posts, shown above the others.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Post } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { POSTS_PAGE_SIZE } from './thread-posts.ts';

export const fetchPinnedPosts = (threadId: number) =>
  coordinationApi
    .get<PageOf<Post>>(`api/case/thread/${threadId}/posts/`, {
      params: { pinned: 1, page_size: POSTS_PAGE_SIZE },
    })
    .then((r) => r.data.results);

export const pinnedPostsQuery = (threadId: number) =>
  queryOptions({ queryKey: queryKeys.threads.pinned(threadId), queryFn: () => fetchPinnedPosts(threadId) });

/** `refetchInterval`: the polling of useThreadEvents (false while the live stream works). */
export const usePinnedPosts = (threadId: number, refetchInterval: number | false) =>
  useQuery({ ...pinnedPostsQuery(threadId), refetchInterval });
