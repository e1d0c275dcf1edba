// PATCH /api/case/thread/{id}/ (staff): subject, official or archived. The answer is the thread as it now
// stands; the case's thread lists show the change too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Thread } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ThreadChange = { subject?: string; official?: boolean; archived?: boolean };

export const updateThread = (threadId: number, change: ThreadChange) =>
  coordinationApi.patch<Thread>(`api/case/thread/${threadId}/`, change).then((r) => r.data);

export function useUpdateThread(threadId: number, caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ThreadChange) => updateThread(threadId, change),
    onSuccess: (thread) => {
      client.setQueryData(queryKeys.threads.detail(threadId), thread);
      void client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
    },
  });
}
