// GET /api/case/thread/{id}/: one thread (subject, official, archived, restricted).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Thread } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchThread = (threadId: number) =>
  coordinationApi.get<Thread>(`api/case/thread/${threadId}/`).then((r) => r.data);

export const threadQuery = (threadId: number) =>
  queryOptions({ queryKey: queryKeys.threads.detail(threadId), queryFn: () => fetchThread(threadId) });

export const useThread = (threadId: number) => useQuery(threadQuery(threadId));
