// GET /api/case/{id}/participants/: who takes part in the case, 500 a page (the server's cap), so a case
// with hundreds of vendors is one call.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Participant } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PARTICIPANTS_PAGE_SIZE = 500;

export const fetchParticipants = (id: number) =>
  coordinationApi
    .get<PageOf<Participant>>(`api/case/${id}/participants/`, {
      params: { page_size: PARTICIPANTS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const participantsQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.participants(id), queryFn: () => fetchParticipants(id) });

export const useParticipants = (id: number) => useQuery(participantsQuery(id));
