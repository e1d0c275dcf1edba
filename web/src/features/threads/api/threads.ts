// GET /api/case/{id}/threads/ (open, or only official ones) and /api/case/{id}/threads/archived/: a case's
// threads with their unread counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Thread } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Which threads of a case to list: open ones, archived ones, or only official ones. */
export type ThreadFilter = 'open' | 'archived' | 'official';

/** Threads a page: one call covers every thread of all but the busiest cases. */
export const THREADS_PAGE_SIZE = 200;

export const fetchThreads = (caseId: number, filter: ThreadFilter) =>
  coordinationApi
    .get<PageOf<Thread>>(
      filter === 'archived' ? `api/case/${caseId}/threads/archived/` : `api/case/${caseId}/threads/`,
      { params: { page_size: THREADS_PAGE_SIZE, ...(filter === 'official' ? { official: 1 } : {}) } },
    )
    .then((r) => r.data);

export const threadsQuery = (caseId: number, filter: ThreadFilter) =>
  queryOptions({
    queryKey: queryKeys.threads.list(caseId, filter),
    queryFn: () => fetchThreads(caseId, filter),
  });

export const useThreads = (caseId: number, filter: ThreadFilter) => useQuery(threadsQuery(caseId, filter));
