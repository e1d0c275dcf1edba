// POST /case/{id}/participants/notify/ (these participants) and /notify/all/ (every vendor): the case notice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantsNotified } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshParticipants } from './refresh.ts';

export const notifyParticipants = (id: number, participants: number[]) =>
  coordinationApi
    .post<ParticipantsNotified>(`case/${id}/participants/notify/`, { participants })
    .then((r) => r.data);

export const notifyAllVendors = (id: number) =>
  coordinationApi.post<ParticipantsNotified>(`case/${id}/participants/notify/all/`).then((r) => r.data);

/** Some participants by id, or 'all' vendors; "notified" changes in the list. */
export function useNotifyParticipants(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') =>
      ids === 'all' ? notifyAllVendors(caseId) : notifyParticipants(caseId, ids),
    onSuccess: () => refreshParticipants(client, caseId),
  });
}
