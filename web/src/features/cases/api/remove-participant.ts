// DELETE /api/case/participant/{id}/: removes a participant (they lose access at once).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshParticipants } from './refresh.ts';

export const removeParticipant = (participantId: number) =>
  coordinationApi.delete(`api/case/participant/${participantId}/`).then(() => undefined);

export function useRemoveParticipant(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeParticipant,
    onSuccess: () => refreshParticipants(client, caseId),
  });
}
