// GET /api/case/{id}/participants/: the case's participants, to restrict a new thread to some of them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Participant } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseParticipants = (caseId: number) =>
  coordinationApi
    .get<PageOf<Participant>>(`api/case/${caseId}/participants/`, { params: { page_size: 500 } })
    .then((r) => r.data.results);

export const caseParticipantsQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.threads.caseParticipants(caseId),
    queryFn: () => fetchCaseParticipants(caseId),
  });

/** Loaded only once `enabled` (the new-thread dialog asks when the thread is to be restricted). */
export const useCaseParticipants = (caseId: number, enabled: boolean) =>
  useQuery({ ...caseParticipantsQuery(caseId), enabled });
