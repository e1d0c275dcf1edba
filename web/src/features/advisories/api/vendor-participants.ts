// GET /api/case/{id}/participants/?role=vendor: the case's vendors, whose product tree overrides the CSAF
// settings hold.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, Participant } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { pageRows } from './page-rows.ts';

export const fetchVendorParticipants = (caseId: number) =>
  coordinationApi
    .get<Participant[] | PageOf<Participant>>(`api/case/${caseId}/participants/`, {
      params: { role: 'vendor', page_size: 200 },
    })
    .then((r) => pageRows(r.data));

export const vendorParticipantsQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.advisories.csafVendors(caseId),
    queryFn: () => fetchVendorParticipants(caseId),
  });

export const useVendorParticipants = (caseId: number) => useQuery(vendorParticipantsQuery(caseId));
