// GET/POST/DELETE /api/case/{id}/advisory/publication/ (staff): the case's scheduled publication (issue 25).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicationSchedule, ScheduleAnswer, ScheduleRequest } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const url = (caseId: number) => `api/case/${caseId}/advisory/publication/`;

export const useSchedule = (caseId: number) =>
  useQuery({
    queryKey: queryKeys.advisories.schedule(caseId),
    queryFn: () => coordinationApi.get<ScheduleAnswer>(url(caseId)).then((r) => r.data.schedule),
  });

export function useScheduleChange(caseId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) });
  return {
    create: useMutation({
      mutationFn: (body: ScheduleRequest) =>
        coordinationApi.post<PublicationSchedule>(url(caseId), body).then((r) => r.data),
      onSuccess,
    }),
    cancel: useMutation({ mutationFn: () => coordinationApi.delete(url(caseId)), onSuccess }),
  };
}
