// GET /api/case/thread/{id}/read/: where the caller stands in the thread — the first post new to them, how
// many are new, the latest post. Read once when the thread opens (the view lands there and shows "N new since
// your last visit"); reading the posts then moves the position on the server, which this answer must not
// follow while the thread is open (the marker stays where it was), hence never refetched on its own.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadRead } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchThreadRead = (threadId: number) =>
  coordinationApi.get<ThreadRead>(`api/case/thread/${threadId}/read/`).then((r) => r.data);

export const threadReadQuery = (threadId: number) =>
  queryOptions({
    queryKey: queryKeys.threads.read(threadId),
    queryFn: () => fetchThreadRead(threadId),
    staleTime: Infinity,
    // Opening the thread again is a new visit: what was new then has been read.
    gcTime: 0,
  });

export const useThreadRead = (threadId: number) => useQuery(threadReadQuery(threadId));
