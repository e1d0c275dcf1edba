// GET /api/case/thread/{id}/posts/: a thread's posts, a page at a time ("Load more"), or those matching a
// search. Reading them marks them read on the server, so the case's thread lists (unread counts) refresh.
import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { POSTS_MAX_PAGE_SIZE, type PageOf, type Post } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const POSTS_PAGE_SIZE = POSTS_MAX_PAGE_SIZE;

/**
 * A page of a thread's posts: the first, or (keyset, for "Load more") the one after the post `after` —
 * every such page costs the server what the first does, however far into the thread.
 */
export const fetchPosts = (threadId: number, after = 0, search = '') =>
  coordinationApi
    .get<PageOf<Post>>(`api/case/thread/${threadId}/posts/`, {
      params: { ...(after ? { after } : {}), page_size: POSTS_PAGE_SIZE, ...(search ? { search } : {}) },
    })
    .then((r) => r.data);

export const threadPostsQuery = (threadId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.threads.postPages(threadId, search),
    queryFn: ({ pageParam }) => fetchPosts(threadId, pageParam, search),
    // 0: the first page; then the last post shown (the server's keyset paging, `after=`).
    initialPageParam: 0,
    getNextPageParam: (last) => (last.next ? last.results.at(-1)?.id : undefined),
  });

/** `refetchInterval`: the polling of useThreadEvents (false while the live stream works). */
export function useThreadPosts(
  threadId: number,
  caseId: number,
  search: string,
  refetchInterval: number | false,
) {
  const client = useQueryClient();
  const pages = useInfiniteQuery({ ...threadPostsQuery(threadId, search), refetchInterval });
  const loaded = pages.data !== undefined;
  useEffect(() => {
    if (loaded) void client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
  }, [loaded, client, caseId]);
  return pages;
}
