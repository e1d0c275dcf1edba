// POST /api/case/{id}/participants/: adds people (by email) and groups (by name) with one role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseRole, ParticipantsAdded } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { refreshParticipants } from './refresh.ts';

export const addParticipants = (id: number, names: string[], role: CaseRole) =>
  coordinationApi
    .post<ParticipantsAdded>(`api/case/${id}/participants/`, { names, role })
    .then((r) => r.data);

export function useAddParticipants(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { names: string[]; role: CaseRole }) => addParticipants(caseId, v.names, v.role),
    onSuccess: () => refreshParticipants(client, caseId),
  });
}
