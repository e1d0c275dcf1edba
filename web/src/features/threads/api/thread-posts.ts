// GET /api/case/thread/{id}/posts/: a thread's posts, a page at a time, or those matching a search. A thread
// opens at a post (the first new one, the latest, the one just written: `around`) and loads newer pages
// after it and older ones before it (keyset: `after` / `before`), so a 20,000-post thread opens at its first
// unread post without the pages before it. Reading marks posts read on the server, so the case's thread
// lists (unread counts) refresh.
import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { POSTS_MAX_PAGE_SIZE, type PostsPage } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const POSTS_PAGE_SIZE = POSTS_MAX_PAGE_SIZE;

/**
 * A page of a thread's posts: the first, or (keyset, for "Load more") the one after the post `after` —
 * every such page costs the server what the first does, however far into the thread.
 */
export const fetchPosts = (threadId: number, after = 0, search = '') =>
  coordinationApi
    .get<PostsPage>(`api/case/thread/${threadId}/posts/`, {
      params: { ...(after ? { after } : {}), page_size: POSTS_PAGE_SIZE, ...(search ? { search } : {}) },
    })
    .then((r) => r.data);

/** The page holding the post `around`, or the page before the post `before`. */
export type PostsAt = { around: number } | { before: number };

export const fetchPostsAt = (threadId: number, at: PostsAt) =>
  coordinationApi
    .get<PostsPage>(`api/case/thread/${threadId}/posts/`, { params: { ...at, page_size: POSTS_PAGE_SIZE } })
    .then((r) => r.data);

/** Which page to ask for: after a post (0: the first page), or at / before one. */
type PageParam = { after: number } | PostsAt;

const fetchPage = (threadId: number, search: string, p: PageParam) =>
  'after' in p ? fetchPosts(threadId, p.after, search) : fetchPostsAt(threadId, p);

/** `around`: the post to open at (null: the thread's first page). A search always starts at its first match. */
export function threadPostsQuery(threadId: number, search: string, around: number | null = null) {
  // A function's answer, so the type is the whole union (a const would be narrowed to its two cases).
  const first = (): PageParam => (around !== null && !search ? { around } : { after: 0 });
  return infiniteQueryOptions({
    queryKey: queryKeys.threads.postPages(threadId, search, search ? null : around),
    queryFn: ({ pageParam }) => fetchPage(threadId, search, pageParam),
    initialPageParam: first(),
    getNextPageParam: (last): PageParam | undefined => {
      const id = last.results.at(-1)?.id;
      return last.next && id !== undefined ? { after: id } : undefined;
    },
    getPreviousPageParam: (first): PageParam | undefined => {
      const id = first.results[0]?.id;
      return first.previous && id !== undefined ? { before: id } : undefined;
    },
  });
}

/** `refetchInterval`: the polling of useThreadEvents (false while the live stream works). */
export function useThreadPosts(
  threadId: number,
  caseId: number,
  search: string,
  refetchInterval: number | false,
  around: number | null = null,
  enabled = true,
) {
  const client = useQueryClient();
  const pages = useInfiniteQuery({
    ...threadPostsQuery(threadId, search, around),
    refetchInterval,
    enabled,
  });
  const loaded = pages.data !== undefined;
  useEffect(() => {
    if (loaded) void client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
  }, [loaded, client, caseId]);
  return pages;
}
