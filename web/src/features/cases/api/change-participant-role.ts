// PATCH /api/case/participant/{id}/: a participant's new role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseRole, Participant } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshParticipants } from './refresh.ts';

export const changeParticipantRole = (participantId: number, role: CaseRole) =>
  coordinationApi.patch<Participant>(`api/case/participant/${participantId}/`, { role }).then((r) => r.data);

export function useChangeParticipantRole(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; role: CaseRole }) => changeParticipantRole(v.id, v.role),
    onSuccess: () => refreshParticipants(client, caseId),
  });
}
