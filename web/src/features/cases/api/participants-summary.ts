// GET /api/case/{id}/participants/summary/: how many take part, by role, notified and seen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantsSummary } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchParticipantsSummary = (id: number) =>
  coordinationApi.get<ParticipantsSummary>(`api/case/${id}/participants/summary/`).then((r) => r.data);

export const participantsSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.cases.participantsSummary(id),
    queryFn: () => fetchParticipantsSummary(id),
  });

export const useParticipantsSummary = (id: number) => useQuery(participantsSummaryQuery(id));
