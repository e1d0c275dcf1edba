// POST /api/case/{id}/threads/ (staff): a new thread; `participants` (case participant ids) restricts it to
// them. The case's thread lists then show it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Thread } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An empty `participants` is left out: the thread is then open to every participant (the server refuses []). */
export const createThread = (caseId: number, subject: string, participants: number[]) =>
  coordinationApi
    .post<Thread>(`api/case/${caseId}/threads/`, {
      subject,
      ...(participants.length ? { participants } : {}),
    })
    .then((r) => r.data);

export function useCreateThread(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, participants }: { subject: string; participants: number[] }) =>
      createThread(caseId, subject, participants),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) }),
  });
}
